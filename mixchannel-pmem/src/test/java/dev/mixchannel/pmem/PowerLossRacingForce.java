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
package dev.mixchannel.pmem;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code force()} racing writes of the same file, on two threads, with the model kept sound: the
 * force reports what it saw when it started and is installed only when it returns; the writes
 * report themselves as usual. {@link #forceWhile} lets the scheduler interleave them; {@link
 * #writeInsideForce} makes the writes happen between the force's flush of the data and its flush of
 * the SIZE word, when the force holds no lock that keeps them out.
 */
final class PowerLossRacingForce {

  /** Work on the workload's channels. */
  @FunctionalInterface
  interface Writes {
    /** Runs the writes. */
    void run() throws Exception;
  }

  /**
   * How long the force waits for the writes it lets in. A force that keeps writers out (holding the
   * file's lock while it flushes) makes them wait for it; after this bound the force goes on and
   * the writes finish after it, which the model accepts just as well.
   */
  static final long LET_IN_MILLIS = 2_000;

  private PowerLossRacingForce() {}

  /** Forces {@code file} on a second thread while {@code writes} run on this one. */
  static void forceWhile(PowerLossDriver driver, int file, Writes writes) throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread forcer =
        new Thread(
            () -> {
              try {
                driver.force(file);
              } catch (Throwable t) {
                failure.set(t);
              }
            },
            "powerloss-forcer");
    forcer.start();
    try {
      writes.run();
    } finally {
      forcer.join();
    }
    rethrow(failure.get());
  }

  /**
   * Forces {@code file} on this thread; when the force flushes its first data range, {@code writes}
   * run on a second thread and the force waits for them (at most {@link #LET_IN_MILLIS}). When the
   * force flushes no data range on this thread, the writes run after it.
   */
  static void writeInsideForce(
      PowerLossDriver driver, PowerLossMemory memory, int file, Writes writes) throws Exception {
    Thread forcing = Thread.currentThread();
    AtomicBoolean fired = new AtomicBoolean();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicReference<Thread> writer = new AtomicReference<>();
    PowerLossMemory.FlushListener hook =
        new PowerLossMemory.FlushListener() {
          @Override
          public void beforeFlush(PowerLossMemory m, long offset, long length) {}

          @Override
          public void afterFlush(PowerLossMemory m, long offset, long length) {
            if (Thread.currentThread() != forcing
                || offset < m.dataOffset()
                || !fired.compareAndSet(false, true)) {
              return;
            }
            Thread w =
                new Thread(
                    () -> {
                      try {
                        writes.run();
                      } catch (Throwable t) {
                        failure.set(t);
                      }
                    },
                    "powerloss-writer");
            writer.set(w);
            w.start();
            try {
              w.join(LET_IN_MILLIS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        };
    memory.listen(hook);
    try {
      driver.force(file);
    } finally {
      memory.unlisten(hook);
      Thread w = writer.get();
      if (w != null) {
        w.join();
      }
    }
    rethrow(failure.get());
    if (!fired.get()) {
      // A force that flushes no data range on this thread leaves no window: write after it.
      writes.run();
    }
  }

  private static void rethrow(Throwable t) throws Exception {
    if (t instanceof Exception e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
  }
}
