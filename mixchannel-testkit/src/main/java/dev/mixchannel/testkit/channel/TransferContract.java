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
import static dev.mixchannel.testkit.channel.ContractSupport.writeFully;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.common.FileChannelChecks;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code transferTo} and {@code transferFrom} with JDK and implementation channels. */
abstract class TransferContract extends ContractTestBase {

  @TempDir Path scratch;

  static ReadableByteChannel source(byte[] bytes) {
    return Channels.newChannel(new ByteArrayInputStream(bytes));
  }

  @Test
  void shouldTransferToFileChannelAtItsPosition() throws IOException {
    byte[] data = bytes(300 * KIB, 1);
    try (FileChannel channel = openWith(data);
        FileChannel target = FileChannel.open(scratch.resolve("t"), READ, WRITE, CREATE)) {
      channel.position(33);
      target.position(7);
      assertThat(channel.transferTo(100, Long.MAX_VALUE, target)).isEqualTo(data.length - 100);
      assertPositionAndSize(channel, 33, data.length);
      assertPositionAndSize(target, 7 + data.length - 100, 7 + data.length - 100);
      assertThat(contents(target)).isEqualTo(concat(new byte[7], slice(data, 100, data.length)));
    }
  }

  @Test
  void shouldTransferWhatIsThereWhenCountExceedsRemaining() throws IOException {
    byte[] data = bytes(1000, 2);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (FileChannel channel = openWith(data);
        WritableByteChannel target = Channels.newChannel(out)) {
      assertThat(channel.transferTo(900, 500, target)).isEqualTo(100);
      assertThat(channel.transferTo(10, 20, target)).isEqualTo(20);
      assertThat(out.toByteArray()).isEqualTo(concat(slice(data, 900, 1000), slice(data, 10, 30)));
      assertPositionAndSize(channel, 0, 1000);
    }
  }

