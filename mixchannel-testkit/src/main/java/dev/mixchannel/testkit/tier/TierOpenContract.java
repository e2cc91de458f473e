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
package dev.mixchannel.testkit.tier;

import static dev.mixchannel.testkit.channel.ContractSupport.assertThrowsExactly;
import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.channel.ContractSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link StorageTier#open}: options, their exceptions, and the key rules of every method. */
abstract class TierOpenContract extends TierContractBase {

  /** An option no tier knows. */
  private enum UnknownOption implements OpenOption {
    INSTANCE
  }

  @Test
  void shouldThrowNoSuchFileWhenKeyMissingAndNoCreateOption() throws IOException {
    assertThrowsExactly(NoSuchFileException.class, () -> tier.open(KEY, options(READ)));
    assertThrowsExactly(NoSuchFileException.class, () -> tier.open(KEY, options(READ, WRITE)));
    assertThrowsExactly(
        NoSuchFileException.class, () -> tier.open(KEY, options(WRITE, TRUNCATE_EXISTING)));
    assertThat(tier.exists(KEY)).isFalse();
    assertThat(tier.keys()).isEmpty();
  }

  @Test
  void shouldCreateEmptyKeyWhenCreateGivenAndKeyMissing() throws IOException {
    try (FileChannel channel = tier.open(KEY, options(CREATE, READ, WRITE))) {
      assertThat(channel.size()).isZero();
      assertThat(channel.position()).isZero();
      assertThat(tier.exists(KEY)).isTrue();
      assertThat(tier.size(KEY)).isZero();
      assertThat(tier.keys()).containsExactly(KEY);
    }
    try (FileChannel channel = tier.open(TOP, options(CREATE_NEW, WRITE))) {
      assertThat(channel.size()).isZero();
    }
    assertThat(tier.keys()).containsExactlyInAnyOrder(KEY, TOP);
  }

  @Test
  void shouldOpenExistingBytesWhenCreateGivenAndKeyExists() throws IOException {
    byte[] content = bytes(100, 1);
    put(KEY, content);
    try (FileChannel channel = tier.open(KEY, options(CREATE, READ, WRITE))) {
      assertThat(contents(channel)).isEqualTo(content);
      assertThat(channel.position()).isZero();
    }
  }

  @Test
  void shouldThrowFileAlreadyExistsWhenCreateNewAndKeyExists() throws IOException {
    byte[] content = bytes(100, 2);
    put(KEY, content);
    assertThrowsExactly(
        FileAlreadyExistsException.class, () -> tier.open(KEY, options(CREATE_NEW, WRITE)));
    assertThrowsExactly(
        FileAlreadyExistsException.class,
        () -> tier.open(KEY, options(CREATE_NEW, CREATE, READ, WRITE)));
    assertThat(read(KEY)).isEqualTo(content);
  }

  @Test
  void shouldTruncateWhenTruncateExistingWithWrite() throws IOException {
    put(KEY, bytes(100, 3));
    try (FileChannel channel = tier.open(KEY, options(READ, TRUNCATE_EXISTING))) {
      assertThat(channel.size()).as("TRUNCATE_EXISTING is ignored without WRITE").isEqualTo(100);
    }
    try (FileChannel channel = tier.open(KEY, options(WRITE, TRUNCATE_EXISTING))) {
      assertThat(channel.size()).isZero();
    }
    assertThat(tier.size(KEY)).isZero();
  }

  @Test
  void shouldWriteAtEndWhenAppendGiven() throws IOException {
    byte[] first = bytes(100, 4);
    byte[] second = bytes(50, 5);
    put(KEY, first);
    try (FileChannel channel = tier.open(KEY, options(APPEND))) {
      channel.position(10);
      channel.write(ByteBuffer.wrap(second));
      assertThat(channel.position()).isEqualTo(150);
    }
    assertThat(read(KEY)).isEqualTo(ContractSupport.concat(first, second));
  }

  @Test
  void shouldRefuseWriteWhenOpenedReadOnlyAndReadWhenWriteOnly() throws IOException {
    put(KEY, bytes(10, 6));
    try (FileChannel readOnly = tier.open(KEY, options(READ));
        FileChannel noMode = tier.open(KEY, Set.of());
        FileChannel writeOnly = tier.open(KEY, options(WRITE))) {
      assertThrowsExactly(
          NonWritableChannelException.class, () -> readOnly.write(ByteBuffer.allocate(1)));
      assertThrowsExactly(
          NonWritableChannelException.class, () -> noMode.write(ByteBuffer.allocate(1)));
      assertThat(contents(noMode)).as("no access mode opens for reading").hasSize(10);
      assertThrowsExactly(
          NonReadableChannelException.class, () -> writeOnly.read(ByteBuffer.allocate(1)));
    }
  }

