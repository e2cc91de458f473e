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

/** {@code read(ByteBuffer[])} and {@code write(ByteBuffer[])}, whole arrays and subranges. */
abstract class ScatterGatherContract extends ContractTestBase {

  @Test
  void shouldGatherBuffersInOrderWhenWritingArray() throws IOException {
    byte[] a = bytes(10, 1);
    byte[] b = bytes(5000, 2);
    byte[] c = bytes(3, 3);
    ByteBuffer[] srcs = {
      BufferKind.HEAP.source(a), BufferKind.DIRECT.source(b), BufferKind.READ_ONLY_HEAP.source(c)
    };
    try (FileChannel channel = openReadWrite()) {
      channel.position(2);
      assertThat(channel.write(srcs)).isEqualTo(5013);
      for (ByteBuffer src : srcs) {
        assertThat(src.hasRemaining()).isFalse();
      }
      assertPositionAndSize(channel, 5015, 5015);
      assertThat(contents(channel)).isEqualTo(concat(new byte[2], a, b, c));
    }
  }

  @Test
  void shouldScatterIntoBuffersInOrderWhenReadingArray() throws IOException {
    byte[] data = bytes(100, 4);
    ByteBuffer[] dsts = {
      BufferKind.HEAP.destination(10),
      BufferKind.SLICED_DIRECT.destination(20),
      BufferKind.OFFSET_HEAP.destination(30)
    };
    try (FileChannel channel = openWith(data)) {
      channel.position(5);
      assertThat(channel.read(dsts)).isEqualTo(60);
      assertThat(BufferKind.consumed(dsts[0], 0)).isEqualTo(slice(data, 5, 15));
      assertThat(BufferKind.consumed(dsts[1], 0)).isEqualTo(slice(data, 15, 35));
      assertThat(BufferKind.consumed(dsts[2], BufferKind.PAD)).isEqualTo(slice(data, 35, 65));
      assertPositionAndSize(channel, 65, 100);
    }
  }

  @Test
  void shouldFillPartiallyWhenScatterReachesEnd() throws IOException {
    byte[] data = bytes(10, 5);
    ByteBuffer full = ByteBuffer.allocate(4).position(4);
    ByteBuffer second = ByteBuffer.allocate(3);
    ByteBuffer third = ByteBuffer.allocate(5);
    try (FileChannel channel = openWith(data)) {
      channel.position(4);
      assertThat(channel.read(new ByteBuffer[] {full, second, third})).isEqualTo(6);
      assertThat(new int[] {full.position(), second.position(), third.position()})
          .containsExactly(4, 3, 3);
      assertThat(second.array()).isEqualTo(slice(data, 4, 7));
      assertThat(slice(third.array(), 0, 3)).isEqualTo(slice(data, 7, 10));
      assertPositionAndSize(channel, 10, 10);
      assertThat(channel.read(new ByteBuffer[] {third})).isEqualTo(-1);
    }
  }

  @Test
  void shouldReturnZeroWhenArrayHasNothingRemaining() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 6))) {
      ByteBuffer empty = ByteBuffer.allocate(0);
      assertThat(channel.read(new ByteBuffer[0])).isZero();
      assertThat(channel.read(new ByteBuffer[] {empty, empty})).isZero();
      assertThat(channel.write(new ByteBuffer[0])).isZero();
      assertThat(channel.write(new ByteBuffer[] {empty})).isZero();
      channel.position(10);
      assertThat(channel.read(new ByteBuffer[] {empty})).isZero();
      channel.position(20);
      assertThat(channel.write(new ByteBuffer[] {empty})).isZero();
      assertPositionAndSize(channel, 20, 10);
    }
  }

  @Test
  void shouldUseOnlySubrangeWhenOffsetAndLengthGiven() throws IOException {
    byte[] data = bytes(100, 7);
    ByteBuffer[] dsts = {
      ByteBuffer.allocate(4), ByteBuffer.allocate(5), ByteBuffer.allocate(6), ByteBuffer.allocate(7)
    };
    try (FileChannel channel = openWith(data)) {
      assertThat(channel.read(dsts, 1, 2)).isEqualTo(11);
      assertThat(new int[] {dsts[0].position(), dsts[3].position()}).containsExactly(0, 0);
      assertThat(concat(dsts[1].array(), dsts[2].array())).isEqualTo(slice(data, 0, 11));
      assertThat(channel.read(dsts, 4, 0)).isZero();

      byte[] a = bytes(3, 8);
      byte[] b = bytes(4, 9);
      ByteBuffer[] srcs = {ByteBuffer.wrap(a), ByteBuffer.wrap(b), ByteBuffer.wrap(a)};
      assertThat(channel.write(srcs, 1, 1)).isEqualTo(4);
      assertThat(new int[] {srcs[0].position(), srcs[1].position(), srcs[2].position()})
          .containsExactly(0, 4, 0);
      assertPositionAndSize(channel, 15, 100);
      assertThat(readAt(channel, 11, 4)).isEqualTo(b);
    }
  }

  @Test
  void shouldSkipDrainedBuffersWhenGatheringPartiallyFilledArray() throws IOException {
    byte[] a = bytes(6, 10);
    byte[] b = bytes(8, 11);
    ByteBuffer drained = ByteBuffer.wrap(a).position(6);
    ByteBuffer partial = ByteBuffer.wrap(b).position(2).limit(7);
    try (FileChannel channel = openReadWrite()) {
      assertThat(channel.write(new ByteBuffer[] {drained, partial, ByteBuffer.wrap(a)}))
          .isEqualTo(11);
      assertThat(partial.position()).isEqualTo(7);
      assertThat(partial.limit()).isEqualTo(7);
      assertThat(contents(channel)).isEqualTo(concat(slice(b, 2, 7), a));
    }
  }

  @Test
  void shouldThrowIndexOutOfBoundsWhenOffsetOrLengthBad() throws IOException {
    ByteBuffer[] buffers = {ByteBuffer.allocate(3), ByteBuffer.allocate(3)};
    int[][] badRanges = {{-1, 1}, {0, -1}, {1, 2}, {0, 3}, {3, 0}};
    try (FileChannel channel = openWith(bytes(10, 12))) {
      for (int[] range : badRanges) {
        assertThrowsExactly(
            IndexOutOfBoundsException.class, () -> channel.read(buffers, range[0], range[1]));
        assertThrowsExactly(
            IndexOutOfBoundsException.class, () -> channel.write(buffers, range[0], range[1]));
      }
      assertThat(buffers[0].position()).isZero();
      assertPositionAndSize(channel, 0, 10);
    }
  }

  @Test
  void shouldRejectReadOnlyBufferWhenScattering() throws IOException {
    ByteBuffer[] dsts = {ByteBuffer.allocate(3), ByteBuffer.allocate(3).asReadOnlyBuffer()};
    try (FileChannel channel = openWith(bytes(10, 13))) {
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.read(dsts));
      assertThat(dsts[0].position()).isZero();
      assertPositionAndSize(channel, 0, 10);
      assertThat(channel.read(dsts, 0, 1)).isEqualTo(3);
    }
  }
}
