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
import static dev.mixchannel.testkit.channel.ContractSupport.readAt;
import static dev.mixchannel.testkit.channel.ContractSupport.slice;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Positions above 2 GiB. Every implementation must handle them; the JDK's files are sparse, so the
 * test is cheap there, and an implementation that allocates the gap pays for 3 GiB once.
 */
abstract class LargePositionContract extends ContractTestBase {

  static final long GIB = 1024L * MIB;

  @Test
  void shouldWriteAndReadAboveTwoGibWhenWritingAtPosition() throws IOException {
    byte[] data = bytes(10, 1);
    long at = 3 * GIB;
    try (FileChannel channel = openReadWrite()) {
      try {
        assertThat(channel.write(ByteBuffer.wrap(data), at)).isEqualTo(10);
        assertPositionAndSize(channel, 0, at + 10);
        assertThat(readAt(channel, at, 10)).isEqualTo(data);
        for (long sample : new long[] {0, GIB, 2 * GIB - 1, 2 * GIB, 2 * GIB + 1, at - 1}) {
          assertThat(readAt(channel, sample, 1)).as("byte at %d", sample).containsExactly(0);
        }
        ByteBuffer dst = ByteBuffer.allocate(20);
        assertThat(channel.read(dst, at - 5)).isEqualTo(15);
        assertThat(channel.read(ByteBuffer.allocate(1), at + 10)).isEqualTo(-1);
      } finally {
        channel.truncate(0);
      }
    }
  }

  @Test
  @Tag("slow") // 20-25 s against the PMem tiers (measured), under 0.5 s against the others
  void shouldMoveRelativePositionAboveTwoGib() throws IOException {
    byte[] data = bytes(10, 2);
    long at = 3 * GIB + 3;
    try (FileChannel channel = openReadWrite()) {
      try {
        channel.position(at);
        assertThat(channel.write(ByteBuffer.wrap(data))).isEqualTo(10);
        assertPositionAndSize(channel, at + 10, at + 10);
        channel.position(at + 4);
        ByteBuffer dst = ByteBuffer.allocate(10);
        assertThat(channel.read(dst)).isEqualTo(6);
        assertThat(slice(dst.array(), 0, 6)).isEqualTo(slice(data, 4, 10));
        assertPositionAndSize(channel, at + 10, at + 10);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (WritableByteChannel target = Channels.newChannel(out)) {
          assertThat(channel.transferTo(at - 2, 100, target)).isEqualTo(12);
        }
        assertThat(out.toByteArray()).isEqualTo(concat(new byte[2], data));
        channel.truncate(at + 5);
        assertPositionAndSize(channel, at + 5, at + 5);
      } finally {
        channel.truncate(0);
      }
    }
  }
}
