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
package dev.mixchannel.kafka.internal;

import static dev.mixchannel.kafka.internal.LogDirCrashChild.FILES;
import static dev.mixchannel.kafka.internal.LogDirCrashChild.KEYS;
import static dev.mixchannel.kafka.internal.LogDirCrashChild.PARTITION;
import static dev.mixchannel.kafka.internal.LogDirCrashChild.PMEM;
import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.pmem.PoolReport;
import dev.mixchannel.testkit.crash.AckedWrites;
import dev.mixchannel.testkit.crash.CrashMatrix;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;

/**
 * kill -9 at every step of the migration protocol into the log dir (demotion: the segment's bytes
 * move from PMem into Kafka's own file) and out of it (promotion: back to PMem, the file replaced
 * by an empty placeholder), and at random moments while both segments move back and forth: after a
 * restart every acknowledged byte is there, each segment is complete in exactly one place (the PMem
 * pool or a file with bytes, never both, never an empty placeholder instead of bytes), Kafka's
 * segment file always exists, no incomplete copy or other file is left in the partition directory
 * and no PMem extent is leaked. Runs per step: {@code -Dmixchannel.crash.runs} (default 1); random
 * kills: {@code -Dmixchannel.crash.random} (default 4).
 */
@Tag("slow")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key complete on two tiers",
    reason = "a kill after the copy is durable leaves both copies; recovery keeps the faster")
class LogDirCrashMatrixTest extends CrashMatrix {
  LogDirCrashMatrixTest() {
    super(
        Arrays.stream(MigrationStep.values()).map(MigrationStep::name).toList(),
        1,
        4,
        0x10d1L,
        100,
        1500);
  }

  @Override
  protected void crashAndCheck(Path dir, String mode, String step, int delayMillis)
      throws Exception {
    Path root = dir.resolve("root");
    LogDirCrashChild.prepare(root);
    Path partition = LogDirCrashChild.logDir(root).resolve(PARTITION);
    try (ShmDir shm = ShmDir.create(dir)) {
      Path pool = shm.path().resolve("pool");
      Map<String, Long> acked =
          runUntilKilled(
              LogDirCrashChild.class,
              dir,
              mode,
              step,
              delayMillis,
              root.toString(),
              pool.toString());
      assertThat(acked).containsKeys(KEYS.toArray(new String[0]));
      for (String file : FILES) {
        assertThat(partition.resolve(file)).as("Kafka's file after the kill").exists();
      }
      MixChannelConfig config = LogDirCrashChild.config(pool);
      try (TierManager manager =
          TierManager.builder(config)
              .startMigrator(false)
              .tier(LogDirCrashChild.logDirTier(root, config))
              .build()) {
        assertThat(manager.keys()).containsExactlyInAnyOrderElementsOf(KEYS);
        for (String key : KEYS) {
          try (MixChannel ch = manager.open(key, READ)) {
            AckedWrites.assertPresent(ch, key, acked.get(key));
          }
        }
      }
      assertOnePlaceEach(root, config);
      assertThat(names(partition)).as("partition directory").containsExactlyElementsOf(FILES);
      assertPoolConsistent(config);
    }
  }

  /**
   * After recovery, read straight from the tiers: each key is in the pool or in a file with bytes,
   * not both; a key in the pool has an empty placeholder; nothing is incomplete.
   */
  private static void assertOnePlaceEach(Path root, MixChannelConfig config) throws IOException {
    Set<String> seen = new HashSet<>();
    try (StorageTier pmem = PmemTier.open(config.tier(PMEM), config);
        StorageTier logDir = LogDirCrashChild.logDirTier(root, config)) {
      List<String> inFiles = logDir.keys();
      for (String key : pmem.keys()) {
        assertThat(seen.add(key)).as("key in two places: %s", key).isTrue();
        assertThat(inFiles).as("file with bytes beside the PMem copy").doesNotContain(key);
      }
      for (String key : inFiles) {
        assertThat(seen.add(key)).as("key in two places: %s", key).isTrue();
      }
      assertThat(seen).containsExactlyInAnyOrderElementsOf(KEYS);
      assertThat(pmem.incompleteKeys()).isEmpty();
      assertThat(logDir.incompleteKeys()).isEmpty();
    }
    for (String file : FILES) {
      String key = LogDirCrashChild.TAG + "/" + PARTITION + "/" + file;
      Path segment = LogDirCrashChild.logDir(root).resolve(PARTITION).resolve(file);
      assertThat(segment).as("Kafka's file after recovery").exists();
      if (!seen.contains(key)) {
        throw new AssertionError("key nowhere: " + key);
      }
    }
  }

  private static void assertPoolConsistent(MixChannelConfig config) throws IOException {
    long extentBytes = config.pmemExtentSizeBytes();
    Path poolFile = config.tier(PMEM).paths().get(0).resolve(PoolInspector.POOL_FILE_NAME);
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

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
