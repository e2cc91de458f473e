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

import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.pmem.PoolReport;
import dev.mixchannel.testkit.crash.AckedWrites;
import dev.mixchannel.testkit.crash.CrashMatrix;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;

/**
 * kill -9 at every named step of the migration protocol (demotion and promotion, several runs each)
 * and at random moments: after reopening, every acknowledged byte is there, each key lives on
 * exactly one tier, each tier's usage is the sum of its keys and no PMem extent is leaked. Runs per
 * step: {@code -Dmixchannel.crash.runs} (default 2); random kills: {@code
 * -Dmixchannel.crash.random} (default 6).
 */
@Tag("slow")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key complete on two tiers",
    reason = "a kill after the copy is durable leaves both copies; recovery keeps the faster")
class CrashMatrixTest extends CrashMatrix {
  CrashMatrixTest() {
    super(
        Arrays.stream(MigrationStep.values()).map(MigrationStep::name).toList(),
        2,
        6,
        0x4b111L,
        200,
        1500);
  }

  @Override
  protected void crashAndCheck(Path dir, String mode, String step, int delayMillis)
      throws Exception {
    Path root = dir.resolve("root");
    try (ShmDir shm = ShmDir.create(dir)) {
      Path pool = shm.resolve("pool");
      Map<String, Long> acked =
          runUntilKilled(
              CrashChild.class, dir, mode, step, delayMillis, root.toString(), pool.toString());
      assertThat(acked).containsKeys(CrashChild.KEYS.toArray(new String[0]));
      MixChannelConfig config = CrashChild.config(root, pool);
      try (TierManager manager = TierManager.builder(config).startMigrator(false).build()) {
        assertThat(manager.keys()).containsExactlyInAnyOrderElementsOf(CrashChild.KEYS);
        for (String key : CrashChild.KEYS) {
          try (MixChannel ch = manager.open(key, READ)) {
            AckedWrites.assertPresent(ch, key, acked.get(key));
          }
        }
      }
      assertTiersConsistent(config);
    }
  }

  private static void assertTiersConsistent(MixChannelConfig config) throws IOException {
    long extentBytes = config.pmemExtentSizeBytes();
    Set<String> seen = new HashSet<>();
    try (StorageTier pmem = PmemTier.open(config.tier("pmem"), config);
        StorageTier file = FileTier.open(config.tier("t0"))) {
      long pmemExpected = 0;
      for (String key : pmem.keys()) {
        assertThat(seen.add(key)).as("key on two tiers: %s", key).isTrue();
        pmemExpected += (pmem.size(key) + extentBytes - 1) / extentBytes * extentBytes;
      }
      long fileExpected = 0;
      for (String key : file.keys()) {
        assertThat(seen.add(key)).as("key on two tiers: %s", key).isTrue();
        fileExpected += file.size(key);
      }
      assertThat(seen).containsExactlyInAnyOrderElementsOf(CrashChild.KEYS);
      assertThat(pmem.incompleteKeys()).isEmpty();
      assertThat(file.incompleteKeys()).isEmpty();
      assertThat(pmem.usedBytes()).isEqualTo(pmemExpected);
      assertThat(file.usedBytes()).isEqualTo(fileExpected);
    }
    Path poolFile = config.tier("pmem").paths().get(0).resolve("mixchannel.pool");
    PoolReport report = PoolInspector.inspect(poolFile);
    assertThat(report.problems()).isEmpty();
    long owned = 0;
    for (PoolReport.Slot slot : report.slots()) {
      assertThat(slot.state()).isEqualTo("LIVE");
      assertThat((long) slot.extents().size())
          .isEqualTo((slot.sizeBytes() + extentBytes - 1) / extentBytes);
      owned += slot.extents().size();
    }
    assertThat(report.usedExtents()).as("leaked extents").isEqualTo(owned);
  }
}
