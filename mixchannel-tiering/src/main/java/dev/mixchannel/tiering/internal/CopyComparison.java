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
package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * Compares the complete copies of one key on two tiers: sizes first, then the bytes, in chunks of
 * two buffers this object owns (so a comparison of any size holds {@value #CHUNK_BYTES} bytes
 * twice, never a buffer per byte of the key). Only a crash inside a switch (or something outside
 * the protocol) leaves two complete copies, so this runs rarely: at recovery and on adoption. Not
 * thread-safe: one instance per recovery or adoption.
 */
final class CopyComparison {
  static final int CHUNK_BYTES = 64 << 10;

  private final ByteBuffer faster = ByteBuffer.allocateDirect(CHUNK_BYTES);
  private final ByteBuffer slower = ByteBuffer.allocateDirect(CHUNK_BYTES);

  /**
   * Compares a key's copies.
   *
   * @param key the key, complete on both tiers
   * @param fasterTier the faster tier
   * @param slowerTier the slower tier
   * @return {@code null} when the copies are byte for byte the same, else how they differ
   * @throws IOException when a copy cannot be read
   */
  Divergence compare(String key, RankedTier fasterTier, RankedTier slowerTier) throws IOException {
    try (FileChannel a = fasterTier.tier().open(key, Set.of(StandardOpenOption.READ));
        FileChannel b = slowerTier.tier().open(key, Set.of(StandardOpenOption.READ))) {
      long sizeA = a.size();
      long sizeB = b.size();
      long common = Math.min(sizeA, sizeB);
      long offset = 0;
      while (offset < common) {
        int length = (int) Math.min(CHUNK_BYTES, common - offset);
        int readA = readChunk(a, faster, offset, length);
        int readB = readChunk(b, slower, offset, length);
        int mismatch = faster.mismatch(slower);
        if (mismatch >= 0) {
          return new Divergence(key, fasterTier, sizeA, slowerTier, sizeB, offset + mismatch);
        }
        if (readA < length || readB < length) {
          // A copy ended before its size (it shrank while being read): they differ there.
          return new Divergence(key, fasterTier, sizeA, slowerTier, sizeB, offset + readA);
        }
        offset += length;
      }
      return sizeA == sizeB
          ? null
          : new Divergence(key, fasterTier, sizeA, slowerTier, sizeB, common);
    }
  }

  /** Reads up to {@code length} bytes at {@code offset}; the buffer is flipped to what was read. */
  private static int readChunk(FileChannel channel, ByteBuffer buffer, long offset, int length)
      throws IOException {
    buffer.clear().limit(length);
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer, offset + buffer.position());
      if (n < 0) {
        break;
      }
    }
    buffer.flip();
    return buffer.limit();
  }
}
