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
package dev.mixchannel.testkit.channel;

import static dev.mixchannel.testkit.channel.ContractSupport.assertPositionAndSize;
import static dev.mixchannel.testkit.channel.ContractSupport.assertThrowsExactly;
import static dev.mixchannel.testkit.channel.ContractSupport.bytes;
import static dev.mixchannel.testkit.channel.ContractSupport.concat;
import static dev.mixchannel.testkit.channel.ContractSupport.contents;
import static dev.mixchannel.testkit.channel.ContractSupport.slice;
import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.NonWritableChannelException;
import org.junit.jupiter.api.Test;

/** {@code truncate}: shrinks, never grows, clamps the position; and {@code force}. */
abstract class TruncateForceContract extends ContractTestBase {

  @Test
  void shouldShrinkAndReturnThisWhenTruncatingBelowSize() throws IOException {
    byte[] data = bytes(100, 1);
    try (FileChannel channel = openWith(data)) {
      assertTruncatesTo(channel, 40, slice(data, 0, 40));
      assertTruncatesTo(channel, 0, new byte[0]);
    }
  }

  @Test
  void shouldNotGrowWhenTruncatingAboveSize() throws IOException {
    byte[] data = bytes(100, 2);
    try (FileChannel channel = openWith(data)) {
      assertTruncatesTo(channel, 110, data);
      assertTruncatesTo(channel, 100, data);
    }
  }

  @Test
  void shouldClampPositionWhenTruncatingBelowPosition() throws IOException {
    try (FileChannel channel = openWith(bytes(100, 3))) {
      truncateAt(channel, 80, 40);
      assertPositionAndSize(channel, 40, 40);
      truncateAt(channel, 10, 20);
      assertPositionAndSize(channel, 10, 20);
    }
  }

  @Test
  void shouldClampPositionWhenTruncatingAboveSizeButBelowPosition() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 4))) {
      truncateAt(channel, 100, 50);
      assertPositionAndSize(channel, 50, 10);
    }
  }

  @Test
  void shouldSeeTruncateFromOtherHandle() throws IOException {
    try (FileChannel first = openWith(bytes(100, 5));
        FileChannel second = open(NAME, READ)) {
      second.position(90);
      first.truncate(30);
      assertPositionAndSize(second, 90, 30);
      assertThat(second.read(ByteBuffer.allocate(4))).isEqualTo(-1);
    }
  }

  @Test
  void shouldRejectTruncateWhenReadOnly() throws IOException {
    createFile(NAME, bytes(10, 6));
    try (FileChannel channel = open(NAME, READ)) {
      assertThrowsExactly(NonWritableChannelException.class, () -> channel.truncate(5));
      assertThrowsExactly(NonWritableChannelException.class, () -> channel.truncate(50));
      assertPositionAndSize(channel, 0, 10);
    }
  }

  @Test
  void shouldRejectNegativeSizeWhenTruncating() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 7))) {
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.truncate(-1));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.truncate(Long.MIN_VALUE));
      assertPositionAndSize(channel, 0, 10);
    }
  }

  @Test
  void shouldForceWhenWritable() throws IOException {
    byte[] data = bytes(5000, 8);
    try (FileChannel channel = openWith(data)) {
      channel.force(true);
      channel.write(ByteBuffer.wrap(data), 5000);
      channel.force(false);
      assertThat(contents(channel)).isEqualTo(concat(data, data));
    }
  }

  @Test
  void shouldForceWhenReadOnly() throws IOException {
    byte[] data = bytes(100, 9);
    createFile(NAME, data);
    try (FileChannel channel = open(NAME, READ)) {
      channel.force(true);
      channel.force(false);
      assertThat(contents(channel)).isEqualTo(data);
    }
  }

  /** Moves a channel to {@code position}, then truncates it to {@code size}. */
  private static void truncateAt(FileChannel channel, long position, long size) throws IOException {
    channel.position(position);
    channel.truncate(size);
  }

  /**
   * Truncates a channel at position 0: it returns the channel, stays at position 0 and then holds
   * exactly {@code expected}.
   */
  private static void assertTruncatesTo(FileChannel channel, long size, byte[] expected)
      throws IOException {
    assertThat(channel.truncate(size)).isSameAs(channel);
    assertPositionAndSize(channel, 0, expected.length);
    assertThat(contents(channel)).isEqualTo(expected);
  }
}
