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
package dev.mixchannel.pmem;

import static dev.mixchannel.pmem.internal.PoolLayout.*;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.CorruptPoolException;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.pmem.internal.PmemPool;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Flips bytes in every metadata region: named errors, one channel quarantined, never wrong bytes.
 */
class PoolCorruptionTest {

  private static final long MIB = TestPools.MIB;
  private static final int KEYS = 4;
  private static Path root;
  private static Path pristine;
  private static PoolReport report;

  @BeforeAll
  static void createPool() throws Exception {
    root = TestPools.newRoot("corrupt");
    Path dir = root.resolve("pristine");
    try (PmemTier tier = TestPools.open(dir, 16 * MIB, MIB, PmemBackend.JDK)) {
      for (int k = 0; k < KEYS; k++) {
        try (FileChannel ch = tier.open("k" + k, Set.of(CREATE, WRITE))) {
          TestData.writeFully(ch, ByteBuffer.wrap(TestData.pattern(k, 0, (int) (MIB + MIB / 2))));
        }
      }
    }
    pristine = dir.resolve(PmemPool.FILE_NAME);
    report = PoolInspector.inspect(pristine);
    assertThat(report.healthy()).isTrue();
  }

  @AfterAll
  static void deletePool() {
    TestPools.delete(root);
  }

  private static Path copyWithFlip(String name, long offset) throws Exception {
    Path dir = root.resolve(name);
    Files.createDirectories(dir);
    Path file = dir.resolve(PmemPool.FILE_NAME);
    Files.copy(pristine, file, StandardCopyOption.REPLACE_EXISTING);
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, offset);
      b.put(0, (byte) (b.get(0) ^ 0xFF));
      ch.write(b.flip(), offset);
    }
    return dir;
  }

  private static PoolReport.Slot slotOf(String key) {
    return report.slots().stream().filter(s -> key.equals(s.key())).findFirst().orElseThrow();
  }

  @ParameterizedTest
  @CsvSource({
    "0, superblock.magic",
    "8, superblock.version",
    "12, superblock.slotBytes",
    "18, superblock.extentSize",
    "24, superblock.extentCount",
    "35, superblock.slotCount",
    "40, superblock.crc",
    "56, superblock.slotTableOffset",
    "64, superblock.extentTableOffset",
    "72, superblock.dataOffset",
    "80, superblock.poolSize",
    "88, superblock.crc"
  })
  void shouldNameTheFieldWhenSuperblockIsCorrupt(long offset, String field) throws Exception {
    Path dir = copyWithFlip("sb" + offset, offset);
    assertThatThrownBy(() -> TestPools.open(dir, 16 * MIB, MIB, PmemBackend.JDK))
        .isInstanceOfSatisfying(
            CorruptPoolException.class,
            e -> {
              assertThat(e.field()).isEqualTo(field);
              assertThat(e.getMessage()).contains(field).contains(dir.toString());
            });
    PoolReport inspected = PoolInspector.inspect(dir.resolve(PmemPool.FILE_NAME));
    assertThat(inspected.problems()).anyMatch(p -> p.contains(field));
  }

  @ParameterizedTest
  @CsvSource({
    "state, 1, true",
    "size, 3, true",
    "keyA, 24, false",
    "entryOwner, 0, true",
    "entryCheck, 13, true"
  })
  @ExpectedLog(
      logger = "dev.mixchannel.pmem.internal.PmemPool",
      contains = "PMem channel quarantined")
  @ExpectedLog(logger = "dev.mixchannel.pmem.internal.PoolRecovery", contains = "names no slot")
  void shouldQuarantineOneChannelWhenItsMetadataIsCorrupt(
      String region, int delta, boolean keyKnown) throws Exception {
    PoolReport.Slot victim = slotOf("k1");
    long base = slotOffset(victim.index());
    long entryTable = report.superblock().extentTableOffset();
    long offset =
        switch (region) {
          case "state" -> base + SLOT_STATE + delta;
          case "size" -> base + SLOT_SIZE + delta;
          case "keyA" -> base + SLOT_KEY_A + delta;
          case "entryOwner" ->
              entryOffset(entryTable, victim.extents().get(0)) + ENTRY_OWNER + delta;
          default -> entryOffset(entryTable, victim.extents().get(1)) + delta;
        };
    Path dir = copyWithFlip(region, offset);
    try (PmemTier tier = TestPools.open(dir, 16 * MIB, MIB, PmemBackend.JDK)) {
      assertThat(tier.quarantined()).hasSize(1);
      assertThat(tier.quarantined().get(0)).contains("slot[" + victim.index() + "]");
      assertThat(tier.keys()).containsExactlyInAnyOrder("k0", "k2", "k3");
      assertThat(tier.exists("k1")).isFalse();
      if (keyKnown) {
        assertThat(tier.refusedKeys()).containsOnlyKeys("k1");
        assertThat(tier.refusedKeys().get("k1")).contains("slot[" + victim.index() + "]");
        assertThatThrownBy(() -> tier.open("k1", Set.of(READ, WRITE, CREATE)))
            .isInstanceOfSatisfying(
                CorruptPoolException.class,
                e -> assertThat(e.field()).isEqualTo("slot[" + victim.index() + "]"));
      } else {
        assertThat(tier.refusedKeys()).isEmpty();
        assertThatThrownBy(() -> tier.open("k1", Set.of(READ)))
            .isInstanceOf(NoSuchFileException.class);
      }
      for (int k : new int[] {0, 2, 3}) {
        try (FileChannel ch = tier.open("k" + k, Set.of(READ))) {
          assertThat(TestData.readAll(ch)).isEqualTo(TestData.pattern(k, 0, (int) (MIB + MIB / 2)));
        }
      }
      fillPool(tier);
    }
    PoolReport inspected = PoolInspector.inspect(dir.resolve(PmemPool.FILE_NAME));
    assertThat(inspected.problems()).isNotEmpty();
  }

  /** Fills the rest of the pool: quarantined extents must never be handed out. */
  private static void fillPool(PmemTier tier) throws Exception {
    long free = tier.capacityBytes() - tier.usedBytes();
    try (FileChannel ch = tier.open("filler", Set.of(CREATE, WRITE))) {
      if (free > 0) {
        ch.write(ByteBuffer.allocate(1), free - 1);
      }
      assertThat(tier.hasRoomFor(1)).isFalse();
    }
  }

  @Test
  void shouldReportHealthyPoolWhenInspected() {
    assertThat(report.slots()).hasSize(KEYS);
    assertThat(report.usedExtents()).isEqualTo(2 * KEYS);
    assertThat(report.freeExtents()).isEqualTo(report.extentCount() - 2 * KEYS);
    assertThat(report.superblock().magic()).isEqualTo(MAGIC);
    assertThat(slotOf("k2").sizeBytes()).isEqualTo(MIB + MIB / 2);
    assertThat(slotOf("k2").state()).isEqualTo("LIVE");
  }
}
