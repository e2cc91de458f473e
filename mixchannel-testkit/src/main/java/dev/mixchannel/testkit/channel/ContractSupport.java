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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * The byte helpers and assertions the channel contract and the tier contract share: deterministic
 * content, whole-buffer positional writes and reads, and expectations stated in the JDK's terms.
 */
public final class ContractSupport {

  private ContractSupport() {}

  /**
   * Deterministic bytes that are never zero, so zero-filled gaps stand out.
   *
   * @param length how many bytes
   * @param seed what varies the pattern
   * @return the bytes
   */
  public static byte[] bytes(int length, int seed) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) ((i * 131L + seed * 17L) % 251 + 1);
    }
    return bytes;
  }

  /**
   * Writes all of {@code src} with positional writes starting at {@code position}.
   *
   * @param channel the channel to write to
   * @param src the bytes; consumed
   * @param position where the first byte goes
   * @throws IOException if a write fails
   */
  public static void writeFully(FileChannel channel, ByteBuffer src, long position)
      throws IOException {
    long at = position;
    while (src.hasRemaining()) {
      at += channel.write(src, at);
    }
  }

  /**
   * Reads up to {@code length} bytes at {@code position} with positional reads, stopping at EOF.
   *
   * @param channel the channel to read from
   * @param position where the first byte is read
   * @param length how many bytes at the most
   * @return the bytes read, shorter than {@code length} where EOF came first
   * @throws IOException if a read fails
   */
  public static byte[] readAt(FileChannel channel, long position, int length) throws IOException {
    ByteBuffer dst = ByteBuffer.allocate(length);
    while (dst.hasRemaining()) {
      if (channel.read(dst, position + dst.position()) < 0) {
        break;
      }
    }
    return Arrays.copyOf(dst.array(), dst.position());
  }

  /**
   * The whole file, read with positional reads.
   *
   * @param channel the channel to read from
   * @return every byte from 0 to the channel's size
   * @throws IOException if a read fails
   */
  public static byte[] contents(FileChannel channel) throws IOException {
    return readAt(channel, 0, Math.toIntExact(channel.size()));
  }

  /**
   * The parts one after the other.
   *
   * @param parts the arrays to join
   * @return a new array holding them in order
   */
  public static byte[] concat(byte[]... parts) {
    int length = 0;
    for (byte[] part : parts) {
      length += part.length;
    }
    byte[] result = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, result, at, part.length);
      at += part.length;
    }
    return result;
  }

  /**
   * A copy of a range of {@code bytes}.
   *
   * @param bytes the source
   * @param from the first index, inclusive
   * @param to the last index, exclusive
   * @return the copy
   */
  public static byte[] slice(byte[] bytes, int from, int to) {
    return Arrays.copyOfRange(bytes, from, to);
  }

  /**
   * Asserts that the call throws exactly {@code type}, as the JDK does (not a subclass).
   *
   * @param type the exception's class
   * @param call the call
   */
  public static void assertThrowsExactly(Class<? extends Throwable> type, ThrowingCallable call) {
    assertThatThrownBy(call).isExactlyInstanceOf(type);
  }

  /**
   * Asserts position and size in one line, so a failure shows both.
   *
   * @param channel the channel
   * @param position the expected position
   * @param size the expected size
   * @throws IOException if the channel cannot tell them
   */
  public static void assertPositionAndSize(FileChannel channel, long position, long size)
      throws IOException {
    assertThat(new long[] {channel.position(), channel.size()})
        .as("{position, size}")
        .containsExactly(position, size);
  }
}
