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

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * A count for each constant of an enum, and the last error: the migration counters of the manager
 * ({@link ManagerCounters}) and of each tier ({@link TierCounters}) are one of these each. Counts
 * are {@link LongAdder}s (cheap to add to from many threads, summed on read). Thread-safe.
 *
 * @param <E> what is counted
 */
class EventCounts<E extends Enum<E>> {
  private final LongAdder[] counts;
  private final AtomicReference<String> lastError = new AtomicReference<>("");

  /**
   * Counts starting at zero, no error.
   *
   * @param events what is counted
   */
  EventCounts(Class<E> events) {
    counts = new LongAdder[events.getEnumConstants().length];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = new LongAdder();
    }
  }

  /** Adds one to a count. */
  final void increment(E event) {
    counts[event.ordinal()].increment();
  }

  /** Adds to a count. */
  final void add(E event, long n) {
    counts[event.ordinal()].add(n);
  }

  /** A count now. */
  final long count(E event) {
    return counts[event.ordinal()].sum();
  }

  /** Records the message of an error as the last error. */
  final void lastError(String message) {
    lastError.set(message);
  }

  /** The last recorded error's message, or an empty string. */
  final String lastError() {
    return lastError.get();
  }
}