  @Test
  void shouldReturnZeroWhenTransferringToFromEndOrBeyond() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (FileChannel channel = openWith(bytes(100, 3));
        WritableByteChannel target = Channels.newChannel(out)) {
      assertThat(channel.transferTo(100, 10, target)).isZero();
      assertThat(channel.transferTo(101, 10, target)).isZero();
      assertThat(channel.transferTo(MIB, Long.MAX_VALUE, target)).isZero();
      assertThat(channel.transferTo(0, 0, target)).isZero();
      assertThat(out.size()).isZero();
    }
  }

  @Test
  void shouldTransferLargeRegionToTargetThatAcceptsPieces() throws IOException {
    byte[] data = bytes(6 * MIB + 5, 4);
    PieceSink sink = new PieceSink(64 * KIB - 1);
    try (FileChannel channel = openWith(data)) {
      long position = 0;
      for (int calls = 0; position < data.length; calls++) {
        assertThat(calls).as("transferTo calls").isLessThan(data.length);
        long n = channel.transferTo(position, data.length - position + 1000, sink);
        assertThat(n).isBetween(1L, data.length - position);
        position += n;
      }
      assertThat(sink.bytes()).isEqualTo(data);
      assertPositionAndSize(channel, 0, data.length);
    }
  }

  @Test
  void shouldTransferToNonBlockingPipeInPieces() throws IOException {
    byte[] data = bytes(6 * MIB + 7, 5);
    try (FileChannel channel = openWith(data);
        PipeDrain pipe = new PipeDrain()) {
      long position = 0;
      for (int idleCalls = 0; position < data.length; ) {
        long n = channel.transferTo(position, data.length - position, pipe.sink());
        assertThat(n).isBetween(0L, data.length - position);
        position += n;
        idleCalls = n == 0 ? idleCalls + 1 : 0;
        assertThat(idleCalls)
            .as("calls in a row that moved nothing into an empty pipe")
            .isLessThan(3);
        pipe.drain();
      }
      assertThat(pipe.bytes()).isEqualTo(data);
    }
  }

  @Test
  void shouldTransferFromReadableChannelAtPosition() throws IOException {
    byte[] data = bytes(50, 6);
    byte[] incoming = bytes(100, 7);
    try (FileChannel channel = openWith(data)) {
      channel.position(3);
      assertThat(channel.transferFrom(source(incoming), 5, 1000)).isEqualTo(100);
      assertPositionAndSize(channel, 3, 105);
      assertThat(contents(channel)).isEqualTo(concat(slice(data, 0, 5), incoming));
      assertThat(channel.transferFrom(source(incoming), 105, 10)).isEqualTo(10);
      assertPositionAndSize(channel, 3, 115);
    }
  }

  @Test
  void shouldAdvanceSourcePositionWhenTransferringFromFileChannel() throws IOException {
    byte[] incoming = bytes(200, 8);
    Path sourcePath = scratch.resolve("s");
    try (FileChannel src = FileChannel.open(sourcePath, READ, WRITE, CREATE);
        FileChannel channel = openReadWrite()) {
      writeFully(src, ByteBuffer.wrap(incoming), 0);
      src.position(10);
      assertThat(channel.transferFrom(src, 0, 50)).isEqualTo(50);
      assertThat(src.position()).isEqualTo(60);
      assertPositionAndSize(channel, 0, 50);
      assertThat(contents(channel)).isEqualTo(slice(incoming, 10, 60));
    }
  }

  /**
   * Past the size, the running JDK is the contract: JDK 17 transfers nothing, JDK 21 and later
   * write there and extend the file, the gap reading zeros (JDK-8303260); {@link
   * FileChannelChecks#transferFromWritesPastSize} is the one rule both implementations follow.
   */
  @Test
  void shouldFollowTheRunningJdkWhenTransferringFromBeyondSize() throws IOException {
    byte[] data = bytes(10, 9);
    byte[] incoming = bytes(5, 10);
    ByteArrayInputStream in = new ByteArrayInputStream(incoming);
    try (FileChannel channel = openWith(data)) {
      long transferred = channel.transferFrom(Channels.newChannel(in), 11, 5);
      assertThat(channel.transferFrom(source(bytes(5, 10)), 0, 0)).isZero();
      if (FileChannelChecks.transferFromWritesPastSize()) {
        assertThat(transferred).isEqualTo(5);
        assertThat(in.available()).as("bytes left in the source").isZero();
        assertPositionAndSize(channel, 0, 16);
        byte[] expected = new byte[16];
        System.arraycopy(data, 0, expected, 0, 10);
        System.arraycopy(incoming, 0, expected, 11, 5);
        assertThat(contents(channel)).isEqualTo(expected);
      } else {
        assertThat(transferred).isZero();
        assertThat(in.available()).as("bytes left in the source").isEqualTo(5);
        assertPositionAndSize(channel, 0, 10);
        assertThat(contents(channel)).isEqualTo(data);
      }
    }
  }

  @Test
  void shouldTransferLargeRegionFromStream() throws IOException {
    byte[] incoming = bytes(5 * MIB + 3, 11);
    try (FileChannel channel = openReadWrite()) {
      channel.write(ByteBuffer.wrap(new byte[] {1}));
      assertThat(channel.transferFrom(source(incoming), 1, incoming.length))
          .isEqualTo(incoming.length);
      assertPositionAndSize(channel, 1, incoming.length + 1);
      assertThat(readAt(channel, 1, incoming.length)).isEqualTo(incoming);
    }
  }

  @Test
  void shouldTransferBetweenChannelsOfTheSameFactory() throws IOException {
    byte[] data = bytes(2 * MIB + 9, 12);
    try (FileChannel from = openWith(data);
        FileChannel to = open("b", READ, WRITE, CREATE);
        FileChannel back = open("c", READ, WRITE, CREATE)) {
      assertThat(from.transferTo(5, data.length, to)).isEqualTo(data.length - 5);
      assertThat(back.transferFrom(to, 0, Long.MAX_VALUE)).isEqualTo(0);
      to.position(0);
      assertThat(back.transferFrom(to, 0, Long.MAX_VALUE)).isEqualTo(data.length - 5);
      assertThat(contents(back)).isEqualTo(slice(data, 5, data.length));
    }
  }

  @Test
  void shouldRejectNegativeArgumentsWhenTransferring() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (FileChannel channel = openWith(bytes(10, 13));
        WritableByteChannel target = Channels.newChannel(out)) {
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.transferTo(-1, 1, target));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.transferTo(0, -1, target));
      assertThrowsExactly(
          IllegalArgumentException.class, () -> channel.transferFrom(source(new byte[1]), -1, 1));
      assertThrowsExactly(
          IllegalArgumentException.class, () -> channel.transferFrom(source(new byte[1]), 0, -1));
      assertPositionAndSize(channel, 0, 10);
    }
  }

  @Test
  void shouldRejectTransferToWhenWriteOnlyAndTransferFromWhenReadOnly() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    withReadOnlyAndWriteOnly(
        14,
        (readOnly, writeOnly) -> {
          try (WritableByteChannel target = Channels.newChannel(out)) {
            assertThrowsExactly(
                NonReadableChannelException.class, () -> writeOnly.transferTo(0, 5, target));
            assertThrowsExactly(
                NonWritableChannelException.class,
                () -> readOnly.transferFrom(source(new byte[5]), 0, 5));
            assertThat(out.size()).isZero();
          }
        });
  }

  @Test
  void shouldRejectTransferToReadOnlyFileChannelTarget() throws IOException {
    Path targetPath = scratch.resolve("ro");
    try (FileChannel create = FileChannel.open(targetPath, WRITE, CREATE)) {
      create.force(false);
    }
    try (FileChannel channel = openWith(bytes(10, 15));
        FileChannel target = FileChannel.open(targetPath, READ)) {
      assertThrowsExactly(
          NonWritableChannelException.class, () -> channel.transferTo(0, 5, target));
    }
  }
}
