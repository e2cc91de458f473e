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
package dev.mixchannel.tiering;

import java.util.List;

/**
 * A snapshot of a tier manager: each tier's occupancy and the migration counters since it opened.
 *
 * @param tiers the tiers, fastest first
 * @param migrationsUp completed promotions (to a faster tier)
 * @param migrationsDown completed demotions (to a slower tier), spills included
 * @param bytesMigrated bytes copied by completed migrations
 * @param spills channels moved to a slower tier inside a write because the fast tier was full
 * @param migrationFailures migrations that failed and were rolled back
 */
public record MixChannelStats(
    List<TierStats> tiers,
    long migrationsUp,
    long migrationsDown,
    long bytesMigrated,
    long spills,
    long migrationFailures) {

  /**
   * Copies the tier list.
   *
   * @param tiers the tiers
   * @param migrationsUp promotions
   * @param migrationsDown demotions
   * @param bytesMigrated bytes copied
   * @param spills spills
   * @param migrationFailures failed migrations
   */
  public MixChannelStats {
    tiers = List.copyOf(tiers);
  }

  /**
   * Finds a tier's stats by name.
   *
   * @param name the tier name
   * @return the stats
   * @throws IllegalArgumentException when no tier has that name
   */
  public TierStats tier(String name) {
    for (TierStats tier : tiers) {
      if (tier.name().equals(name)) {
        return tier;
      }
    }
    throw new IllegalArgumentException("unknown tier: name=" + name);
  }
}
