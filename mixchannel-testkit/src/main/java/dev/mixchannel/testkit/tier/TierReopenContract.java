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

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.channel.ContractSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import org.junit.jupiter.api.Test;

/**
 * {@link StorageTier#reopen} when the tier declares {@link TierCapability#REOPEN}, and what other
 * channels of a key do when an interrupt closes one ({@link TierCapability#CLOSE_ON_INTERRUPT}).
 */
abstract class TierReopenContract extends TierContractBase {

  @Test
  @SuppressWarnings("try") // closes a try resource early: the reopened handle outlives it
  void shouldShareBytesAndLiveOnAloneWhenReopeningLiveKey() throws IOException {
    assumeCapability(TierCapability.REOPEN);
    byte[] content = bytes(1000, 1);
    FileChannel original = create(KEY, content);
    try (FileChannel reopened = tier.reopen(original)) {
      assertThat(reopened).isNotSameAs(original);
      assertThat(reopened.position()).isZero();
      assertThat(contents(reopened)).isEqualTo(content);
      write(reopened, bytes(10, 2), 1000);
      assertThat(original.size()).isEqualTo(1010);
      write(original, bytes(10, 3), 1010);
      assertThat(reopened.size()).isEqualTo(1020);

      original.close();
      assertThat(reopened.isOpen()).isTrue();
      write(reopened, bytes(5, 4), 0);
      try (FileChannel again = tier.reopen(reopened)) {
        reopened.close();
        assertThat(again.position()).isZero();
        assertThat(again.size()).isEqualTo(1020);
        write(again, bytes(5, 5), 1020);
      }
    }
    assertThat(tier.size(KEY)).isEqualTo(1025);
    assertThat(read(KEY)).startsWith(bytes(5, 4)).endsWith(bytes(5, 5));
  }

  @Test
  @SuppressWarnings("try") // closes a try resource early: the reopened handle outlives it
  void shouldKeepDeletedBytesReachableWhenReopeningAfterDelete() throws IOException {
    assumeCapability(TierCapability.REOPEN);
    byte[] content = bytes(2000, 6);
    try (FileChannel original = create(KEY, content)) {
      assertThat(tier.delete(KEY)).isTrue();
      FileChannel reopened = tier.reopen(original);
      original.close();
      try (reopened) {
        assertThat(contents(reopened)).isEqualTo(content);
        write(reopened, bytes(10, 7), 2000);
        assertThat(reopened.size()).isEqualTo(2010);
      }
    }
    assertThat(tier.exists(KEY)).isFalse();
    assertThat(tier.keys()).isEmpty();
  }

  @Test
  void shouldFollowRenameWhenReopeningAfterRename() throws IOException {
    assumeCapability(TierCapability.REOPEN);
    byte[] content = bytes(500, 8);
    try (FileChannel original = create(KEY, content)) {
      tier.rename(KEY, OTHER);
      try (FileChannel reopened = tier.reopen(original)) {
        assertThat(contents(reopened)).isEqualTo(content);
        write(reopened, bytes(10, 9), 500);
      }
    }
    assertThat(tier.size(OTHER)).isEqualTo(510);
  }

  @Test
  @SuppressWarnings("try") // closes a try resource early: the reopened handle outlives it
  void shouldReachReplacedBytesWhenReopeningAfterRenameOver() throws IOException {
    assumeCapability(TierCapability.REOPEN);
    byte[] replacedBytes = bytes(500, 10);
    byte[] newBytes = bytes(300, 11);
    put(KEY, newBytes);
    try (FileChannel replaced = create(OTHER, replacedBytes)) {
      tier.rename(KEY, OTHER);
      try (FileChannel reopened = tier.reopen(replaced)) {
        replaced.close();
        assertThat(contents(reopened)).isEqualTo(replacedBytes);
        write(reopened, bytes(10, 12), 0);
      }
    }
    assertThat(read(OTHER)).isEqualTo(newBytes);
  }

