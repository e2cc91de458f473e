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
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.testkit.channel.ContractSupport;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/**
 * The namespace of complete keys ({@link StorageTier#exists}, {@link StorageTier#size}, {@link
 * StorageTier#keys}, {@link StorageTier#rename}, {@link StorageTier#delete}) and capacity
 * accounting.
 */
abstract class TierNamespaceContract extends TierContractBase {

  @Test
  void shouldHoldNothingWhenTierIsNew() throws IOException {
    assertThat(tier.keys()).isEmpty();
    assertThat(tier.incompleteKeys()).isEmpty();
    assertThat(tier.exists(KEY)).isFalse();
    assertThat(tier.usedBytes()).isZero();
    assertThat(tier.capacityBytes()).isPositive();
  }

  @Test
  void shouldReportSizeOfChannelWhenChannelWritesAndTruncates() throws IOException {
    try (FileChannel channel = create(KEY, bytes(1000, 1))) {
      assertThat(tier.size(KEY)).isEqualTo(1000);
      write(channel, bytes(10, 2), 5000);
      assertThat(tier.size(KEY)).isEqualTo(5010);
      channel.truncate(7);
      assertThat(tier.size(KEY)).isEqualTo(7);
    }
    assertThat(tier.size(KEY)).isEqualTo(7);
  }

  @Test
  void shouldThrowNoSuchFileWhenSizeOfMissingKey() {
    assertThrowsExactly(NoSuchFileException.class, () -> tier.size(KEY));
  }

  @Test
  void shouldListEveryCompleteKeyWhenKeysAreNested() throws IOException {
    put(KEY, bytes(1, 3));
    put(OTHER, bytes(2, 4));
    put(TOP, new byte[0]);
    put("a/b/c/d", bytes(3, 5));
    assertThat(tier.keys()).containsExactlyInAnyOrder(KEY, OTHER, TOP, "a/b/c/d");
    assertThat(tier.exists("a/b/c/d")).isTrue();
    assertThat(tier.exists("a/b/c")).as("a directory of keys is not a key").isFalse();
    assertThat(tier.exists("a")).isFalse();
  }

  @Test
  void shouldMoveBytesWhenRenamingToNewKey() throws IOException {
    byte[] content = bytes(300, 6);
    put(KEY, content);
    tier.rename(KEY, "new/dir/renamed.log");
    assertThat(tier.exists(KEY)).isFalse();
    assertThrowsExactly(NoSuchFileException.class, () -> tier.open(KEY, options(READ)));
    assertThat(read("new/dir/renamed.log")).isEqualTo(content);
    assertThat(tier.keys()).containsExactly("new/dir/renamed.log");
    tier.rename("new/dir/renamed.log", TOP);
    assertThat(tier.keys()).containsExactly(TOP);
    assertThat(read(TOP)).isEqualTo(content);
  }

  @Test
  void shouldReplaceTargetAndKeepBothChannelsWorkingWhenRenamingOverExistingKey()
      throws IOException {
    byte[] fromBytes = bytes(300, 7);
    byte[] toBytes = bytes(200, 8);
    try (FileChannel from = create(KEY, fromBytes);
        FileChannel replaced = create(OTHER, toBytes)) {
      tier.rename(KEY, OTHER);
      assertThat(tier.keys()).containsExactly(OTHER);
      assertThat(read(OTHER)).isEqualTo(fromBytes);
      assertThat(tier.size(OTHER)).isEqualTo(300);

      byte[] more = bytes(50, 9);
      write(from, more, 300);
      assertThat(read(OTHER)).isEqualTo(ContractSupport.concat(fromBytes, more));
      assertThat(tier.size(OTHER)).isEqualTo(350);

      assertThat(contents(replaced))
          .as("the replaced key's channel keeps its bytes")
          .isEqualTo(toBytes);
      write(replaced, bytes(1000, 10), 200);
      assertThat(replaced.size()).isEqualTo(1200);
      assertThat(tier.size(OTHER)).as("writes to the replaced bytes stay there").isEqualTo(350);
    }
    assertThat(read(OTHER)).hasSize(350);
  }

  @Test
  void shouldThrowNoSuchFileWhenRenamingMissingKey() throws IOException {
    byte[] content = bytes(10, 11);
    put(OTHER, content);
    assertThrowsExactly(NoSuchFileException.class, () -> tier.rename(KEY, OTHER));
    assertThat(read(OTHER)).isEqualTo(content);
    assertThat(tier.keys()).containsExactly(OTHER);
  }

