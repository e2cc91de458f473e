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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.api.TierLayoutException;
import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A manager refuses directories that are not the ones it wrote, before it opens or creates
 * anything: the PMem mount that did not come up (an empty mount point), a lost pool file, swapped
 * paths, a directory dropped from the configuration, another manager's directory. Moves and
 * additions are accepted; an operator accepts an intended change once.
 */
class TierLayoutTest {
  private static final long MIB = 1L << 20;
  private static final String KEY = "topic-0/00000000000000000000.log";

  @TempDir Path dir;
  private ShmDir shm;
  private Path pmem;
  private Path disk;

  @BeforeEach
  void dirs() {
    shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
    pmem = shm.resolve("mnt-pmem0").resolve("mixchannel");
    disk = dir.resolve("disk");
  }

  @AfterEach
  void close() throws IOException {
    shm.close();
  }

  private MixChannelConfig config(Path pmemDir, Path diskDir) {
    return MixChannelConfig.builder()
        .migrationThreshold(-1)
        .pmemBackend(PmemBackend.JDK)
        .pmemPretouch(false)
        .pmemExtentSizeBytes(MIB)
        .tier("pmem", TierKind.PMEM, 16 * MIB, pmemDir)
        .tier("disk", TierKind.HDD, -1, diskDir)
        .build();
  }

  private TierManager open(MixChannelConfig config) throws IOException {
    return TierManager.builder(config).startMigrator(false).build();
  }

  /** A first start with one key on the PMem tier; the markers are written. */
  private byte[] firstStart() throws IOException {
    byte[] bytes = Bytes.random(3, 64 * 1024);
    try (TierManager m = open(config(pmem, disk))) {
      try (MixChannel ch = m.open(KEY, CREATE, WRITE)) {
        Bytes.writeFully(ch, bytes, 0);
      }
      assertThat(m.tierOf(KEY)).isEqualTo("pmem");
    }
    assertThat(pmem.resolve(".mixchannel-tier")).exists();
    assertThat(disk.resolve(".mixchannel-tier")).exists();
    return bytes;
  }

  @Test
  void shouldReopenTheSameLayoutWithoutWritingTheMarkers() throws IOException {
    byte[] bytes = firstStart();
    long written = Files.getLastModifiedTime(disk.resolve(".mixchannel-tier")).toMillis();
    String before = Files.readString(disk.resolve(".mixchannel-tier"));
    try (TierManager m = open(config(pmem, disk));
        MixChannel ch = m.open(KEY, READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(bytes);
    }
    assertThat(Files.readString(disk.resolve(".mixchannel-tier"))).isEqualTo(before);
    assertThat(Files.getLastModifiedTime(disk.resolve(".mixchannel-tier")).toMillis())
        .isEqualTo(written);
  }

  @Test
  void shouldRefuseAnEmptyMountPointWhereThePmemTierWas() throws IOException {
    firstStart();
    Path mounted = pmem.getParent().resolveSibling("mnt-pmem0-mounted");
    Files.move(pmem.getParent(), mounted);
    Files.createDirectories(pmem.getParent());

    assertThatThrownBy(() -> open(config(pmem, disk)))
        .isInstanceOf(TierLayoutException.class)
        .hasMessageContaining("tier=pmem")
        .hasMessageContaining("is missing")
        .hasMessageContaining("accept-layout");
    assertThat(pmem).doesNotExist();
    try (Stream<Path> left = Files.list(pmem.getParent())) {
      assertThat(left).isEmpty();
    }

    deleteTree(pmem.getParent());
    Files.move(mounted, pmem.getParent());
    try (TierManager m = open(config(pmem, disk))) {
      assertThat(m.keys()).containsExactly(KEY);
    }
  }

  @Test
  void shouldRefuseAMissingPoolFileUntilTheChangeIsAccepted() throws IOException {
    firstStart();
    Files.delete(pmem.resolve(PmemTier.POOL_FILE_NAME));

    assertThatThrownBy(() -> open(config(pmem, disk)))
        .isInstanceOf(TierLayoutException.class)
        .hasMessageContaining("pool file");
    assertThat(pmem.resolve(PmemTier.POOL_FILE_NAME)).doesNotExist();

    try (TierManager m =
        TierManager.builder(config(pmem, disk)).startMigrator(false).acceptLayoutChange().build()) {
      assertThat(m.keys()).isEmpty();
    }
    try (TierManager m = open(config(pmem, disk))) {
      assertThat(m.keys()).isEmpty();
    }
  }

  @Test
  void shouldRefuseSwappedPaths() throws IOException {
    firstStart();
    Path other = dir.resolve("disk2");
    Files.createDirectories(other);
    Files.copy(pmem.resolve(".mixchannel-tier"), other.resolve(".mixchannel-tier"));
    Files.delete(pmem.resolve(".mixchannel-tier"));
    Files.copy(disk.resolve(".mixchannel-tier"), pmem.resolve(".mixchannel-tier"));

    assertThatThrownBy(() -> open(config(pmem, other)))
        .isInstanceOf(TierLayoutException.class)
        .hasMessageContaining("it was tier disk's");
  }

  @Test
  void shouldRefuseADirectoryNoLongerConfigured() throws IOException {
    firstStart();
    MixChannelConfig pmemOnly =
        MixChannelConfig.builder()
            .migrationThreshold(-1)
            .pmemBackend(PmemBackend.JDK)
            .pmemPretouch(false)
            .pmemExtentSizeBytes(MIB)
            .tier("pmem", TierKind.PMEM, 16 * MIB, pmem)
            .build();
    assertThatThrownBy(() -> open(pmemOnly))
        .isInstanceOf(TierLayoutException.class)
        .hasMessageContaining("no longer configured")
        .hasMessageContaining("tier=disk");
  }

  @Test
  void shouldAcceptAMovedAndAnAddedDirectory() throws IOException {
    byte[] bytes = firstStart();
    Path moved = dir.resolve("disk-moved");
    Files.move(disk, moved);
    try (TierManager m = open(config(pmem, moved));
        MixChannel ch = m.open(KEY, READ)) {
      assertThat(Bytes.readAll(ch)).isEqualTo(bytes);
    }
    Path added = dir.resolve("ssd");
    MixChannelConfig three =
        MixChannelConfig.builder()
            .migrationThreshold(-1)
            .pmemBackend(PmemBackend.JDK)
            .pmemPretouch(false)
            .pmemExtentSizeBytes(MIB)
            .tier("pmem", TierKind.PMEM, 16 * MIB, pmem)
            .tier("ssd", TierKind.SSD, -1, added)
            .tier("disk", TierKind.HDD, -1, moved)
            .build();
    try (TierManager m = open(three)) {
      assertThat(m.keys()).containsExactly(KEY);
    }
    assertThat(added.resolve(".mixchannel-tier")).exists();
  }

  @Test
  void shouldRefuseAnotherManagersDirectory() throws IOException {
    firstStart();
    Path foreignPmem = shm.resolve("other").resolve("mixchannel");
    Path foreignDisk = dir.resolve("other-disk");
    try (TierManager m = open(config(foreignPmem, foreignDisk))) {
      assertThat(m.keys()).isEmpty();
    }
    assertThatThrownBy(() -> open(config(pmem, foreignDisk)))
        .isInstanceOf(TierLayoutException.class)
        .hasMessageContaining("another tier manager's");
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