  @Test
  void shouldReopenIncompleteChannelWhenCreatedIncomplete() throws IOException {
    assumeCapability(TierCapability.REOPEN);
    byte[] content = bytes(100, 13);
    try (FileChannel incomplete = createIncomplete(KEY, content);
        FileChannel reopened = tier.reopen(incomplete)) {
      assertThat(contents(reopened)).isEqualTo(content);
      write(reopened, bytes(10, 14), 100);
      tier.publish(KEY);
      write(reopened, bytes(10, 15), 110);
    }
    assertThat(read(KEY)).isEqualTo(ContractSupport.concat(content, bytes(10, 14), bytes(10, 15)));
  }

  @Test
  void shouldThrowClosedChannelWhenReopeningClosedChannel() throws IOException {
    assumeCapability(TierCapability.REOPEN);
    FileChannel channel = create(KEY, bytes(10, 16));
    channel.close();
    assertThrowsExactly(ClosedChannelException.class, () -> tier.reopen(channel));
  }

  @Test
  void shouldThrowIllegalArgumentWhenReopeningForeignChannel() throws IOException {
    assumeCapability(TierCapability.REOPEN);
    try (FileChannel foreign = FileChannel.open(outside.resolve("foreign"), CREATE, READ, WRITE)) {
      assertThrowsExactly(IllegalArgumentException.class, () -> tier.reopen(foreign));
    }
  }

  @Test
  void shouldThrowUnsupportedWhenReopeningWithoutCapability() throws IOException {
    assumeNoCapability(TierCapability.REOPEN);
    try (FileChannel channel = create(KEY, bytes(10, 17))) {
      assertThrowsExactly(UnsupportedOperationException.class, () -> tier.reopen(channel));
    }
  }

  @Test
  void shouldKeepOtherChannelsWorkingWhenInterruptClosesOneOfDeletedKey() throws IOException {
    assertOtherSurvivesInterruptAfter(18, () -> assertThat(tier.delete(KEY)).isTrue());
  }

  @Test
  void shouldKeepOtherChannelsWorkingWhenInterruptClosesOneOfReplacedKey() throws IOException {
    assertOtherSurvivesInterruptAfter(
        19,
        () -> {
          put(OTHER, bytes(10, 20));
          tier.rename(OTHER, KEY);
        });
  }

  /** A change of the key's name while two channels of it are open. */
  @FunctionalInterface
  private interface KeyChange {
    void apply() throws IOException;
  }

  /**
   * With {@link TierCapability#CLOSE_ON_INTERRUPT}: opens two channels of {@link #KEY}, created
   * with 1000 bytes made with {@code seed}, and makes {@code change}. Then interrupts this thread
   * during a write on the first, and checks that the other (and, with {@link
   * TierCapability#REOPEN}, a reopen of it) still reads and writes the bytes.
   */
  private void assertOtherSurvivesInterruptAfter(int seed, KeyChange change) throws IOException {
    assumeCapability(TierCapability.CLOSE_ON_INTERRUPT);
    byte[] content = bytes(1000, seed);
    try (FileChannel interrupted = create(KEY, content);
        FileChannel other = tier.open(KEY, options(READ, WRITE))) {
      change.apply();
      assertInterruptSpares(interrupted, other, content);
    }
  }

  private void assertInterruptSpares(FileChannel interrupted, FileChannel other, byte[] content)
      throws IOException {
    Thread.currentThread().interrupt();
    try {
      assertThrowsExactly(
          ClosedByInterruptException.class, () -> interrupted.write(ByteBuffer.allocate(1), 0));
    } finally {
      Thread.interrupted();
    }
    assertThrowsExactly(
        ClosedChannelException.class, () -> interrupted.write(ByteBuffer.allocate(1), 0));
    assertThat(contents(other)).isEqualTo(content);
    write(other, bytes(10, 21), 1000);
    assertThat(other.size()).isEqualTo(1010);
    if (has(TierCapability.REOPEN)) {
      try (FileChannel reopened = tier.reopen(other)) {
        assertThat(reopened.size()).isEqualTo(1010);
        write(reopened, bytes(10, 22), 1010);
      }
      assertThat(other.size()).isEqualTo(1020);
    }
  }
}
