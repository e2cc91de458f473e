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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Deterministic contents and whole-channel reads for tests. */
final class TestData {

  private TestData() {}

  /** The byte a pattern puts at an offset: depends only on the seed and the offset. */
  static byte at(int seed, long offset) {
    long x = offset * 0x9E3779B97F4A7C15L + seed * 0xC2B2AE3D27D4EB4FL;
    x ^= x >>> 29;
    return (byte) (x * 0xBF58476D1CE4E5B9L >>> 56);
  }

  static byte[] pattern(int seed, long offset, int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = at(seed, offset + i);
    }
    return b;
  }

  static byte[] readAll(FileChannel channel) throws IOException {
    long size = channel.size();
    ByteBuffer dst = ByteBuffer.allocate((int) size);
    long p = 0;
    while (dst.hasRemaining()) {
      int n = channel.read(dst, p);
      if (n < 0) {
        break;
      }
      p += n;
    }
    return dst.array();
  }

  static void writeFully(FileChannel channel, ByteBuffer src) throws IOException {
    while (src.hasRemaining()) {
      channel.write(src);
    }
  }
}
