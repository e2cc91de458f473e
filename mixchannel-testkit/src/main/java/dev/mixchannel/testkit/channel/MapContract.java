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
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileChannel.MapMode;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import org.junit.jupiter.api.Test;

/** {@code map} when the implementation declares {@link ChannelCapability#MAP}. */
abstract class MapContract extends ContractTestBase {

  @Test
  void shouldSeeFileBytesWhenMappedReadOnly() throws IOException {
    assumeCapability(ChannelCapability.MAP);
    byte[] data = bytes(3 * MIB, 1);
    try (FileChannel channel = openWith(data)) {
      MappedByteBuffer map = channel.map(MapMode.READ_ONLY, MIB - 3, MIB + 6);
      assertThat(map.isReadOnly()).isTrue();
      assertThat(new int[] {map.position(), map.limit(), map.capacity()})
          .containsExactly(0, MIB + 6, MIB + 6);
      assertThat(BufferKind.remaining(map)).isEqualTo(slice(data, MIB - 3, 2 * MIB + 3));
      channel.write(ByteBuffer.wrap(new byte[] {0}), MIB);
      assertThat(map.get(3)).as("a channel write seen through the mapping").isZero();
    }
  }

  @Test
  void shouldWriteThroughWhenMappedReadWrite() throws IOException {
    assumeCapability(ChannelCapability.MAP);
    byte[] data = bytes(100, 2);
    byte[] patch = bytes(10, 3);
    try (FileChannel channel = openWith(data)) {
      MappedByteBuffer map = channel.map(MapMode.READ_WRITE, 50, 20);
      assertThat(map.isReadOnly()).isFalse();
      map.put(patch);
      map.force();
      assertThat(contents(channel))
          .isEqualTo(concat(slice(data, 0, 50), patch, slice(data, 60, 100)));
    }
  }

  @Test
  void shouldGrowFileWhenMappedReadWriteBeyondSize() throws IOException {
    assumeCapability(ChannelCapability.MAP);
    byte[] data = bytes(10, 4);
    try (FileChannel channel = openWith(data)) {
      MappedByteBuffer map = channel.map(MapMode.READ_WRITE, 5, 100);
      assertPositionAndSize(channel, 0, 105);
      assertThat(map.get(99)).isZero();
      map.put(99, (byte) 7);
      assertThat(contents(channel)).isEqualTo(concat(data, new byte[94], new byte[] {7}));
    }
  }

  @Test
  void shouldNotWriteThroughWhenMappedPrivate() throws IOException {
    assumeCapability(ChannelCapability.MAP);
    byte[] data = bytes(100, 5);
    try (FileChannel channel = openWith(data)) {
      MappedByteBuffer map = channel.map(MapMode.PRIVATE, 0, 100);
      map.put(0, (byte) 0);
      assertThat(map.get(0)).isZero();
      assertThat(contents(channel)).isEqualTo(data);
    }
  }

  @Test
  void shouldRejectMapModesTheChannelCannotServe() throws IOException {
    assumeCapability(ChannelCapability.MAP);
    withReadOnlyAndWriteOnly(
        6,
        (readOnly, writeOnly) -> {
          assertThrowsExactly(
              NonWritableChannelException.class, () -> readOnly.map(MapMode.READ_WRITE, 0, 5));
          assertThrowsExactly(
              NonWritableChannelException.class, () -> readOnly.map(MapMode.PRIVATE, 0, 5));
          assertThrowsExactly(
              NonReadableChannelException.class, () -> writeOnly.map(MapMode.READ_ONLY, 0, 5));
          assertThrowsExactly(
              NonReadableChannelException.class, () -> writeOnly.map(MapMode.READ_WRITE, 0, 5));
        });
  }

  @Test
  void shouldRejectBadMapArguments() throws IOException {
    assumeCapability(ChannelCapability.MAP);
    try (FileChannel channel = openWith(bytes(10, 7))) {
      assertThrowsExactly(
          IllegalArgumentException.class, () -> channel.map(MapMode.READ_ONLY, -1, 1));
      assertThrowsExactly(
          IllegalArgumentException.class, () -> channel.map(MapMode.READ_ONLY, 0, -1));
      assertThrowsExactly(
          IllegalArgumentException.class,
          () -> channel.map(MapMode.READ_ONLY, 0, Integer.MAX_VALUE + 1L));
      assertPositionAndSize(channel, 0, 10);
    }
  }

  @Test
  void shouldThrowClosedChannelWhenMappingClosedChannel() throws IOException {
    assumeCapability(ChannelCapability.MAP);
    FileChannel channel = openWith(bytes(10, 8));
    channel.close();
    assertThrowsExactly(ClosedChannelException.class, () -> channel.map(MapMode.READ_ONLY, 0, 1));
    assertThrowsExactly(ClosedChannelException.class, () -> channel.map(MapMode.READ_WRITE, 0, 1));
  }

  @Test
  void shouldThrowUnsupportedWhenMappingWithoutCapability() throws IOException {
    assumeNoCapability(ChannelCapability.MAP);
    try (FileChannel channel = openWith(bytes(10, 9))) {
      assertThrowsExactly(
          UnsupportedOperationException.class, () -> channel.map(MapMode.READ_ONLY, 0, 5));
      assertThrowsExactly(
          UnsupportedOperationException.class, () -> channel.map(MapMode.READ_WRITE, 0, 5));
    }
  }
}
