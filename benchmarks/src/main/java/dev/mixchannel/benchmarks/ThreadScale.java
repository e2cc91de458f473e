/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.mixchannel.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * Goal P14 on a loaded machine: the targets of {@link ThreadScaleBenchmark} (1 KiB appends, each
 * writer on its own key of one manager, or of one {@code PmemTier}), with each writer's CPU time
 * per append measured ({@code ThreadMXBean}), one writer against two. Wall-clock throughput on
 * cores other jobs share measures the scheduler's share; CPU time per append measures what the
 * writers cost each other (contended locks, shared counters, cache lines bouncing): with it
 * unchanged, two writers on two free cores make twice the appends. Estimate: 2 × CPU per append of
 * one writer / CPU per append of two.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.ThreadScale [seconds]
 * </pre>
 */
public final class ThreadScale {

  private ThreadScale() {}

  /**
   * Runs and prints the estimates.
   *
   * @param args the seconds per measurement (default 5)
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    long millis = (args.length > 0 ? Long.parseLong(args[0]) : 5) * 1000;
    System.out.println(Machine.describe());
    ThreadScaleBenchmark.SharedManager manager = new ThreadScaleBenchmark.SharedManager();
    ThreadScaleBenchmark.SharedTier tier = new ThreadScaleBenchmark.SharedTier();
    manager.setUp();
    tier.setUp();
    try {
      report("MixChannel", millis, i -> open(() -> manager.open(i)));
      report("PMem channel", millis, i -> open(() -> tier.open(i)));
    } finally {
      manager.tearDown();
      tier.tearDown();
    }
  }

  private interface Opener {
    FileChannel open() throws IOException;
  }

  private static FileChannel open(Opener opener) {
    try {
      return opener.open();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void report(String what, long millis, IntFunction<FileChannel> keys)
      throws Exception {
    run(1, millis, keys, 100); // warm-up: the JIT, the pool's extents
    run(2, millis, keys, 200);
    double one = run(1, millis, keys, 0);
    double two = run(2, millis, keys, 10);
    System.out.printf(
        Locale.ROOT,
        "P14 %-12s CPU per 1 KiB append: one writer %.1f ns, two writers %.1f ns each:"
            + " two / one writers = %.2fx on two free cores (goal >= 1.8x)%n",
        what,
        one,
        two,
        2 * one / two);
  }

  /** Runs {@code writers} threads on their own keys; returns CPU nanoseconds per append. */
  private static double run(int writers, long millis, IntFunction<FileChannel> keys, int keyBase)
      throws Exception {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong cpu = new AtomicLong();
    AtomicLong appends = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    for (int w = 0; w < writers; w++) {
      FileChannel channel = keys.apply(keyBase + w);
      Thread t =
          new Thread(
              () -> {
                try (channel) {
                  RollingAppender appender = new RollingAppender(channel);
                  ByteBuffer record = Records.direct(ThreadScaleBenchmark.RECORD_BYTES);
                  long start = mx.getCurrentThreadCpuTime();
                  long n = 0;
                  while (!stop.get()) {
                    for (int i = 0; i < 1000; i++) {
                      appender.append(record);
                    }
                    n += 1000;
                  }
                  cpu.addAndGet(mx.getCurrentThreadCpuTime() - start);
                  appends.addAndGet(n);
                } catch (Throwable e) {
                  failures.add(e);
                }
              },
              "writer-" + w);
      threads.add(t);
    }
    threads.forEach(Thread::start);
    Thread.sleep(millis);
    stop.set(true);
    for (Thread t : threads) {
      t.join(60_000);
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException("a writer failed", failures.get(0));
    }
    return (double) cpu.get() / appends.get();
  }
}
