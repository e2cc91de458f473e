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

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.TierKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The default policy on hand-made snapshots. */
class WatermarkPolicyTest {
  private final WatermarkPolicy policy = new WatermarkPolicy();

  private static TierStats tier(String name, long capacity, long used, double high, double low) {
    return new TierStats(name, TierKind.NVME, capacity, used, 0, high, low);
  }

  private static KeySnapshot seg(String key, String tier, long size, long lastWrite) {
    return new KeySnapshot(key, tier, size, true, lastWrite, false, null, false, false);
  }

  private List<MigrationRequest> decide(List<TierStats> tiers, KeySnapshot... segments) {
    return policy.decide(new PolicySnapshot(tiers, List.of(segments), 1_000_000));
  }

  @Test
  void shouldDemoteOldestSealedFirstUntilLowWatermarkWhenAboveHigh() {
    List<MigrationRequest> r =
        decide(
            List.of(tier("fast", 100, 90, 0.8, 0.5), tier("slow", 1000, 0, 0.8, 0.5)),
            seg("c", "fast", 20, 300),
            seg("b", "fast", 20, 100),
            seg("a", "fast", 20, 100),
            seg("d", "fast", 30, 50));
    assertThat(r)
        .containsExactly(new MigrationRequest("d", "slow"), new MigrationRequest("a", "slow"));
  }

  @Test
  void shouldPlanWithWholeAllocationUnitsWhenTheTierHandsOutExtents() {
    // 16-byte extents: each 5-byte key takes 16 of the fast tier's room, so only 3 fit below 50.
    TierStats fast = new TierStats("fast", TierKind.PMEM, 100, 0, 0, 0.5, 0.5, 16);
    List<MigrationRequest> up =
        decide(
            List.of(fast, tier("slow", 1000, 50, 0.5, 0.5)),
            seg("a", "slow", 5, 1),
            seg("b", "slow", 5, 2),
            seg("c", "slow", 5, 3),
            seg("d", "slow", 5, 4),
            seg("e", "slow", 5, 5));
    assertThat(up).extracting(MigrationRequest::key).containsExactly("e", "d", "c");
    // Demoting a 5-byte key frees a whole extent: two bring 80 down to the low watermark.
    TierStats full = new TierStats("fast", TierKind.PMEM, 100, 80, 5, 0.6, 0.5, 16);
    List<MigrationRequest> down =
        decide(
            List.of(full, tier("slow", 1000, 0, 0.5, 0.5)),
            seg("a", "fast", 5, 1),
            seg("b", "fast", 5, 2),
            seg("c", "fast", 5, 3));
    assertThat(down).extracting(MigrationRequest::key).containsExactly("a", "b");
    assertThat(fast.roomFor(0)).isZero();
    assertThat(fast.roomFor(17)).isEqualTo(32);
    assertThat(fast.roomFor(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void shouldSkipUnsealedMigratingAndBackingOffWhenDemoting() {
    List<MigrationRequest> r =
        decide(
            List.of(tier("fast", 100, 90, 0.5, 0.5), tier("slow", 1000, 0, 0.5, 0.5)),
            new KeySnapshot("active", "fast", 30, false, 1, false, null, false, false),
            new KeySnapshot("moving", "fast", 30, true, 2, true, "slow", false, false),
            new KeySnapshot("failed", "fast", 10, true, 3, false, null, true, false),
            seg("ok", "fast", 10, 4));
    assertThat(r).containsExactly(new MigrationRequest("ok", "slow"));
  }

  @Test
  void shouldCountInFlightMigrationsWhenProjectingUsage() {
    List<MigrationRequest> r =
        decide(
            List.of(tier("fast", 100, 70, 0.5, 0.5), tier("slow", 1000, 0, 0.5, 0.5)),
            new KeySnapshot("moving", "fast", 30, true, 1, true, "slow", false, false),
            seg("other", "fast", 30, 2));
    assertThat(r).isEmpty();
  }

  @Test
  void shouldPromoteNewestThatFitWhenBelowLow() {
    List<MigrationRequest> r =
        decide(
            List.of(tier("fast", 100, 10, 0.6, 0.5), tier("slow", 1000, 300, 0.6, 0.5)),
            seg("old", "slow", 10, 1),
            seg("big", "slow", 50, 9),
            seg("new1", "slow", 20, 5),
            seg("new2", "slow", 20, 5));
    assertThat(r)
        .containsExactly(
            new MigrationRequest("new2", "fast"), new MigrationRequest("new1", "fast"));
  }

  @Test
  void shouldDoNothingWhenUsageIsInsideTheHysteresisBand() {
    List<MigrationRequest> r =
        decide(
            List.of(tier("fast", 100, 60, 0.8, 0.4), tier("slow", 1000, 300, 0.8, 0.4)),
            seg("a", "fast", 30, 1),
            seg("b", "slow", 5, 2));
    assertThat(r).isEmpty();
  }

  @Test
  void shouldSkipADemotionWhenItDoesNotFitOnTheNextTier() {
    List<MigrationRequest> r =
        decide(
            List.of(tier("fast", 100, 90, 0.5, 0.5), tier("slow", 50, 30, 0.5, 0.5)),
            seg("huge", "fast", 40, 1),
            seg("small", "fast", 10, 2));
    assertThat(r).containsExactly(new MigrationRequest("small", "slow"));
  }

  @Test
  void shouldApplyTheRuleToEveryAdjacentPairWhenThereAreThreeTiers() {
    List<KeySnapshot> segments = new ArrayList<>();
    segments.add(seg("p1", "pmem", 40, 1));
    segments.add(seg("s1", "ssd", 40, 1));
    List<MigrationRequest> r =
        policy.decide(
            new PolicySnapshot(
                List.of(
                    tier("pmem", 100, 90, 0.5, 0.5),
                    tier("ssd", 100, 90, 0.5, 0.5),
                    tier("hdd", 1000, 0, 0.5, 0.5)),
                segments,
                10));
    assertThat(r)
        .containsExactly(new MigrationRequest("s1", "hdd"), new MigrationRequest("p1", "ssd"));
  }
}
