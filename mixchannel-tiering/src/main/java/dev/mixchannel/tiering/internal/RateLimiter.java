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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.common.Monitors;
import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A token bucket shared by the copy workers: each caller reserves the next free slot of the
 * configured byte rate and waits (on a condition, woken by {@link #close()}) until it starts. A
 * caller is never charged for more than it asked. Thread-safe.
 */
final class RateLimiter implements AutoCloseable {
  private double nanosPerByte;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition closedSignal = lock.newCondition();
  private long nextFreeNanos;
  private boolean closed;

  /**
   * Creates a limiter.
   *
   * @param bytesPerSecond the rate, or {@code -1} (any value {@code <= 0}) for none
   */
  public RateLimiter(long bytesPerSecond) {
    this.nanosPerByte = nanosPerByte(bytesPerSecond);
  }

  private static double nanosPerByte(long bytesPerSecond) {
    return bytesPerSecond <= 0 ? 0 : (double) TimeUnit.SECONDS.toNanos(1) / bytesPerSecond;
  }

  /**
   * Changes the rate; copies waiting now keep the slot they were given.
   *
   * @param bytesPerSecond the rate, or {@code -1} (any value {@code <= 0}) for none
   */
  public void setRate(long bytesPerSecond) {
    lock.lock();
    try {
      nanosPerByte = nanosPerByte(bytesPerSecond);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits until {@code bytes} may be copied.
   *
   * @param bytes the bytes about to be copied
   * @return {@code false} when the limiter was closed (the caller should stop)
   * @throws InterruptedIOException when the thread is interrupted while waiting
   */
  public boolean acquire(long bytes) throws InterruptedIOException {
    lock.lock();
    try {
      if (nanosPerByte == 0 || closed) {
        return !closed;
      }
      long now = System.nanoTime();
      long start = Math.max(now, nextFreeNanos);
      nextFreeNanos = start + (long) (bytes * nanosPerByte);
      long waitNanos = start - now;
      while (waitNanos > 0 && !closed) {
        waitNanos = closedSignal.awaitNanos(waitNanos);
      }
      return !closed;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while rate-limited: bytes=" + bytes);
    } finally {
      lock.unlock();
    }
  }

  /** Wakes every waiter; later calls return {@code false} at once. Idempotent. */
  @Override
  public void close() {
    Monitors.signalAll(lock, closedSignal, () -> closed = true);
  }
}
