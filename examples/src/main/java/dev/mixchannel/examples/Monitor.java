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
package dev.mixchannel.examples;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * Takes a {@link Sample} five times a second on its own thread (the demo samples its tier manager,
 * producer and consumer), keeps the samples for the chart, and draws the status line: redrawn in
 * place with {@code \r} on a terminal, one line every five seconds otherwise (a log file, CI).
 * {@link #close()} stops it and ends the line.
 */
final class Monitor implements AutoCloseable {

  private static final long PERIOD_MILLIS = 200;
  private static final long LOG_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final LongFunction<Sample> sampler;
  private final PrintWriter out;
  private final boolean interactive;
  private final double threshold;
  private final long startNanos = System.nanoTime();
  private final List<Sample> samples = new ArrayList<>();
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "demo-monitor");
            t.setDaemon(true);
            return t;
          });
  private long lastPrintNanos;
  private boolean closed;

  /**
   * A monitor, not started yet.
   *
   * @param sampler takes a sample, given the nanoseconds since the monitor was made
   * @param out where the status line goes
   * @param interactive whether {@code out} is a terminal (redraw in place)
   * @param threshold the migration threshold the status line shows, or -1
   */
  Monitor(LongFunction<Sample> sampler, PrintWriter out, boolean interactive, double threshold) {
    this.sampler = sampler;
    this.out = out;
    this.interactive = interactive;
    this.threshold = threshold;
  }

  void start() {
    executor.scheduleAtFixedRate(this::tick, 0, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
  }

  private synchronized void tick() {
    if (closed) {
      return;
    }
    Sample s = take();
    samples.add(s);
    String line = StatusLine.format(s, threshold);
    if (interactive) {
      out.print("\r" + pad(line));
      out.flush();
    } else if (s.elapsedNanos() - lastPrintNanos >= LOG_PERIOD_NANOS) {
      lastPrintNanos = s.elapsedNanos();
      out.println(line);
    }
  }

  private Sample take() {
    return sampler.apply(System.nanoTime() - startNanos);
  }

  private static String pad(String line) {
    StringBuilder b = new StringBuilder(StatusLine.WIDTH).append(line);
    while (b.length() < StatusLine.WIDTH) {
      b.append(' ');
    }
    return b.toString();
  }

  /**
   * The samples taken so far, oldest first.
   *
   * @return a copy
   */
  synchronized List<Sample> samples() {
    return new ArrayList<>(samples);
  }

  /**
   * Takes a last sample, prints the final status line and stops the thread. Idempotent. When
   * interrupted while the thread stops, it still takes the last sample and keeps the interrupt
   * status set for the caller.
   */
  @Override
  public void close() {
    executor.shutdown();
    try {
      executor.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (closed) {
        return;
      }
      Sample s = take();
      samples.add(s);
      closed = true;
      String line = StatusLine.format(s, threshold);
      out.println(interactive ? "\r" + pad(line) : line);
      out.flush();
    }
  }
}
