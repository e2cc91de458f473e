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

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The default {@link MigrationPolicy}: keeps each tier's used fraction between its watermarks.
 *
 * <p>A key counts on a tier as the room it takes there ({@link TierStats#roomFor}: whole extents on
 * a PMem tier), so what the policy moves fits. For each adjacent pair of tiers (i, i+1), with
 * projected usage (the snapshot's usage adjusted for migrations in flight and for the requests
 * already made in this round), demotions first from the slowest pair up (so a full middle tier
 * makes room before the tier above demotes into it), then promotions from the fastest pair down:
 *
 * <ul>
 *   <li>while tier i is above {@code high × capacity}, demote its oldest sealed keys (least recent
 *       write first, then the smaller key) to tier i+1 until it is at or below {@code low ×
 *       capacity}; a key that does not fit on tier i+1 is skipped;
 *   <li>when tier i did not demote in this round, while it is below {@code low × capacity}, promote
 *       tier i+1's newest keys (most recent write first, then the greater key) that keep tier i at
 *       or below {@code low × capacity}.
 * </ul>
 *
 * <p>With {@code high > low} the gap is a hysteresis band: nothing moves while usage stays inside
 * it. A key is picked at most once per round, and keys whose migration is in flight or backing off
 * are never picked. Stateless and thread-safe.
 */
public final class WatermarkPolicy implements MigrationPolicy {

  private static final Comparator<KeySnapshot> OLDEST_FIRST =
      Comparator.comparingLong(KeySnapshot::lastWriteMillis).thenComparing(KeySnapshot::key);

  private static final Comparator<KeySnapshot> NEWEST_FIRST = OLDEST_FIRST.reversed();

  /** Creates the policy; the watermarks come from each {@link TierStats}. */
  public WatermarkPolicy() {}

  @Override
  public List<MigrationRequest> decide(PolicySnapshot snapshot) {
    List<TierStats> tiers = snapshot.tiers();
    Map<String, Integer> tierIndex = new HashMap<>();
    for (int i = 0; i < tiers.size(); i++) {
      tierIndex.put(tiers.get(i).name(), i);
    }
    long[] used = new long[tiers.size()];
    for (int i = 0; i < used.length; i++) {
      used[i] = tiers.get(i).usedBytes();
    }
    List<List<KeySnapshot>> byTier = new ArrayList<>();
    tiers.forEach(t -> byTier.add(new ArrayList<>()));
    for (KeySnapshot key : snapshot.keys()) {
      Integer at = tierIndex.get(key.tierName());
      if (at == null) {
        continue;
      }
      byTier.get(at).add(key);
      Integer target = key.migrationTarget() == null ? null : tierIndex.get(key.migrationTarget());
      if (key.migrating() && target != null) {
        used[at] -= tiers.get(at).roomFor(key.sizeBytes());
        used[target] += tiers.get(target).roomFor(key.sizeBytes());
      }
    }
    Round round = new Round(tiers, used);
    boolean[] demoted = new boolean[tiers.size()];
    for (int i = tiers.size() - 2; i >= 0; i--) {
      TierStats tier = tiers.get(i);
      if (used[i] > tier.highWatermark() * tier.capacityBytes()) {
        demoted[i] = true;
        round.demote(byTier.get(i), i, low(tier));
      }
    }
    for (int i = 0; i + 1 < tiers.size(); i++) {
      if (!demoted[i] && used[i] < low(tiers.get(i))) {
        round.promote(byTier.get(i + 1), i, low(tiers.get(i)));
      }
    }
    return round.requests;
  }

  private static double low(TierStats tier) {
    return tier.lowWatermark() * tier.capacityBytes();
  }

  /** One round's picks: the tiers' projected use as keys are picked, and the requests so far. */
  private static final class Round {
    private final List<TierStats> tiers;
    private final long[] used;
    private final Set<String> picked = new HashSet<>();
    private final List<MigrationRequest> requests = new ArrayList<>();

    Round(List<TierStats> tiers, long[] used) {
      this.tiers = tiers;
      this.used = used;
    }

    /** Oldest sealed keys of tier {@code i} down to tier {@code i + 1}, until {@code low}. */
    void demote(List<KeySnapshot> onTier, int i, double low) {
      TierStats to = tiers.get(i + 1);
      for (KeySnapshot s : candidates(onTier, true, picked, OLDEST_FIRST)) {
        if (used[i] <= low) {
          return;
        }
        if (used[i + 1] + to.roomFor(s.sizeBytes()) <= to.capacityBytes()) {
          move(s, i, i + 1);
        }
      }
    }

    /** Newest keys of tier {@code i + 1} up to tier {@code i}, as long as it stays under low. */
    void promote(List<KeySnapshot> onNext, int i, double low) {
      TierStats to = tiers.get(i);
      for (KeySnapshot s : candidates(onNext, false, picked, NEWEST_FIRST)) {
        if (used[i] + to.roomFor(s.sizeBytes()) <= low) {
          move(s, i + 1, i);
        }
      }
    }

    private void move(KeySnapshot s, int from, int to) {
      picked.add(s.key());
      requests.add(new MigrationRequest(s.key(), tiers.get(to).name()));
      used[from] -= tiers.get(from).roomFor(s.sizeBytes());
      used[to] += tiers.get(to).roomFor(s.sizeBytes());
    }
  }

  /** The keys a round may still move, sealed ones only when asked, in the given order. */
  private static List<KeySnapshot> candidates(
      List<KeySnapshot> keys,
      boolean sealedOnly,
      Set<String> picked,
      Comparator<KeySnapshot> order) {
    List<KeySnapshot> candidates = new ArrayList<>();
    for (KeySnapshot s : keys) {
      if (s.pickable() && (s.sealed() || !sealedOnly) && !picked.contains(s.key())) {
        candidates.add(s);
      }
    }
    candidates.sort(order);
    return candidates;
  }

  @Override
  public String toString() {
    return "WatermarkPolicy";
  }
}
