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
package dev.mixchannel.pmem.internal;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/** The bounded wait the extent monitors ({@link ExtentAllocator}, {@link ScrubHandoff}) share. */
final class ConditionWaits {

  private ConditionWaits() {}

  /**
   * Takes {@code lock} and waits on {@code condition} until {@code done} holds or the time is up.
   * An interrupt ends the wait: the thread's interrupt status is set again and {@code done} answers
   * as it is then. Thread-safe.
   *
   * @param lock the lock {@code condition} belongs to; not held by the caller
   * @param condition what signals a change of {@code done}
   * @param done the wait's end, read under {@code lock}
   * @param timeoutNanos the longest wait
   * @return whether {@code done} holds
   */
  static boolean await(
      ReentrantLock lock, Condition condition, BooleanSupplier done, long timeoutNanos) {
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
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return done.getAsBoolean();
    } finally {
      lock.unlock();
    }
  }
}
