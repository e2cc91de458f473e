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
package dev.mixchannel.common;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * The two moves of a monitor made of a {@link ReentrantLock} and its {@link Condition}s, written
 * once: change the state and wake the waiters; wait, bounded, until the state is what the waiter
 * wants. Stateless; thread-safe.
 */
public final class Monitors {

  private Monitors() {}

  /**
   * Takes {@code lock}, changes the state and wakes every waiter of {@code condition}.
   *
   * @param lock the lock {@code condition} belongs to; not held by the caller
   * @param condition what the waiters wait on
   * @param change the change, run under {@code lock}
   */
  public static void signalAll(ReentrantLock lock, Condition condition, Runnable change) {
    lock.lock();
    try {
      change.run();
      condition.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Takes {@code lock} and waits on {@code condition} until {@code done} holds or the time is up.
   * An interrupt ends the wait: the thread's interrupt status is set again and {@code done} answers
   * as it is then.
   *
   * @param lock the lock {@code condition} belongs to; not held by the caller
   * @param condition what signals a change of {@code done}
   * @param done the wait's end, read under {@code lock}
   * @param timeoutNanos the longest wait
   * @return whether {@code done} holds
   */
  public static boolean await(
      ReentrantLock lock, Condition condition, BooleanSupplier done, long timeoutNanos) {
    try {
      return awaitInterruptibly(lock, condition, done, timeoutNanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      lock.lock();
      try {
        return done.getAsBoolean();
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * As {@link #await}, but an interrupt is thrown.
   *
   * @param lock the lock {@code condition} belongs to; not held by the caller
   * @param condition what signals a change of {@code done}
   * @param done the wait's end, read under {@code lock}
   * @param timeoutNanos the longest wait
   * @return whether {@code done} holds
   * @throws InterruptedException when interrupted while waiting
   */
  public static boolean awaitInterruptibly(
      ReentrantLock lock, Condition condition, BooleanSupplier done, long timeoutNanos)
      throws InterruptedException {
    lock.lock();
    try {
      long left = timeoutNanos;
      while (!done.getAsBoolean()) {
        if (left <= 0) {
          return false;
        }
        left = condition.awaitNanos(left);
      }
      return true;
    } finally {
      lock.unlock();
    }
  }
}
