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

/** Copies byte ranges between channels with positional I/O through a caller-owned buffer. */
final class Copier {
  private Copier() {}

  /**
   * Copies {@code [from, to)} of {@code src} to the same offsets of {@code dst}, stopping early
   * when {@code src} ends first.
   *
   * @param src the source; its position is not used
   * @param dst the destination; its position is not used
   * @param from the first offset
   * @param to the end offset (exclusive)
   * @param buffer the transfer buffer
   * @return the bytes copied
   * @throws IOException when reading or writing fails
   */
  static long copy(FileChannel src, FileChannel dst, long from, long to, ByteBuffer buffer)
      throws IOException {
    return new PieceCopy(buffer)
        .run(
            to - from,
            (piece, done) -> src.read(piece, from + done),
            (piece, done) -> dst.write(piece, from + done),
            true);
  }
}
