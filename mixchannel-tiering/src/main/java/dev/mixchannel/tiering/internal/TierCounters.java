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

/**
 * Migration counters of one tier, and the histograms of its forces and allocation waits.
 * Thread-safe.
 */
final class TierCounters extends EventCounts<TierCounters.Count> {

  /** What a tier counts. */
  enum Count {
    /** Completed migrations into the tier from a slower one. */
    MIGRATIONS_IN,
    /** Completed migrations out of the tier to a slower one, spills included. */
    MIGRATIONS_OUT,
    /** Spills out of the tier. */
    SPILLS
  }

  final WindowedHistogram forceLatencyMicros = new WindowedHistogram();
  final WindowedHistogram allocationWaitMicros = new WindowedHistogram();

  TierCounters() {
    super(Count.class);
  }
}
