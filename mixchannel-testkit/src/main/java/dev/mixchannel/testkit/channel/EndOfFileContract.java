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
import static dev.mixchannel.testkit.channel.ContractSupport.readAt;
import static dev.mixchannel.testkit.channel.ContractSupport.slice;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.junit.jupiter.api.Test;

/**
 * Reads at and past the end, empty buffers, read-only destinations, positions beyond the size and
 * the zero-filled gap that a write past the end leaves.
 */
abstract class EndOfFileContract extends ContractTestBase {

  @Test
  void shouldReturnMinusOneWhenReadingAtEnd() throws IOException {
    assertReadReturnsMinusOneAt(10, 1);
  }

  @Test
  void shouldReturnMinusOneWhenReadingOnEmptyFile() throws IOException {
    try (FileChannel channel = openReadWrite()) {
      assertThat(channel.read(ByteBuffer.allocate(5))).isEqualTo(-1);
      assertThat(channel.read(ByteBuffer.allocate(5), 0)).isEqualTo(-1);
      assertThat(channel.read(new ByteBuffer[] {ByteBuffer.allocate(5)})).isEqualTo(-1);
      assertPositionAndSize(channel, 0, 0);
    }
  }

  @Test
  void shouldReturnMinusOneWhenReadingPastEnd() throws IOException {
    assertReadReturnsMinusOneAt(1000, 2);
  }

  @Test
  void shouldReturnMinusOneWhenReadingAtOrPastEndWithPosition() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 3))) {
      ByteBuffer dst = ByteBuffer.allocate(5);
      assertThat(channel.read(dst, 10)).isEqualTo(-1);
      assertThat(channel.read(dst, 11)).isEqualTo(-1);
      assertThat(channel.read(dst, 1L << 40)).isEqualTo(-1);
      assertThat(dst.position()).isZero();
      assertPositionAndSize(channel, 0, 10);
    }
  }

  @Test
  void shouldReturnZeroWhenBufferHasNothingRemaining() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 4))) {
      ByteBuffer empty = ByteBuffer.allocate(8).position(8);
      channel.position(3);
      assertThat(channel.read(empty)).isZero();
      assertThat(channel.write(empty)).isZero();
      assertPositionAndSize(channel, 3, 10);
      channel.position(10);
      assertThat(channel.read(empty)).isZero();
      channel.position(50);
      assertThat(channel.read(empty)).isZero();
      assertThat(channel.write(empty)).isZero();
      assertThat(channel.read(empty, 5)).isZero();
      assertThat(channel.read(empty, 10)).isZero();
      assertThat(channel.read(empty, 100)).isZero();
      assertThat(channel.write(empty, 100)).isZero();
      assertThat(empty.position()).isEqualTo(8);
      assertPositionAndSize(channel, 50, 10);
    }
  }

  @Test
  void shouldRejectReadOnlyBufferWhenReading() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 5))) {
      channel.position(2);
      ByteBuffer dst = ByteBuffer.allocate(5).asReadOnlyBuffer();
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.read(dst));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.read(dst, 0));
      ByteBuffer emptyReadOnly = ByteBuffer.allocate(0).asReadOnlyBuffer();
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.read(emptyReadOnly));
      assertThat(dst.position()).isZero();
      assertPositionAndSize(channel, 2, 10);
    }
  }

  @Test
  void shouldKeepSizeWhenPositionMovesBeyondEnd() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 6))) {
      assertThat(channel.position(MIB)).isSameAs(channel);
      assertPositionAndSize(channel, MIB, 10);
      channel.position(3);
      assertPositionAndSize(channel, 3, 10);
    }
  }

  @Test
  void shouldZeroFillGapWhenWritingPastEndWithPosition() throws IOException {
    byte[] data = bytes(10, 7);
    byte[] tail = bytes(6, 8);
    try (FileChannel channel = openWith(data)) {
      assertThat(channel.write(ByteBuffer.wrap(tail), 5000)).isEqualTo(6);
      assertPositionAndSize(channel, 0, 5006);
      assertThat(contents(channel)).isEqualTo(concat(data, new byte[4990], tail));
    }
  }

  @Test
  void shouldZeroFillGapWhenWritingAfterPositionBeyondEnd() throws IOException {
    byte[] data = bytes(10, 9);
    byte[] tail = bytes(7, 10);
    try (FileChannel channel = openWith(data)) {
      channel.position(10 + 3000);
      assertThat(channel.write(ByteBuffer.wrap(tail))).isEqualTo(7);
      assertPositionAndSize(channel, 3017, 3017);
      assertThat(contents(channel)).isEqualTo(concat(data, new byte[3000], tail));
    }
  }

  @Test
  void shouldZeroFillGapAcrossChunksWhenWritingFarPastEnd() throws IOException {
    byte[] tail = bytes(3, 11);
    long at = 9L * MIB + 5;
    try (FileChannel channel = openWith(bytes(10, 12))) {
      assertThat(channel.write(ByteBuffer.wrap(tail), at)).isEqualTo(3);
      assertPositionAndSize(channel, 0, at + 3);
      for (long sample : new long[] {10, 4 * KIB, MIB - 1, MIB, 4L * MIB, 8L * MIB + 1, at - 1}) {
        assertThat(readAt(channel, sample, 1)).as("byte at %d", sample).containsExactly(0);
      }
      assertThat(readAt(channel, 10, 4 * MIB)).isEqualTo(new byte[4 * MIB]);
      assertThat(readAt(channel, at, 3)).isEqualTo(tail);
    }
  }

  @Test
  void shouldReadZerosWhereOldBytesWereTruncatedAway() throws IOException {
    byte[] data = bytes(200 * KIB, 13);
    try (FileChannel channel = openWith(data)) {
      channel.truncate(10);
      assertThat(channel.write(ByteBuffer.wrap(new byte[] {1}), 150 * KIB)).isEqualTo(1);
      assertThat(contents(channel))
          .isEqualTo(concat(slice(data, 0, 10), new byte[150 * KIB - 10], new byte[] {1}));
    }
  }

  /**
   * Reads with the position at {@code position}, at or past the end of ten bytes made with {@code
   * seed}: -1, and nothing moves.
   */
  private void assertReadReturnsMinusOneAt(long position, int seed) throws IOException {
    try (FileChannel channel = openWith(bytes(10, seed))) {
      channel.position(position);
      ByteBuffer dst = ByteBuffer.allocate(5);
      assertThat(channel.read(dst)).isEqualTo(-1);
      assertThat(dst.position()).isZero();
      assertPositionAndSize(channel, position, 10);
    }
  }
}
