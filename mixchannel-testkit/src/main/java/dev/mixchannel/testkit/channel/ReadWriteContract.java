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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Relative and positional reads and writes with every buffer kind, and the buffer state after. */
abstract class ReadWriteContract extends ContractTestBase {

  @ParameterizedTest
  @EnumSource(BufferKind.class)
  void shouldWriteRelativeFromEachBufferKind(BufferKind kind) throws IOException {
    byte[] data = bytes(1000, 1);
    try (FileChannel channel = openReadWrite()) {
      assertWritesAll(kind.source(data), channel::write, 1000);
      assertPositionAndSize(channel, 1000, 1000);
      assertThat(contents(channel)).isEqualTo(data);
    }
  }

  @ParameterizedTest
  @EnumSource(value = BufferKind.class, names = "READ_ONLY_.*", mode = EnumSource.Mode.MATCH_NONE)
  void shouldReadRelativeIntoEachWritableBufferKind(BufferKind kind) throws IOException {
    byte[] data = bytes(300, 2);
    try (FileChannel channel = openWith(data)) {
      channel.position(3);
      ByteBuffer dst = kind.destination(100);
      int limit = dst.limit();
      assertReadsInto(dst, channel::read, slice(data, 3, 103));
      assertThat(dst.limit()).isEqualTo(limit);
      assertPositionAndSize(channel, 103, 300);
    }
  }

  @ParameterizedTest
  @EnumSource(BufferKind.class)
  void shouldWriteAtPositionWithoutMovingChannelPosition(BufferKind kind) throws IOException {
    byte[] data = bytes(100, 3);
    byte[] patch = bytes(50, 4);
    try (FileChannel channel = openWith(data)) {
      channel.position(7);
      assertWritesAll(kind.source(patch), src -> channel.write(src, 20), 50);
      assertPositionAndSize(channel, 7, 100);
      assertThat(contents(channel))
          .isEqualTo(concat(slice(data, 0, 20), patch, slice(data, 70, 100)));
    }
  }

  @ParameterizedTest
  @EnumSource(value = BufferKind.class, names = "READ_ONLY_.*", mode = EnumSource.Mode.MATCH_NONE)
  void shouldReadAtPositionWithoutMovingChannelPosition(BufferKind kind) throws IOException {
    byte[] data = bytes(300, 5);
    try (FileChannel channel = openWith(data)) {
      channel.position(11);
      assertReadsInto(kind.destination(64), dst -> channel.read(dst, 200), slice(data, 200, 264));
      assertPositionAndSize(channel, 11, 300);
    }
  }

  @Test
  void shouldAdvancePositionWhenReadingAndWritingRelative() throws IOException {
    byte[] first = bytes(10, 6);
    byte[] second = bytes(20, 7);
    try (FileChannel channel = openReadWrite()) {
      assertPositionAndSize(channel, 0, 0);
      channel.write(ByteBuffer.wrap(first));
      channel.write(ByteBuffer.wrap(second));
      assertPositionAndSize(channel, 30, 30);
      assertThat(channel.position(5)).isSameAs(channel);
      ByteBuffer dst = ByteBuffer.allocate(10);
      assertThat(channel.read(dst)).isEqualTo(10);
      assertThat(dst.array()).isEqualTo(concat(slice(first, 5, 10), slice(second, 0, 5)));
      assertPositionAndSize(channel, 15, 30);
      channel.write(ByteBuffer.wrap(first));
      assertPositionAndSize(channel, 25, 30);
      assertThat(contents(channel))
          .isEqualTo(concat(first, slice(second, 0, 5), first, slice(second, 15, 20)));
    }
  }

  @Test
  void shouldReturnShortCountWhenReadingAcrossEnd() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 8))) {
      channel.position(4);
      ByteBuffer dst = ByteBuffer.allocate(100);
      assertThat(channel.read(dst)).isEqualTo(6);
      assertThat(dst.position()).isEqualTo(6);
      assertPositionAndSize(channel, 10, 10);
      ByteBuffer positional = ByteBuffer.allocate(100);
      assertThat(channel.read(positional, 7)).isEqualTo(3);
      assertThat(positional.position()).isEqualTo(3);
    }
  }

  @Test
  void shouldKeepBytesWhenChannelIsReopened() throws IOException {
    byte[] data = bytes(4 * KIB + 1, 9);
    try (FileChannel channel = openReadWrite()) {
      channel.write(ByteBuffer.wrap(data));
    }
    try (FileChannel channel = open(NAME)) {
      assertPositionAndSize(channel, 0, data.length);
      assertThat(contents(channel)).isEqualTo(data);
    }
  }

  @Test
  void shouldHandleBuffersSpanningSeveralChunksWhenLarge() throws IOException {
    int gapBytes = 4 * MIB - 7;
    byte[] data = bytes(8 * MIB - 3, 10);
    byte[] patch = bytes(5 * MIB + 11, 11);
    try (FileChannel channel = openReadWrite()) {
      channel.position(gapBytes);
      assertThat(channel.write(BufferKind.DIRECT.source(data))).isEqualTo(data.length);
      assertPositionAndSize(channel, gapBytes + data.length, gapBytes + data.length);
      assertThat(readAt(channel, 0, gapBytes)).isEqualTo(new byte[gapBytes]);
      assertThat(readAt(channel, gapBytes, data.length)).isEqualTo(data);

      assertThat(channel.write(ByteBuffer.wrap(patch), 3 * MIB)).isEqualTo(patch.length);
      channel.position(3 * MIB - 1);
      ByteBuffer dst = ByteBuffer.allocateDirect(patch.length + 2);
      while (dst.hasRemaining() && channel.read(dst) > 0) {
        continue;
      }
      dst.flip();
      byte[] back = new byte[dst.remaining()];
      dst.get(back);
      assertThat(back)
          .isEqualTo(
              concat(
                  new byte[1],
                  patch,
                  slice(
                      data,
                      3 * MIB + patch.length - gapBytes,
                      3 * MIB + patch.length - gapBytes + 1)));
    }
  }

  /** A relative or positional read or write with one buffer. */
  @FunctionalInterface
  private interface BufferCall {
    int apply(ByteBuffer buffer) throws IOException;
  }

  /** Writes {@code src} with {@code write}: {@code count} bytes, all of it, its limit unchanged. */
  private static void assertWritesAll(ByteBuffer src, BufferCall write, int count)
      throws IOException {
    int limit = src.limit();
    assertThat(write.apply(src)).isEqualTo(count);
    assertThat(src.position()).isEqualTo(limit);
    assertThat(src.limit()).isEqualTo(limit);
  }

  /**
   * Reads into {@code dst} with {@code read}: as many bytes as {@code expected} holds, the buffer's
   * position moved past them, and they are {@code expected}.
   */
  private static void assertReadsInto(ByteBuffer dst, BufferCall read, byte[] expected)
      throws IOException {
    int start = dst.position();
    assertThat(read.apply(dst)).isEqualTo(expected.length);
    assertThat(dst.position()).isEqualTo(start + expected.length);
    assertThat(BufferKind.consumed(dst, start)).isEqualTo(expected);
  }
}