  @Test
  void shouldThrowIllegalArgumentWhenOptionsConflict() throws IOException {
    put(KEY, bytes(10, 7));
    assertThrowsExactly(
        IllegalArgumentException.class, () -> tier.open(KEY, options(READ, APPEND)));
    assertThrowsExactly(
        IllegalArgumentException.class, () -> tier.open(KEY, options(APPEND, TRUNCATE_EXISTING)));
    assertThrowsExactly(
        IllegalArgumentException.class,
        () -> tier.open(TOP, options(CREATE, WRITE, SizeHint.of(1), SizeHint.of(2))));
    assertThat(tier.keys()).containsExactly(KEY);
  }

  @Test
  void shouldThrowUnsupportedWhenOptionUnknown() throws IOException {
    assertThrowsExactly(
        UnsupportedOperationException.class,
        () -> tier.open(KEY, options(CREATE, WRITE, UnknownOption.INSTANCE)));
    assertThat(tier.exists(KEY)).isFalse();
  }

  @Test
  void shouldPreallocateZerosWhenSizeHintPreallocates() throws IOException {
    try (FileChannel channel =
        tier.open(KEY, options(CREATE, READ, WRITE, SizeHint.preallocate(10_000)))) {
      assertThat(channel.size()).isEqualTo(10_000);
      assertThat(contents(channel)).containsOnly(0);
    }
    assertThat(tier.size(KEY)).isEqualTo(10_000);
    try (FileChannel channel = tier.open(OTHER, options(CREATE, WRITE, SizeHint.of(10_000)))) {
      assertThat(channel.size()).as("SizeHint.of is a hint only").isZero();
    }
    byte[] content = bytes(10, 8);
    try (FileChannel channel = tier.open(KEY, options(CREATE, WRITE, SizeHint.preallocate(1)))) {
      write(channel, content, 0);
    }
    assertThat(tier.size(KEY)).as("a hint only acts when the open creates").isEqualTo(10_000);
  }

  @Test
  void shouldShareBytesAndKeepOwnPositionsWhenTwoChannelsOpenOneKey() throws IOException {
    byte[] content = bytes(100, 9);
    try (FileChannel first = create(KEY, new byte[0]);
        FileChannel second = tier.open(KEY, options(READ, WRITE))) {
      first.write(ByteBuffer.wrap(content));
      assertThat(first.position()).isEqualTo(100);
      assertThat(second.position()).isZero();
      assertThat(second.size()).isEqualTo(100);
      assertThat(contents(second)).isEqualTo(content);
      second.truncate(40);
      assertThat(first.size()).isEqualTo(40);
      assertThat(tier.size(KEY)).isEqualTo(40);
    }
  }

  @Test
  void shouldAcceptKeyWhenNestedOrUnicodeOrSegmentAtLimit() throws IOException {
    List<String> keys =
        List.of("a/b/c/d/e", "ключ/é.log", "x".repeat(200), "topic-1/" + "y".repeat(100));
    for (String key : keys) {
      put(key, bytes(3, key.length()));
    }
    assertThat(tier.keys()).containsExactlyInAnyOrderElementsOf(keys);
    for (String key : keys) {
      assertThat(read(key)).isEqualTo(bytes(3, key.length()));
    }
  }

  @Test
  void shouldRejectInvalidKeyWhenAnyMethodGetsIt() throws IOException {
    put(KEY, bytes(1, 10));
    List<String> invalid =
        List.of(
            "",
            "/abs",
            "a//b",
            "a/",
            "./a",
            "a/../b",
            "..",
            "a\0b",
            "x" + StorageTier.INCOMPLETE_SUFFIX,
            StorageTier.RESERVED_PREFIX + ".lock",
            StorageTier.RESERVED_PREFIX + "/x",
            "s".repeat(256));
    Problems problems = new Problems();
    for (String bad : invalid) {
      String as = " of key '" + bad.replace("\0", "\\0") + "'";
      Class<IllegalArgumentException> iae = IllegalArgumentException.class;
      problems.expectThrows("open" + as, iae, () -> tier.open(bad, options(CREATE, WRITE)));
      problems.expectThrows("exists" + as, iae, () -> tier.exists(bad));
      problems.expectThrows("size" + as, iae, () -> tier.size(bad));
      problems.expectThrows("rename to" + as, iae, () -> tier.rename(KEY, bad));
      problems.expectThrows("rename from" + as, iae, () -> tier.rename(bad, OTHER));
      problems.expectThrows("delete" + as, iae, () -> tier.delete(bad));
      problems.expectThrows(
          "createIncomplete" + as, iae, () -> tier.createIncomplete(bad, SizeHint.NONE));
      problems.expectThrows("publish" + as, iae, () -> tier.publish(bad));
      problems.expectThrows("discardIncomplete" + as, iae, () -> tier.discardIncomplete(bad));
    }
    problems.assertNone();
    assertThat(tier.keys()).containsExactly(KEY);
    assertThat(tier.incompleteKeys()).isEmpty();
  }
}