  @Test
  void shouldKeepKeyWhenRenamingToItself() throws IOException {
    byte[] content = bytes(10, 12);
    put(KEY, content);
    tier.rename(KEY, KEY);
    assertThat(tier.keys()).containsExactly(KEY);
    assertThat(read(KEY)).isEqualTo(content);
  }

  @Test
  void shouldReturnTrueOnlyOnceWhenDeletingKey() throws IOException {
    put(KEY, bytes(10, 13));
    put(OTHER, bytes(10, 14));
    assertThat(tier.delete(KEY)).isTrue();
    assertThat(tier.exists(KEY)).isFalse();
    assertThrowsExactly(NoSuchFileException.class, () -> tier.size(KEY));
    assertThrowsExactly(NoSuchFileException.class, () -> tier.open(KEY, options(READ)));
    assertThat(tier.delete(KEY)).isFalse();
    assertThat(tier.delete(TOP)).isFalse();
    assertThat(tier.keys()).containsExactly(OTHER);
  }

  @Test
  void shouldKeepBytesForOpenChannelsWhenKeyDeleted() throws IOException {
    byte[] content = bytes(5000, 15);
    try (FileChannel channel = create(KEY, content);
        FileChannel reader = tier.open(KEY, options(READ))) {
      assertThat(tier.delete(KEY)).isTrue();
      assertThat(contents(channel)).isEqualTo(content);
      byte[] more = bytes(100, 16);
      write(channel, more, 5000);
      assertThat(contents(reader)).isEqualTo(ContractSupport.concat(content, more));

      try (FileChannel recreated = tier.open(KEY, options(CREATE, READ, WRITE))) {
        assertThat(recreated.size()).as("a new key of the same name is new bytes").isZero();
        write(recreated, bytes(3, 17), 0);
      }
      assertThat(channel.size()).isEqualTo(5100);
    }
    assertThat(read(KEY)).isEqualTo(bytes(3, 17));
  }

  @Test
  @SuppressWarnings("try") // the unreferenced open channels hold the counted bytes
  void shouldCountUsedBytesWhenKeysGrowAndAreDeleted() throws IOException {
    long capacity = tier.capacityBytes();
    assertThat(tier.hasRoomFor(0)).isTrue();
    assertThat(tier.hasRoomFor(KIB)).isTrue();
    assertThat(tier.hasRoomFor(Long.MAX_VALUE)).isFalse();
    assertThat(tier.hasRoomFor(twice(capacity))).isFalse();
    try (FileChannel channel = create(KEY, bytes(100 * KIB, 18))) {
      assertThat(tier.usedBytes()).isBetween(100L * KIB, capacity);
      try (FileChannel incomplete = createIncomplete(OTHER, bytes(100 * KIB, 19))) {
        assertThat(tier.usedBytes()).as("incomplete keys count").isBetween(200L * KIB, capacity);
        assertThat(tier.discardIncomplete(OTHER)).isTrue();
      }
    }
    assertThat(tier.delete(KEY)).isTrue();
    assertThat(tier.usedBytes()).isZero();
  }

  @Test
  void shouldThrowTierFullWhenCreatingKeyLargerThanCapacity() throws IOException {
    long tooLarge = twice(tier.capacityBytes());
    Problems problems = new Problems();
    problems.expectThrows(
        "open with SizeHint.preallocate(2 * capacity)",
        TierFullException.class,
        () -> tier.open(KEY, options(CREATE, WRITE, SizeHint.preallocate(tooLarge))));
    problems.expectThrows(
        "createIncomplete with SizeHint.of(2 * capacity)",
        TierFullException.class,
        () -> tier.createIncomplete(KEY, SizeHint.of(tooLarge)));
    problems.expectThrows(
        "createIncomplete with SizeHint.of(Long.MAX_VALUE)",
        TierFullException.class,
        () -> tier.createIncomplete(OTHER, SizeHint.of(Long.MAX_VALUE)));
    problems.assertNone();
    assertThat(tier.keys()).isEmpty();
    assertThat(tier.incompleteKeys()).isEmpty();
  }

  private static long twice(long bytes) {
    return bytes > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * bytes;
  }
}
