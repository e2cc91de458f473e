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

import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A byte-rate model of a slow device (the "modelled HDD" of {@link BurstScenario}): every read or
 * write, once done, is queued behind the transfers before it at the device's rate and parks until
 * its own transfer would have completed, so all the channels of a tier share one bandwidth in
 * arrival order. A device idle for a while has up to a tenth of a second of transfer time banked.
 * Thread-safe.
 */
final class Throttle {

  private final long bytesPerSecond;
  private final double nanosPerByte;
  private final long creditNanos;
  private long nextFreeNanos;
  private long bytes;

  /** A throttle of {@code bytesPerSecond}; 0 or less means none. */
  Throttle(long bytesPerSecond) {
    this.bytesPerSecond = bytesPerSecond;
    this.nanosPerByte =
        bytesPerSecond <= 0 ? 0 : (double) TimeUnit.SECONDS.toNanos(1) / bytesPerSecond;
    this.creditNanos = TimeUnit.MILLISECONDS.toNanos(100);
  }

  long bytesPerSecond() {
    return bytesPerSecond;
  }

  /** Waits until {@code count} bytes may move. */
  void acquire(long count) throws InterruptedIOException {
    long waitUntil;
    synchronized (this) {
      bytes += count;
      if (nanosPerByte == 0 || count <= 0) {
        return;
      }
      long now = System.nanoTime();
      long start = Math.max(nextFreeNanos, now - creditNanos);
      nextFreeNanos = start + (long) (count * nanosPerByte);
      waitUntil = nextFreeNanos;
    }
    long waitNanos;
    while ((waitNanos = waitUntil - System.nanoTime()) > 0) {
      LockSupport.parkNanos(waitNanos);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException(
            "interrupted in the modelled device's queue: bytes=" + count);
      }
    }
  }

  /** Bytes that went through so far. */
  synchronized long bytes() {
    return bytes;
  }
}
