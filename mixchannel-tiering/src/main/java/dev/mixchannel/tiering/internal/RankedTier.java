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

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.TierStats;

/**
 * A tier of the manager with its position in the speed order and its counters.
 *
 * @param index the position, 0 for the fastest
 * @param tier the tier
 * @param counters its migration counters
 * @param room whether it is known to be full
 */
record RankedTier(int index, StorageTier tier, TierCounters counters, TierRoom room) {

  /**
   * The tier's name.
   *
   * @return the name
   */
  public String name() {
    return tier.name();
  }

  /**
   * The tier's kind.
   *
   * @return the kind
   */
  public TierKind kind() {
    return tier.kind();
  }

  /**
   * Whether this tier is faster than another.
   *
   * @param other the other tier
   * @return {@code true} when this one comes first in the configuration
   */
  public boolean fasterThan(RankedTier other) {
    return index < other.index;
  }

  /**
   * The tier's occupancy now.
   *
   * @param keyCount the keys on it
   * @param high the high watermark
   * @param low the low watermark
   * @return the stats
   */
  public TierStats stats(long keyCount, double high, double low) {
    return new TierStats(
        name(),
        kind(),
        tier.capacityBytes(),
        tier.usedBytes(),
        keyCount,
        high,
        low,
        tier.allocationUnitBytes());
  }

  @Override
  public String toString() {
    return tier.name();
  }
}
