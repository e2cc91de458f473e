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
package dev.mixchannel.kafka.internal;

/** Counts the segment channels handed to Kafka, so the shutdown hook can wait for the last. */
final class OpenSegments {
  private long open;

  synchronized void opened() {
    open++;
  }

  synchronized void closed() {
    open--;
    if (open == 0) {
      notifyAll();
    }
  }

  /**
   * Waits until none is open.
   *
   * @param timeoutNanos the longest wait
   * @return whether none is open
   * @throws InterruptedException when interrupted
   */
  synchronized boolean awaitNone(long timeoutNanos) throws InterruptedException {
    long deadline = System.nanoTime() + timeoutNanos;
    while (open > 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }
}
