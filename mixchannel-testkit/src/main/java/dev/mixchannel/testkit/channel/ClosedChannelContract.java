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
import static dev.mixchannel.testkit.channel.ContractSupport.contents;
import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every operation of a closed channel throws {@link ClosedChannelException}; close is idempotent.
 */
abstract class ClosedChannelContract extends ContractTestBase {

  /** One operation on a channel, for tables of operations. */
  @FunctionalInterface
  interface ChannelOperation {
    void apply(FileChannel channel) throws IOException;
  }

  static Stream<Named<ChannelOperation>> operations() {
    return Stream.of(
        Named.of("read(ByteBuffer)", c -> c.read(ByteBuffer.allocate(1))),
        Named.of("read(empty ByteBuffer)", c -> c.read(ByteBuffer.allocate(0))),
        Named.of("read(ByteBuffer, long)", c -> c.read(ByteBuffer.allocate(1), 0)),
        Named.of("read(ByteBuffer[])", c -> c.read(new ByteBuffer[] {ByteBuffer.allocate(1)})),
        Named.of(
            "read(ByteBuffer[], int, int)",
            c -> c.read(new ByteBuffer[] {ByteBuffer.allocate(1)}, 0, 1)),
        Named.of("write(ByteBuffer)", c -> c.write(ByteBuffer.allocate(1))),
        Named.of("write(ByteBuffer, long)", c -> c.write(ByteBuffer.allocate(1), 0)),
        Named.of("write(ByteBuffer[])", c -> c.write(new ByteBuffer[] {ByteBuffer.allocate(1)})),
        Named.of(
            "write(ByteBuffer[], int, int)",
            c -> c.write(new ByteBuffer[] {ByteBuffer.allocate(1)}, 0, 1)),
        Named.of("position()", FileChannel::position),
        Named.of("position(long)", c -> c.position(5)),
        Named.of("size()", FileChannel::size),
        Named.of("truncate(long)", c -> c.truncate(0)),
        Named.of("force(true)", c -> c.force(true)),
        Named.of("force(false)", c -> c.force(false)),
        Named.of(
            "transferTo(long, long, WritableByteChannel)",
            c -> c.transferTo(0, 1, Channels.newChannel(new ByteArrayOutputStream()))),
        Named.of(
            "transferFrom(ReadableByteChannel, long, long)",
            c -> c.transferFrom(Channels.newChannel(new ByteArrayInputStream(new byte[1])), 0, 1)));
  }

  @ParameterizedTest
  @MethodSource("operations")
  void shouldThrowClosedChannelWhenOperatingOnClosedChannel(ChannelOperation operation)
      throws IOException {
    FileChannel channel = openWith(bytes(10, 1));
    channel.close();
    assertThrowsExactly(ClosedChannelException.class, () -> operation.apply(channel));
  }

  @Test
  void shouldBeIdempotentWhenClosingTwice() throws IOException {
    FileChannel channel = openReadWrite();
    assertThat(channel.isOpen()).isTrue();
    channel.close();
    assertThat(channel.isOpen()).isFalse();
    channel.close();
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void shouldKeepOtherHandleWorkingWhenOneIsClosed() throws IOException {
    byte[] data = bytes(10, 2);
    try (FileChannel other = openWith(data)) {
      FileChannel closing = open(NAME, READ);
      closing.close();
      assertThat(other.isOpen()).isTrue();
      assertThat(contents(other)).isEqualTo(data);
      other.write(ByteBuffer.wrap(data), 10);
      assertPositionAndSize(other, 0, 20);
    }
  }

  @Test
  void shouldThrowClosedChannelWhenTransferPartnerIsClosed() throws IOException {
    try (FileChannel channel = openWith(bytes(10, 3))) {
      WritableByteChannel target = Channels.newChannel(new ByteArrayOutputStream());
      target.close();
      ReadableByteChannel source = Channels.newChannel(new ByteArrayInputStream(new byte[1]));
      source.close();
      assertThrowsExactly(ClosedChannelException.class, () -> channel.transferTo(0, 1, target));
      assertThrowsExactly(ClosedChannelException.class, () -> channel.transferFrom(source, 0, 1));
      assertPositionAndSize(channel, 0, 10);
    }
  }
}
