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
package dev.mixchannel.examples;

import dev.mixchannel.api.Keys;
import dev.mixchannel.tiering.KeySnapshot;
import dev.mixchannel.tiering.MigrationPolicy;
import dev.mixchannel.tiering.MigrationRequest;
import dev.mixchannel.tiering.PolicySnapshot;
import dev.mixchannel.tiering.TierStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A custom {@link MigrationPolicy}: keeps the newest {@code hotSegments} segments of every log
 * (every key directory, such as a Kafka partition) on the fastest tier and moves every older one to
 * the second tier, whatever the tiers' occupancy. Segment keys sort by age, as Kafka's zero-padded
 * offsets do.
 *
 * <p>Compare it with the default {@link dev.mixchannel.tiering.WatermarkPolicy}, which looks at
 * occupancy instead. Like every policy it only proposes: the manager drops requests for keys that
 * are already moving, and a promotion that does not fit fails and backs off. Stateless and
 * thread-safe.
 */
public final class KeepNewestPolicy implements MigrationPolicy {

  private static final Comparator<KeySnapshot> NEWEST_FIRST =
      Comparator.comparing(KeySnapshot::key).reversed();

  private final int hotSegments;

  /**
   * Creates the policy.
   *
   * @param hotSegments how many of each log's newest segments stay on the fastest tier, at least 1
   * @throws IllegalArgumentException when {@code hotSegments < 1}
   */
  public KeepNewestPolicy(int hotSegments) {
    if (hotSegments < 1) {
      throw new IllegalArgumentException(
          "hotSegments must be at least 1: hotSegments=" + hotSegments);
    }
    this.hotSegments = hotSegments;
  }

  @Override
  public List<MigrationRequest> decide(PolicySnapshot snapshot) {
    List<TierStats> tiers = snapshot.tiers();
    if (tiers.size() < 2) {
      return List.of();
    }
    TierStats hot = tiers.get(0);
    String cold = tiers.get(1).name();
    long hotFreeBytes = hot.capacityBytes() - hot.usedBytes();
    Map<String, List<KeySnapshot>> logs = new TreeMap<>();
    for (KeySnapshot s : snapshot.keys()) {
      logs.computeIfAbsent(Keys.parent(s.key()), k -> new ArrayList<>()).add(s);
    }
    List<MigrationRequest> demotions = new ArrayList<>();
    List<MigrationRequest> promotions = new ArrayList<>();
    for (List<KeySnapshot> segments : logs.values()) {
      segments.sort(NEWEST_FIRST);
      // Oldest first for demotions, newest first for promotions.
      for (int i = segments.size() - 1; i >= hotSegments; i--) {
        KeySnapshot s = segments.get(i);
        if (s.pickable() && s.tierName().equals(hot.name())) {
          demotions.add(new MigrationRequest(s.key(), cold));
          hotFreeBytes += s.sizeBytes();
        }
      }
      for (int i = 0; i < Math.min(hotSegments, segments.size()); i++) {
        KeySnapshot s = segments.get(i);
        if (s.pickable() && s.tierName().equals(cold) && s.sizeBytes() <= hotFreeBytes) {
          promotions.add(new MigrationRequest(s.key(), hot.name()));
          hotFreeBytes -= s.sizeBytes();
        }
      }
    }
    // Demotions first: they make the room the promotions need.
    demotions.addAll(promotions);
    return demotions;
  }

  @Override
  public String toString() {
    return "KeepNewestPolicy[hotSegments=" + hotSegments + "]";
  }
}
