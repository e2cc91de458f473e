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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelException;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.pmem.internal.Backends;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PmemTierTest {

  private static final long MIB = TestPools.MIB;
  private Path root;

  @BeforeEach
  void setUp() throws Exception {
    root = TestPools.newRoot("tier");
  }

  @AfterEach
  void tearDown() {
    TestPools.delete(root);
  }

  private PmemTier open(PmemBackend backend) throws Exception {
    return TestPools.open(root.resolve("pool"), 16 * MIB, MIB, backend);
  }

  private static FileChannel create(PmemTier tier, String key) throws Exception {
    return tier.open(key, Set.of(CREATE, READ, WRITE));
  }

  @ParameterizedTest
  @EnumSource(
      value = PmemBackend.class,
      names = {"JDK", "LLPL"})
  void shouldKeepKeysSizesAndBytesWhenReopened(PmemBackend backend) throws Exception {
    TestPools.assumeBackend(backend);
    try (PmemTier tier = open(backend)) {
      for (int k = 0; k < 3; k++) {
        try (FileChannel ch = create(tier, "dir/k" + k)) {
          TestData.writeFully(ch, ByteBuffer.wrap(TestData.pattern(k, 0, (int) (MIB + 1000 * k))));
        }
      }
      tier.rename("dir/k2", "dir/renamed");
    }
    try (PmemTier tier = open(backend)) {
      assertThat(tier.keys()).containsExactlyInAnyOrder("dir/k0", "dir/k1", "dir/renamed");
      assertThat(tier.size("dir/k1")).isEqualTo(MIB + 1000);
      try (FileChannel ch = tier.open("dir/renamed", Set.of(READ))) {
        assertThat(TestData.readAll(ch)).isEqualTo(TestData.pattern(2, 0, (int) (MIB + 2000)));
      }
      assertThat(tier.usedBytes()).isEqualTo(5 * MIB);
    }
  }

  @Test
  void shouldOpenWithEitherBackendWhenCreatedByTheOther() throws Exception {
    TestPools.assumeBackend(PmemBackend.LLPL);
    byte[] data = TestData.pattern(7, 0, (int) (2 * MIB + 5));
    try (PmemTier tier = open(PmemBackend.LLPL);
        FileChannel ch = create(tier, "a")) {
      TestData.writeFully(ch, ByteBuffer.wrap(data));
    }
    try (PmemTier tier = open(PmemBackend.JDK)) {
      try (FileChannel ch = tier.open("a", Set.of(READ, WRITE))) {
        assertThat(TestData.readAll(ch)).isEqualTo(data);
        ch.write(ByteBuffer.wrap(new byte[] {1, 2, 3}), 0);
      }
    }
    data[0] = 1;
    data[1] = 2;
    data[2] = 3;
    try (PmemTier tier = open(PmemBackend.LLPL);
        FileChannel ch = tier.open("a", Set.of(READ))) {
      assertThat(TestData.readAll(ch)).isEqualTo(data);
    }
  }

  @Test
  void shouldReuseFreedExtentsWhenKeysAreDeletedAndTruncated() throws Exception {
    try (PmemTier tier = open(PmemBackend.JDK)) {
      long capacity = tier.capacityBytes();
      try (FileChannel ch = create(tier, "big")) {
        ch.write(ByteBuffer.allocate(1), capacity - 1);
        assertThat(tier.usedBytes()).isEqualTo(capacity);
        ch.truncate(MIB + 1);
        assertThat(tier.usedBytes()).isEqualTo(2 * MIB);
        assertThat(ch.size()).isEqualTo(MIB + 1);
      }
      tier.delete("big");
      assertThat(tier.usedBytes()).isZero();
      try (FileChannel ch = create(tier, "again")) {
        ch.write(ByteBuffer.allocate(1), capacity - 1);
        assertThat(tier.usedBytes()).isEqualTo(capacity);
      }
    }
  }

  @Test
  void shouldThrowTierFullAndChangeNothingWhenPoolIsFull() throws Exception {
    try (PmemTier tier = open(PmemBackend.JDK);
        FileChannel ch = create(tier, "a")) {
      long capacity = tier.capacityBytes();
      ch.write(ByteBuffer.wrap(new byte[10]));
      ByteBuffer src = ByteBuffer.allocate((int) capacity);
      assertThatThrownBy(() -> ch.write(src)).isInstanceOf(TierFullException.class);
      assertThat(src.position()).isZero();
      assertThat(ch.position()).isEqualTo(10);
      assertThat(ch.size()).isEqualTo(10);
      assertThatThrownBy(() -> ch.write(ByteBuffer.allocate(1), capacity))
          .isInstanceOf(TierFullException.class)
          .hasMessageContaining("pool full");
      assertThat(ch.size()).isEqualTo(10);
      assertThat(tier.hasRoomFor(capacity)).isFalse();
      assertThat(tier.hasRoomFor(capacity - MIB)).isTrue();
    }
  }

  @Test
  void shouldPlaceNewKeysInThePoolWithMostFreeExtents() throws Exception {
    List<Path> dirs = List.of(root.resolve("p0"), root.resolve("p1"));
    try (PmemTier tier = TestPools.open(TestPools.config(dirs, 32 * MIB, MIB, PmemBackend.JDK))) {
      try (FileChannel ch = create(tier, "first")) {
        ch.write(ByteBuffer.allocate((int) (3 * MIB)));
      }
      try (FileChannel ch = create(tier, "second")) {
        ch.write(ByteBuffer.allocate((int) MIB));
      }
    }
    PoolReport p0 = PoolInspector.inspect(dirs.get(0).resolve("mixchannel.pool"));
    PoolReport p1 = PoolInspector.inspect(dirs.get(1).resolve("mixchannel.pool"));
    assertThat(p0.slots()).extracting(PoolReport.Slot::key).containsExactly("first");
    assertThat(p1.slots()).extracting(PoolReport.Slot::key).containsExactly("second");
    assertThat(p0.usedExtents()).isEqualTo(3);
    assertThat(p0.healthy()).isTrue();
  }

  @Test
  void shouldRefuseSecondOpenWhenPoolIsInUse() throws Exception {
    try (PmemTier tier = open(PmemBackend.JDK)) {
      assertThatThrownBy(() -> open(PmemBackend.JDK)).isInstanceOf(StorageInUseException.class);
      assertThatThrownBy(() -> PoolInspector.inspect(root.resolve("pool/mixchannel.pool")))
          .isInstanceOf(StorageInUseException.class);
      try (FileChannel ch = create(tier, "still-works")) {
        assertThat(ch.write(ByteBuffer.allocate(5))).isEqualTo(5);
      }
    }
  }

  @Test
  void shouldLeaveAReserveWhenCapacityIsTheFreeSpace() throws Exception {
    Path dir = root.resolve("free");
    Files.createDirectories(dir);
    long usable = Files.getFileStore(dir).getUsableSpace();
    try (PmemTier tier = TestPools.open(dir, -1, 64 * MIB, PmemBackend.JDK)) {
      assertThat(tier.capacityBytes()).isPositive().isLessThanOrEqualTo(usable - 64 * MIB);
      try (FileChannel ch = create(tier, "k")) {
        assertThat(ch.write(ByteBuffer.allocate(5))).isEqualTo(5);
      }
    }
  }

  @Test
  void shouldCreateOwnerOnlyPoolFileAndDirectories() throws Exception {
    Path dir = root.resolve("a/b");
    try (PmemTier tier = TestPools.open(dir, 16 * MIB, MIB, PmemBackend.JDK)) {
      assertThat(tier.keys()).isEmpty();
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwx------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("a"))))
        .isEqualTo("rwx------");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("mixchannel.pool"))))
        .isEqualTo("rw-------");
  }

  @Test
  void shouldRejectKeyWhenLongerThanTheLimit() throws Exception {
    String key = "x".repeat(200) + "/" + "y".repeat(200) + "/" + "z".repeat(100);
    try (PmemTier tier = open(PmemBackend.JDK)) {
      assertThatThrownBy(() -> create(tier, key))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(key);
      String longest = "x".repeat(240) + "/" + "y".repeat(239);
      create(tier, longest).close();
      assertThat(tier.exists(longest)).isTrue();
    }
  }

  @Test
  void shouldKeepHandlesWorkingWhenRenamedOrDeleted() throws Exception {
    try (PmemTier tier = open(PmemBackend.JDK)) {
      FileChannel a = create(tier, "a");
      a.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
      tier.rename("a", "b");
      assertThat(((PmemChannel) a).key()).isEqualTo("b");
      a.write(ByteBuffer.wrap(new byte[] {4}));
      assertThat(tier.size("b")).isEqualTo(4);
      assertThat(tier.delete("b")).isTrue();
      assertThat(tier.exists("b")).isFalse();
      a.write(ByteBuffer.wrap(new byte[] {5}));
      assertThat(TestData.readAll(a)).containsExactly(1, 2, 3, 4, 5);
      long used = tier.usedBytes();
      assertThat(used).isEqualTo(MIB);
      a.close();
      assertThat(tier.usedBytes()).isZero();
    }
  }

  @Test
  void shouldPublishIncompleteKeysAndListThemAfterReopen() throws Exception {
    try (PmemTier tier = open(PmemBackend.JDK)) {
      try (FileChannel ch = tier.createIncomplete("m", SizeHint.of(MIB))) {
        ch.write(ByteBuffer.wrap(new byte[] {9}));
      }
      try (FileChannel ch = tier.createIncomplete("n", SizeHint.NONE)) {
        ch.write(ByteBuffer.wrap(new byte[] {8}));
      }
      assertThat(tier.exists("m")).isFalse();
      tier.publish("m");
      assertThat(tier.exists("m")).isTrue();
      assertThatThrownBy(() -> tier.createIncomplete("big", SizeHint.of(64 * MIB)))
          .isInstanceOf(TierFullException.class);
    }
    try (PmemTier tier = open(PmemBackend.JDK)) {
      assertThat(tier.keys()).containsExactly("m");
      assertThat(tier.incompleteKeys()).containsExactly("n");
      assertThat(tier.discardIncomplete("n")).isTrue();
      assertThat(tier.incompleteKeys()).isEmpty();
    }
  }

  @Test
  void shouldPreallocateZeroFilledChannelWhenHintAsksForIt() throws Exception {
    try (PmemTier tier = open(PmemBackend.JDK)) {
      try (FileChannel ch =
          tier.open("p", Set.of(CREATE, WRITE, READ, SizeHint.preallocate(3 * MIB)))) {
        assertThat(ch.size()).isEqualTo(3 * MIB);
        assertThat(TestData.readAll(ch)).containsOnly(0);
      }
      try (FileChannel ch = tier.open("h", Set.of(CREATE, WRITE, SizeHint.of(3 * MIB)))) {
        assertThat(ch.size()).isZero();
      }
    }
  }

  @Test
  void shouldNameTheAlternativeWhenMapIsCalled() throws Exception {
    try (PmemTier tier = open(PmemBackend.JDK);
        FileChannel ch = create(tier, "m")) {
      assertThatThrownBy(() -> ch.map(FileChannel.MapMode.READ_ONLY, 0, 1))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("transferTo")
          .hasMessageContaining("direct ByteBuffer");
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = PmemBackend.class,
      names = {"JDK", "LLPL"})
  void shouldPretouchOnlyFreeExtentsWhenPoolIsCreated(PmemBackend backend) throws Exception {
    TestPools.assumeBackend(backend);
    dev.mixchannel.api.MixChannelConfig config =
        dev.mixchannel.api.MixChannelConfig.builder()
            .tier("pmem", dev.mixchannel.api.TierKind.PMEM, 64 * MIB, root.resolve("touch"))
            .pmemExtentSizeBytes(MIB)
            .pmemBackend(backend)
            .pmemPretouch(true)
            .pmemPretouchFraction(0.5)
            .build();
    byte[] data = TestData.pattern(3, 0, (int) (8 * MIB));
    try (PmemTier tier = TestPools.open(config)) {
      try (FileChannel ch = create(tier, "early")) {
        TestData.writeFully(ch, ByteBuffer.wrap(data));
      }
      tier.awaitPretouch();
      try (FileChannel ch = tier.open("early", Set.of(READ))) {
        assertThat(TestData.readAll(ch)).isEqualTo(data);
      }
    }
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(t -> t.getName().startsWith("mixchannel-pretouch") && t.isAlive());
  }

  @Test
  void shouldFallBackToJdkOrFailWhenLlplCannotLoad() throws Exception {
    assertThat(Backends.select(PmemBackend.AUTO, "t", "UnsatisfiedLinkError: libpmem").name())
        .isEqualTo("jdk");
    assertThatThrownBy(() -> Backends.select(PmemBackend.LLPL, "t", "UnsatisfiedLinkError: x"))
        .isInstanceOf(MixChannelException.class)
        .hasMessageContaining("UnsatisfiedLinkError: x");
    assertThat(Backends.select(PmemBackend.JDK, "t", "").name()).isEqualTo("jdk");
    assertThat(Backends.select(PmemBackend.AUTO, "t", "").name()).isEqualTo("llpl");
  }
}
