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
package dev.mixchannel.file;

import static dev.mixchannel.file.TierTestSupport.CREATE_RW;
import static dev.mixchannel.file.TierTestSupport.READ;
import static dev.mixchannel.file.TierTestSupport.RW;
import static dev.mixchannel.file.TierTestSupport.config;
import static dev.mixchannel.file.TierTestSupport.readAll;
import static dev.mixchannel.file.TierTestSupport.write;
import static dev.mixchannel.file.TierTestSupport.writeBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.api.RefusedCopyException;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FileTierTest {

  @TempDir Path tempDir;

  static Stream<Arguments> invalidKeys() {
    String longSegment = "a".repeat(256);
    return Stream.of(
        Arguments.of("", "''"),
        Arguments.of("/abs/key", "/abs/key"),
        Arguments.of(".", "'.'"),
        Arguments.of("a/./b", "a/./b"),
        Arguments.of("a/../b", "a/../b"),
        Arguments.of("..", "'..'"),
        Arguments.of("a//b", "a//b"),
        Arguments.of("a\0b", "a\\0b"),
        Arguments.of("dir/" + longSegment, longSegment),
        Arguments.of("seg.log" + StorageTier.INCOMPLETE_SUFFIX, "seg.log.migrating"),
        Arguments.of(".mixchannel.lock", ".mixchannel.lock"),
        Arguments.of(".mixchannel-x/y", ".mixchannel-x/y"));
  }

  @ParameterizedTest
  @MethodSource("invalidKeys")
  void shouldRejectKeyNamingItWhenKeyIsInvalid(String key, String shown) throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir.resolve("t")))) {
      Stream<ThrowingConsumer<String>> operations =
          Stream.of(
              k -> tier.open(k, CREATE_RW),
              tier::exists,
              tier::size,
              k -> tier.rename(k, "ok"),
              k -> tier.rename("ok", k),
              tier::delete,
              k -> tier.createIncomplete(k, SizeHint.NONE),
              tier::publish,
              tier::discardIncomplete);
      operations.forEach(
          operation ->
              assertThatThrownBy(() -> operation.accept(key))
                  .isInstanceOf(IllegalArgumentException.class)
                  .hasMessageContaining(shown));
      assertThat(tier.keys()).isEmpty();
    }
  }

  @Test
  void shouldCreateDirectoriesAndFilesOwnerOnlyWhenFileStoreIsPosix() throws IOException {
    Path root = tempDir.resolve("missing/root");
    try (FileTier tier = FileTier.open(config(-1, root));
        FileChannel channel = tier.open("topic-0/00.log", CREATE_RW);
        FileChannel incomplete = tier.createIncomplete("topic-1/01.log", SizeHint.NONE)) {
      assumeTrue(Files.getFileStore(root).supportsFileAttributeView("posix"), "POSIX file store");
      assertThat(permissions(root)).isEqualTo("rwx------");
      assertThat(permissions(root.resolve("topic-0"))).isEqualTo("rwx------");
      assertThat(permissions(root.resolve("topic-0/00.log"))).isEqualTo("rw-------");
      assertThat(permissions(root.resolve("topic-1/01.log.migrating"))).isEqualTo("rw-------");
      assertThat(permissions(root.resolve(".mixchannel.lock"))).isEqualTo("rw-------");
    }
  }

  private static String permissions(Path path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  @Test
  void shouldPlaceNextKeyInOtherDirectoryWhenBothShareAFileStore() throws IOException {
    Path dir1 = tempDir.resolve("d1");
    Path dir2 = tempDir.resolve("d2");
    try (FileTier tier = FileTier.open(config(-1, dir1, dir2))) {
      assumeTrue(Files.getFileStore(dir1).equals(Files.getFileStore(dir2)), "one file store");
      try (FileChannel first = tier.open("a", CREATE_RW)) {
        writeBytes(first, 1000);
        try (FileChannel second = tier.open("b", CREATE_RW)) {
          writeBytes(second, 3000);
        }
      }
      try (FileChannel third = tier.open("c", CREATE_RW)) {
        assertThat(third).isNotNull();
      }
      assertThat(dir1.resolve("a")).exists();
      assertThat(dir2.resolve("b")).exists();
      assertThat(dir1.resolve("c")).exists();
      assertThat(tier.usedBytes()).isEqualTo(4000);
    }
  }

  @Test
  void shouldKeepHandlesWorkingWhenKeyIsRenamedWhileOpen() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      try (FileChannel channel = tier.open("topic-0/0.log", CREATE_RW)) {
        write(channel, "abc");
        tier.rename("topic-0/0.log", "deleted/0.log.deleted");
        write(channel, "def");
        assertThat(tier.exists("topic-0/0.log")).isFalse();
        assertThat(tier.size("deleted/0.log.deleted")).isEqualTo(6);
        try (FileChannel renamed = tier.open("deleted/0.log.deleted", READ)) {
          assertThat(readAll(renamed)).isEqualTo("abcdef");
        }
      }
      assertThat(tier.keys()).containsExactly("deleted/0.log.deleted");
      assertThat(tempDir.resolve("topic-0")).doesNotExist();
      assertThatThrownBy(() -> tier.rename("topic-0/0.log", "x"))
          .isInstanceOf(NoSuchFileException.class)
          .hasMessageContaining("topic-0/0.log");
    }
  }

  @Test
  void shouldReplaceTargetWhenRenamedOntoExistingKeyInSameDirectory() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      try (FileChannel a = tier.open("a", CREATE_RW);
          FileChannel b = tier.open("b", CREATE_RW)) {
        write(a, "new");
        write(b, "old-bytes");
        tier.rename("a", "b");
        assertThat(readAll(b)).isEqualTo("old-bytes");
      }
      assertThat(tier.keys()).containsExactly("b");
      assertThat(tier.size("b")).isEqualTo(3);
      assertThat(tier.usedBytes()).isEqualTo(3);
      try (FileChannel b = tier.open("b", READ)) {
        assertThat(readAll(b)).isEqualTo("new");
      }
    }
  }

  @Test
  void shouldDeleteOldCopyWhenRenamedOntoKeyInOtherDirectory() throws IOException {
    Path dir1 = tempDir.resolve("d1");
    Path dir2 = tempDir.resolve("d2");
    try (FileTier tier = FileTier.open(config(-1, dir1, dir2))) {
      assumeTrue(Files.getFileStore(dir1).equals(Files.getFileStore(dir2)), "one file store");
      try (FileChannel target = tier.open("x/target", CREATE_RW)) {
        write(target, "old target bytes");
      }
      try (FileChannel source = tier.open("source", CREATE_RW)) {
        write(source, "source");
      }
      assertThat(dir2.resolve("source")).exists();
      tier.rename("source", "x/target");
      assertThat(dir1.resolve("x")).doesNotExist();
      assertThat(dir2.resolve("x/target")).hasContent("source");
      assertThat(tier.keys()).containsExactly("x/target");
      assertThat(tier.usedBytes()).isEqualTo(6);
    }
  }

  @Test
  void shouldKeepBytesReadableWhenKeyIsDeletedWhileOpen() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      try (FileChannel channel = tier.open("a/b/c", CREATE_RW)) {
        write(channel, "still here");
        assertThat(tier.delete("a/b/c")).isTrue();
        assertThat(tier.delete("a/b/c")).isFalse();
        assertThat(tier.exists("a/b/c")).isFalse();
        assertThat(tier.usedBytes()).as("held until the channel closes").isEqualTo(10);
        assertThat(tempDir.resolve("a")).doesNotExist();
        assertThat(tempDir).exists();
        assertThat(readAll(channel)).isEqualTo("still here");
        write(channel, "!");
        assertThat(channel.size()).isEqualTo(11);
      }
      assertThat(tier.usedBytes()).isZero();
      assertThatThrownBy(() -> tier.open("a/b/c", RW))
          .isInstanceOf(NoSuchFileException.class)
          .hasMessageContaining("a/b/c");
    }
  }

  @Test
  void shouldFindAllKeysWhenReopened() throws IOException {
    Path dir1 = tempDir.resolve("d1");
    Path dir2 = tempDir.resolve("d2");
    try (FileTier tier = FileTier.open(config(-1, dir1, dir2))) {
      for (String key : new String[] {"t-0/0.log", "t-0/0.index", "t-1/5.log", "top"}) {
        try (FileChannel channel = tier.open(key, CREATE_RW)) {
          write(channel, key);
        }
      }
      tier.createIncomplete("t-2/9.log", SizeHint.NONE).close();
    }
    try (FileTier tier = FileTier.open(config(-1, dir1, dir2))) {
      assertThat(tier.keys())
          .containsExactlyInAnyOrder("t-0/0.log", "t-0/0.index", "t-1/5.log", "top");
      assertThat(tier.incompleteKeys()).containsExactly("t-2/9.log");
      assertThat(tier.size("t-1/5.log")).isEqualTo(9);
      assertThat(tier.usedBytes()).isEqualTo(9 + 11 + 9 + 3);
      try (FileChannel channel = tier.open("t-0/0.index", READ)) {
        assertThat(readAll(channel)).isEqualTo("t-0/0.index");
      }
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.file.KeyScan",
      contains = "key found in two directories with different bytes")
  void shouldRefuseAKeyFoundInTwoDirectoriesWithDifferentBytesKeepingBoth() throws IOException {
    Path dir1 = Files.createDirectories(tempDir.resolve("d1/p"));
    Path dir2 = Files.createDirectories(tempDir.resolve("d2/p"));
    Files.writeString(dir1.resolve("k"), "written later, but older by its time");
    Files.writeString(dir2.resolve("k"), "newer!");
    Files.setLastModifiedTime(dir1.resolve("k"), FileTime.fromMillis(1_000_000));
    Files.setLastModifiedTime(dir2.resolve("k"), FileTime.fromMillis(2_000_000));
    try (FileTier tier = FileTier.open(config(-1, tempDir.resolve("d1"), tempDir.resolve("d2")))) {
      assertThat(tier.keys()).isEmpty();
      assertThat(tier.exists("p/k")).isFalse();
      assertThat(tier.refusedKeys()).containsOnlyKeys("p/k");
      assertThat(tier.refusedKeys().get("p/k")).contains(dir1.resolve("k").toString());
      for (ThrowingConsumer<FileTier> call :
          List.<ThrowingConsumer<FileTier>>of(
              t -> t.open("p/k", READ),
              t -> t.open("p/k", CREATE_RW),
              t -> t.size("p/k"),
              t -> t.delete("p/k"),
              t -> t.rename("p/k", "q"),
              t -> t.rename("q", "p/k"),
              t -> t.createIncomplete("p/k", SizeHint.NONE))) {
        assertThatThrownBy(() -> call.accept(tier))
            .isInstanceOf(RefusedCopyException.class)
            .hasMessageContaining("two copies of it that differ");
      }
    }
    assertThat(dir1.resolve("k")).hasContent("written later, but older by its time");
    assertThat(dir2.resolve("k")).hasContent("newer!");
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.file.KeyScan",
      contains = "key found in two directories with the same bytes")
  void shouldRemoveOneOfTwoIdenticalCopiesOfAKeyAtOpen() throws IOException {
    Path dir1 = Files.createDirectories(tempDir.resolve("d1/p"));
    Path dir2 = Files.createDirectories(tempDir.resolve("d2/p"));
    Files.writeString(dir1.resolve("k"), "same");
    Files.writeString(dir2.resolve("k"), "same");
    try (FileTier tier = FileTier.open(config(-1, tempDir.resolve("d1"), tempDir.resolve("d2")))) {
      assertThat(tier.keys()).containsExactly("p/k");
      assertThat(tier.refusedKeys()).isEmpty();
      try (FileChannel channel = tier.open("p/k", READ)) {
        assertThat(readAll(channel)).isEqualTo("same");
      }
    }
    assertThat(Files.exists(dir1.resolve("k")) ^ Files.exists(dir2.resolve("k"))).isTrue();
  }

  @Test
  void shouldFailWithStorageInUseWhenSecondTierOpensSameDirectory() throws IOException {
    Path dir = tempDir.resolve("shared");
    try (FileTier first = FileTier.open(config(-1, dir))) {
      assertThatThrownBy(() -> FileTier.open(config(-1, tempDir.resolve("other"), dir)))
          .isInstanceOf(StorageInUseException.class)
          .hasMessageContaining(dir.toString())
          .hasMessageContaining("holder=this process")
          .satisfies(
              e ->
                  assertThat(((StorageInUseException) e).path())
                      .isEqualTo(dir.resolve(TierDirectory.LOCK_FILE)));
      assertThat(first.keys()).isEmpty();
    }
    try (FileTier again = FileTier.open(config(-1, tempDir.resolve("other"), dir))) {
      assertThat(again.keys()).isEmpty();
    }
  }

  @Test
  void shouldCloseHandedOutChannelsAndRefuseCallsWhenClosed() throws IOException {
    FileTier tier = FileTier.open(config(-1, tempDir));
    FileChannel open = tier.open("a", CREATE_RW);
    FileChannel deleted = tier.open("b", CREATE_RW);
    FileChannel incomplete = tier.createIncomplete("c", SizeHint.NONE);
    tier.open("a", READ).close();
    tier.delete("b");
    tier.close();
    tier.close();
    assertThat(open.isOpen()).isFalse();
    assertThat(deleted.isOpen()).isFalse();
    assertThat(incomplete.isOpen()).isFalse();
    Stream<ThrowingConsumer<FileTier>> calls =
        Stream.of(
            t -> t.open("a", READ),
            t -> t.exists("a"),
            t -> t.size("a"),
            t -> t.rename("a", "b"),
            t -> t.delete("a"),
            StorageTier::keys,
            t -> t.createIncomplete("d", SizeHint.NONE),
            t -> t.publish("c"),
            t -> t.discardIncomplete("c"),
            StorageTier::incompleteKeys,
            StorageTier::capacityBytes,
            StorageTier::usedBytes,
            t -> t.hasRoomFor(1),
            t -> t.reopen(incomplete));
    calls.forEach(
        call ->
            assertThatThrownBy(() -> call.accept(tier))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("t1"));
    // Log and error messages name closed tiers too.
    assertThat(tier.name()).isEqualTo("t1");
    assertThat(tier.kind()).isNotNull();
    assertThat(tier.toString()).contains("t1");
  }

  @Test
  void shouldThrowAsTheJdkDoesWhenOpenOptionsDoNotFit() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      assertThatThrownBy(() -> tier.open("missing", READ))
          .isInstanceOf(NoSuchFileException.class)
          .hasMessageContaining("missing");
      assertThatThrownBy(
              () ->
                  tier.open("missing", Set.of(StandardOpenOption.READ, StandardOpenOption.CREATE)))
          .isInstanceOf(NoSuchFileException.class);
      assertThatThrownBy(
              () -> tier.open("k", Set.of(StandardOpenOption.READ, StandardOpenOption.APPEND)))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(
              () ->
                  tier.open(
                      "k", Set.of(StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE)))
          .isInstanceOf(UnsupportedOperationException.class);
      tier.open("k", CREATE_RW).close();
      assertThatThrownBy(
              () -> tier.open("k", Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW)))
          .isInstanceOf(FileAlreadyExistsException.class)
          .hasMessageContaining("k");
      assertThat(tier.keys()).containsExactly("k");
    }
  }

  @Test
  void shouldCreateZeroFilledFileOfHintedSizeWhenPreallocating() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir));
        FileChannel channel =
            tier.open(
                "seg.log",
                Set.of(
                    StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.READ,
                    StandardOpenOption.WRITE,
                    SizeHint.preallocate(1 << 20)))) {
      assertThat(channel.size()).isEqualTo(1 << 20);
      ByteBuffer tail = ByteBuffer.allocate(16);
      channel.read(tail, (1 << 20) - 16);
      assertThat(tail.array()).containsOnly(0);
      assertThat(tier.usedBytes()).isEqualTo(1 << 20);
      try (FileChannel again =
          tier.open("seg.log", Set.of(StandardOpenOption.WRITE, SizeHint.preallocate(5)))) {
        assertThat(again.size()).isEqualTo(1 << 20);
      }
      try (FileChannel hinted =
          tier.open(
              "other",
              Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, SizeHint.of(1 << 20)))) {
        assertThat(hinted.size()).isZero();
      }
    }
  }
}
