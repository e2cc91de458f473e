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
import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.NonReadableChannelException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * {@code APPEND}: every write lands at the end, whatever the position, and the position reads as
 * the size.
 */
abstract class AppendContract extends ContractTestBase {

  @Test
  void shouldWriteAtEndWhenAppendingRegardlessOfPosition() throws IOException {
    byte[] data = bytes(10, 1);
    byte[] more = bytes(2, 2);
    createFile(NAME, data);
    try (FileChannel channel = open(NAME, WRITE, APPEND)) {
      assertPositionAndSize(channel, 10, 10);
      assertThat(channel.position(3)).isSameAs(channel);
      assertPositionAndSize(channel, 10, 10);
      assertThat(channel.write(ByteBuffer.wrap(more))).isEqualTo(2);
      assertPositionAndSize(channel, 12, 12);
      channel.position(100);
      assertThat(channel.write(ByteBuffer.wrap(more))).isEqualTo(2);
      assertPositionAndSize(channel, 14, 14);
    }
    assertThat(contentsOf(NAME)).isEqualTo(concat(data, more, more));
  }

  @Test
  void shouldAppendAfterBytesThatOtherHandleWrote() throws IOException {
    byte[] data = bytes(10, 3);
    byte[] other = bytes(5, 4);
    byte[] mine = bytes(3, 5);
    try (FileChannel writer = openWith(data);
        FileChannel appender = open(NAME, APPEND)) {
      writer.write(ByteBuffer.wrap(other), 10);
      assertPositionAndSize(appender, 15, 15);
      appender.write(ByteBuffer.wrap(mine));
      assertPositionAndSize(appender, 18, 18);
      assertThat(contents(writer)).isEqualTo(concat(data, other, mine));
    }
  }

  @Test
  void shouldAppendGatheredBuffers() throws IOException {
    byte[] data = bytes(10, 6);
    byte[] a = bytes(4, 7);
    byte[] b = bytes(6, 8);
    createFile(NAME, data);
    try (FileChannel channel = open(NAME, WRITE, APPEND)) {
      channel.position(0);
      assertThat(channel.write(new ByteBuffer[] {ByteBuffer.wrap(a), ByteBuffer.wrap(b)}))
          .isEqualTo(10);
      assertPositionAndSize(channel, 20, 20);
    }
    assertThat(contentsOf(NAME)).isEqualTo(concat(data, a, b));
  }

  @Test
  void shouldReportSizeAsPositionAfterTruncateWhenAppending() throws IOException {
    createFile(NAME, bytes(100, 9));
    try (FileChannel channel = open(NAME, WRITE, APPEND)) {
      channel.truncate(40);
      assertPositionAndSize(channel, 40, 40);
    }
  }

  @Test
  void shouldRejectReadsWhenOpenedWithAppendOnly() throws IOException {
    createFile(NAME, bytes(10, 10));
    try (FileChannel channel = open(NAME, APPEND)) {
      assertThrowsExactly(
          NonReadableChannelException.class, () -> channel.read(ByteBuffer.allocate(1)));
      assertThrowsExactly(
          NonReadableChannelException.class, () -> channel.read(ByteBuffer.allocate(1), 0));
      assertThat(channel.write(ByteBuffer.wrap(new byte[] {1}))).isEqualTo(1);
      assertPositionAndSize(channel, 11, 11);
    }
  }

  /**
   * The JDK on Linux issues {@code pwrite} on an {@code O_APPEND} descriptor, and Linux appends
   * such writes whatever their offset; a MixChannel must look the same to its caller.
   */
  @Test
  @EnabledOnOs(OS.LINUX)
  void shouldAppendWhenWritingAtPositionInAppendMode() throws IOException {
    byte[] data = bytes(10, 11);
    byte[] patch = bytes(3, 12);
    byte[] far = bytes(1, 13);
    byte[] transferred = bytes(2, 14);
    createFile(NAME, data);
    try (FileChannel channel = open(NAME, WRITE, APPEND)) {
      assertThat(channel.write(ByteBuffer.wrap(patch), 0)).isEqualTo(3);
      assertPositionAndSize(channel, 13, 13);
      assertThat(channel.write(ByteBuffer.wrap(far), 50)).isEqualTo(1);
      assertPositionAndSize(channel, 14, 14);
      assertThat(
              channel.transferFrom(
                  Channels.newChannel(new ByteArrayInputStream(transferred)), 0, 2))
          .isEqualTo(2);
      assertPositionAndSize(channel, 16, 16);
    }
    assertThat(contentsOf(NAME)).isEqualTo(concat(data, patch, far, transferred));
  }
}
