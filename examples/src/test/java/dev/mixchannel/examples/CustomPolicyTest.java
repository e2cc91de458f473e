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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.KeySnapshot;
import dev.mixchannel.tiering.MigrationRequest;
import dev.mixchannel.tiering.PolicySnapshot;
import dev.mixchannel.tiering.TierStats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CustomPolicyTest {

  @TempDir Path work;

  @Test
  void shouldKeepTheNewestSegmentsOfEachLogHotWhenRun() throws IOException {
    Map<String, String> layout =
        CustomPolicy.run(
            work, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertThat(layout).hasSize(15);
    assertThat(CustomPolicy.settled(layout)).as("layout %s", layout).isTrue();
    assertThat(layout.values().stream().filter("pmem"::equals).count()).isEqualTo(6);
  }

  private static KeySnapshot segment(String key, String tier, boolean migrating) {
    return new KeySnapshot(key, tier, 100, true, 0, migrating, null, false, false);
  }

  @Test
  void shouldDemoteOldAndPromoteNewWhenDeciding() {
    PolicySnapshot snapshot =
        new PolicySnapshot(
            List.of(
                new TierStats("fast", TierKind.PMEM, 1000, 300, 1, 0.5, 0.5),
                new TierStats("slow", TierKind.HDD, 10_000, 300, 1, 0.5, 0.5)),
            List.of(
                segment("a/1.log", "fast", false),
                segment("a/2.log", "fast", false),
                segment("a/3.log", "slow", false),
                segment("b/1.log", "fast", true),
                segment("b/2.log", "slow", false),
                segment("b/3.log", "slow", false)),
            0);
    List<MigrationRequest> requests = new KeepNewestPolicy(1).decide(snapshot);
    assertThat(requests)
        .containsExactly(
            new MigrationRequest("a/1.log", "slow"),
            new MigrationRequest("a/2.log", "slow"),
            new MigrationRequest("a/3.log", "fast"),
            new MigrationRequest("b/3.log", "fast"));
  }

  @Test
  void shouldRefuseZeroHotSegments() {
    assertThatThrownBy(() -> new KeepNewestPolicy(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
