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
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.channel.ContractSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/**
 * The two-phase create migration relies on: {@link StorageTier#createIncomplete}, {@link
 * StorageTier#publish}, {@link StorageTier#discardIncomplete} and {@link
 * StorageTier#incompleteKeys}.
 */
abstract class TierIncompleteContract extends TierContractBase {

  @Test
  void shouldHideIncompleteKeyFromCompleteQueriesWhenCreated() throws IOException {
    try (FileChannel channel = tier.createIncomplete(KEY, SizeHint.of(1000))) {
      assertThat(channel.size()).isZero();
      assertThat(channel.position()).isZero();
      write(channel, bytes(1000, 1), 0);
      assertThat(contents(channel)).isEqualTo(bytes(1000, 1));

      assertThat(tier.exists(KEY)).isFalse();
      assertThrowsExactly(NoSuchFileException.class, () -> tier.open(KEY, options(READ)));
      assertThrowsExactly(NoSuchFileException.class, () -> tier.size(KEY));
      assertThrowsExactly(NoSuchFileException.class, () -> tier.rename(KEY, OTHER));
      assertThat(tier.delete(KEY)).as("delete ignores incomplete keys").isFalse();
      assertThat(tier.keys()).isEmpty();
      assertThat(tier.incompleteKeys()).containsExactly(KEY);
    }
    assertThat(tier.incompleteKeys()).as("closing the channel keeps the key").containsExactly(KEY);
  }

  @Test
  void shouldPublishBytesAndKeepChannelWorkingWhenPublished() throws IOException {
    byte[] content = bytes(3000, 2);
    try (FileChannel channel = createIncomplete(KEY, content)) {
      tier.publish(KEY);
      assertThat(tier.incompleteKeys()).isEmpty();
      assertThat(tier.keys()).containsExactly(KEY);
      assertThat(tier.exists(KEY)).isTrue();
      assertThat(tier.size(KEY)).isEqualTo(3000);
      assertThat(read(KEY)).isEqualTo(content);

      byte[] more = bytes(100, 3);
      write(channel, more, 3000);
      assertThat(read(KEY)).isEqualTo(ContractSupport.concat(content, more));
      assertThat(tier.size(KEY)).isEqualTo(3100);
    }
    assertThat(tier.size(KEY)).isEqualTo(3100);
  }

  @Test
  void shouldPublishWhenChannelClosedBeforehand() throws IOException {
    byte[] content = bytes(100, 4);
    createIncomplete(KEY, content).close();
    tier.publish(KEY);
    assertThat(read(KEY)).isEqualTo(content);
  }

  @Test
  void shouldThrowFileAlreadyExistsWhenCreatingIncompleteOverAnyKey() throws IOException {
    put(KEY, bytes(10, 5));
    assertThrowsExactly(
        FileAlreadyExistsException.class, () -> tier.createIncomplete(KEY, SizeHint.NONE));
    createIncomplete(OTHER, bytes(10, 6)).close();
    assertThrowsExactly(
        FileAlreadyExistsException.class, () -> tier.createIncomplete(OTHER, SizeHint.NONE));
    assertThat(read(KEY)).isEqualTo(bytes(10, 5));
    assertThat(tier.incompleteKeys()).containsExactly(OTHER);
  }

  @Test
  void shouldThrowNoSuchFileWhenPublishingMissingIncompleteKey() throws IOException {
    assertThrowsExactly(NoSuchFileException.class, () -> tier.publish(KEY));
    put(OTHER, bytes(10, 7));
    assertThrowsExactly(NoSuchFileException.class, () -> tier.publish(OTHER));
    createIncomplete(KEY, bytes(10, 8)).close();
    tier.publish(KEY);
    assertThrowsExactly(NoSuchFileException.class, () -> tier.publish(KEY));
    assertThat(tier.keys()).containsExactlyInAnyOrder(KEY, OTHER);
  }

  @Test
  void shouldThrowFileAlreadyExistsAndChangeNothingWhenPublishingOverCompleteKey()
      throws IOException {
    byte[] incompleteBytes = bytes(100, 9);
    byte[] completeBytes = bytes(50, 10);
    try (FileChannel incomplete = createIncomplete(KEY, incompleteBytes)) {
      put(OTHER, completeBytes);
      tier.rename(OTHER, KEY);
      assertThrowsExactly(FileAlreadyExistsException.class, () -> tier.publish(KEY));
      assertThat(read(KEY)).isEqualTo(completeBytes);
      assertThat(tier.incompleteKeys()).containsExactly(KEY);
      assertThat(contents(incomplete)).isEqualTo(incompleteBytes);
    }
  }

  @Test
  @SuppressWarnings("try") // the unreferenced open channels keep the keys incomplete
  void shouldDiscardOnlyIncompleteKeyWhenCompleteKeyHasSameName() throws IOException {
    try (FileChannel incomplete = createIncomplete(KEY, bytes(100, 11))) {
      try (FileChannel complete = tier.open(KEY, options(CREATE_NEW, READ, WRITE))) {
        complete.write(ByteBuffer.wrap(bytes(20, 12)));
      }
      assertThat(tier.keys()).containsExactly(KEY);
      assertThat(tier.incompleteKeys()).containsExactly(KEY);
      assertThat(tier.discardIncomplete(KEY)).isTrue();
      assertThat(tier.discardIncomplete(KEY)).isFalse();
      assertThat(tier.incompleteKeys()).isEmpty();
      assertThat(read(KEY)).isEqualTo(bytes(20, 12));
    }
    try (FileChannel again = createIncomplete(OTHER, bytes(10, 13))) {
      assertThat(tier.delete(OTHER)).isFalse();
      assertThat(tier.incompleteKeys()).containsExactly(OTHER);
    }
    assertThat(tier.discardIncomplete(TOP)).isFalse();
  }

  @Test
  void shouldDeleteAndRenameOnlyCompleteKeyWhenIncompleteKeyHasSameName() throws IOException {
    createIncomplete(KEY, bytes(100, 14)).close();
    put(KEY, bytes(20, 15));
    tier.rename(KEY, OTHER);
    assertThat(tier.keys()).containsExactly(OTHER);
    assertThat(tier.incompleteKeys()).containsExactly(KEY);
    assertThat(tier.delete(OTHER)).isTrue();
    assertThat(tier.incompleteKeys()).containsExactly(KEY);
    tier.publish(KEY);
    assertThat(read(KEY)).isEqualTo(bytes(100, 14));
  }

  @Test
  void shouldCreateIncompleteAgainWhenDiscarded() throws IOException {
    createIncomplete(KEY, bytes(100, 16)).close();
    assertThat(tier.discardIncomplete(KEY)).isTrue();
    try (FileChannel channel = tier.createIncomplete(KEY, SizeHint.NONE)) {
      assertThat(channel.size()).isZero();
      write(channel, bytes(10, 17), 0);
    }
    tier.publish(KEY);
    assertThat(read(KEY)).isEqualTo(bytes(10, 17));
  }
}
