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
package dev.mixchannel.tiering;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Random;

/** Byte helpers for tests. */
final class Bytes {
  private Bytes() {}

  static byte[] random(long seed, int length) {
    byte[] b = new byte[length];
    new Random(seed).nextBytes(b);
    return b;
  }

  static void writeFully(FileChannel ch, byte[] bytes, long position) throws IOException {
    ByteBuffer src = ByteBuffer.wrap(bytes);
    while (src.hasRemaining()) {
      position += ch.write(src, position);
    }
  }

  static byte[] readAll(FileChannel ch) throws IOException {
    long size = ch.size();
    ByteBuffer dst = ByteBuffer.allocate((int) size);
    long pos = 0;
    while (dst.hasRemaining()) {
      int n = ch.read(dst, pos);
      if (n < 0) {
        break;
      }
      pos += n;
    }
    return dst.array();
  }

  static ByteBuffer wrap(String text) {
    return ByteBuffer.wrap(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }
}
