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
package dev.mixchannel.pmem;

import java.nio.ByteBuffer;

/**
 * The bytes the power-loss workload writes: file {@code f} puts {@link #at(int, long) at(f,
 * offset)} at every offset it writes, whichever write it is. The byte is never 0 (so it differs
 * from a gap or an unwritten byte), and two files never put the same byte at the same offset (up to
 * {@link #MAX_FILES} files), so every non-zero byte names the file that wrote it. Thread-safe: pure
 * functions.
 */
final class PowerLossPattern {

  /** Files with distinct patterns: one per non-zero byte value. */
  static final int MAX_FILES = 255;

  private PowerLossPattern() {}

  /**
   * The byte a file writes at an offset.
   *
   * @param file the file number, {@code 0 <= file < MAX_FILES}
   * @param offset the offset within the key
   * @return a non-zero byte, distinct for distinct files at one offset
   */
  static byte at(int file, long offset) {
    int v = mix(offset) + file;
    return (byte) (1 + (v >= MAX_FILES ? v - MAX_FILES : v));
  }

  /**
   * The file whose pattern puts {@code value} at {@code offset}.
   *
   * @param value a non-zero byte
   * @param offset the offset
   * @return the file number
   */
  static int fileOf(byte value, long offset) {
    int v = (value & 0xFF) - 1;
    return Math.floorMod(v - mix(offset), MAX_FILES);
  }

  /**
   * A heap buffer of a file's bytes for {@code [offset, offset + length)}.
   *
   * @param file the file number
   * @param offset the first offset
   * @param length the byte count
   * @return the buffer, position 0
   */
  static ByteBuffer buffer(int file, long offset, int length) {
    byte[] b = new byte[length];
    fill(file, offset, b, 0, length);
    return ByteBuffer.wrap(b);
  }

  /** Fills {@code dst[from, from + length)} with a file's bytes starting at {@code offset}. */
  static void fill(int file, long offset, byte[] dst, int from, int length) {
    for (int i = 0; i < length; i++) {
      dst[from + i] = at(file, offset + i);
    }
  }

  /** A pseudo-random value in {@code [0, MAX_FILES)} for an offset. */
  private static int mix(long offset) {
    int m = (int) ((offset * 0x9E3779B97F4A7C15L) >>> 56);
    return m == MAX_FILES ? 0 : m;
  }
}
