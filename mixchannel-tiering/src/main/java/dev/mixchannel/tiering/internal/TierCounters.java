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

/** Migration counters of one tier. Thread-safe. */
final class TierCounters {
  final LongAdder migrationsIn = new LongAdder();
  final LongAdder migrationsOut = new LongAdder();
  final LongAdder spills = new LongAdder();
  final AtomicReference<String> lastError = new AtomicReference<>("");
  final WindowedHistogram forceLatencyMicros = new WindowedHistogram();
  final WindowedHistogram allocationWaitMicros = new WindowedHistogram();

  /**
   * Completed migrations into the tier from a slower one.
   *
   * @return the count
   */
  public long migrationsIn() {
    return migrationsIn.sum();
  }

  /**
   * Completed migrations out of the tier to a slower one, spills included.
   *
   * @return the count
   */
  public long migrationsOut() {
    return migrationsOut.sum();
  }

  /**
   * Spills out of the tier.
   *
   * @return the count
   */
  public long spills() {
    return spills.sum();
  }

  /**
   * The last error recorded for the tier.
   *
   * @return its message, or an empty string
   */
  public String lastError() {
    return lastError.get();
  }
}
