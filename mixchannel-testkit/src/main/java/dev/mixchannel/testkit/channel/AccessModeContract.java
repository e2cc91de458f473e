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
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import org.junit.jupiter.api.Test;

/** Reads on write-only and writes on read-only channels, and negative positions and sizes. */
abstract class AccessModeContract extends ContractTestBase {

  @Test
  void shouldRejectWritesWhenReadOnly() throws IOException {
    byte[] data = bytes(10, 1);
    createFile(NAME, data);
    try (FileChannel channel = open(NAME, READ)) {
      ByteBuffer src = ByteBuffer.wrap(new byte[] {1, 2});
      assertThrowsExactly(NonWritableChannelException.class, () -> channel.write(src));
      assertThrowsExactly(NonWritableChannelException.class, () -> channel.write(src, 0));
      assertThrowsExactly(
          NonWritableChannelException.class, () -> channel.write(ByteBuffer.allocate(0)));
      assertThrowsExactly(
          NonWritableChannelException.class, () -> channel.write(new ByteBuffer[] {src}));
      assertThrowsExactly(
          NonWritableChannelException.class, () -> channel.write(new ByteBuffer[] {src}, 0, 1));
      assertThat(src.position()).isZero();
      assertPositionAndSize(channel, 0, 10);
      assertThat(contents(channel)).isEqualTo(data);
    }
  }

  @Test
  void shouldRejectReadsWhenWriteOnly() throws IOException {
    createFile(NAME, bytes(10, 2));
    try (FileChannel channel = open(NAME, WRITE)) {
      ByteBuffer dst = ByteBuffer.allocate(4);
      assertThrowsExactly(NonReadableChannelException.class, () -> channel.read(dst));
      assertThrowsExactly(NonReadableChannelException.class, () -> channel.read(dst, 0));
      assertThrowsExactly(
          NonReadableChannelException.class, () -> channel.read(new ByteBuffer[] {dst}));
      assertThrowsExactly(
          NonReadableChannelException.class, () -> channel.read(new ByteBuffer[] {dst}, 0, 1));
      assertThrowsExactly(
          NonReadableChannelException.class, () -> channel.read(dst.asReadOnlyBuffer()));
      assertThat(dst.position()).isZero();
      assertPositionAndSize(channel, 0, 10);
      assertThat(channel.write(ByteBuffer.wrap(new byte[] {9}))).isEqualTo(1);
    }
  }

  @Test
  void shouldRejectNegativePositionArguments() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (FileChannel channel = openWith(bytes(10, 3))) {
      channel.position(4);
      ByteBuffer buffer = ByteBuffer.allocate(2);
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.position(-1));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.read(buffer, -1));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.write(buffer, -1));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.truncate(-1));
      assertThrowsExactly(
          IllegalArgumentException.class,
          () -> channel.transferTo(-1, 1, Channels.newChannel(out)));
      assertThrowsExactly(
          IllegalArgumentException.class,
          () ->
              channel.transferFrom(
                  Channels.newChannel(new ByteArrayInputStream(new byte[1])), -1, 1));
      assertThat(buffer.position()).isZero();
      assertPositionAndSize(channel, 4, 10);
    }
  }

  @Test
  void shouldRejectNegativePositionEvenWhenAccessModeForbidsTheOperation() throws IOException {
    withReadOnlyAndWriteOnly(
        4,
        (readOnly, writeOnly) -> {
          assertThrowsExactly(
              IllegalArgumentException.class, () -> readOnly.write(ByteBuffer.allocate(1), -1));
          assertThrowsExactly(
              IllegalArgumentException.class, () -> writeOnly.read(ByteBuffer.allocate(1), -1));
          assertThrowsExactly(IllegalArgumentException.class, () -> readOnly.truncate(-1));
        });
  }
}
