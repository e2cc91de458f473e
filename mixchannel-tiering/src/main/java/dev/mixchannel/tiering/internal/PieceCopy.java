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

/**
 * One copy through a bounded buffer, piece by piece: each piece is read into the buffer, then
 * written out of it, until the source ends or the count is reached. It counts what it moved, so a
 * caller whose copy failed part-way knows how far it got ({@link #done()}). Not thread-safe; one
 * copy per instance.
 */
final class PieceCopy {

  /** One call that moves a piece into or out of the buffer, {@code done} bytes into the copy. */
  @FunctionalInterface
  interface Piece {
    /**
     * Moves bytes into (a read) or out of (a write) the buffer.
     *
     * @param buffer the buffer, ready to be filled or drained
     * @param done the bytes the copy moved before this call
     * @return the bytes moved, or -1 when a read found the end
     * @throws IOException when the call fails
     */
    int move(ByteBuffer buffer, long done) throws IOException;
  }

  private final ByteBuffer buffer;
  private long done;

  /**
   * A copy through a buffer.
   *
   * @param buffer the transfer buffer; its capacity bounds each piece
   */
  PieceCopy(ByteBuffer buffer) {
    this.buffer = buffer;
  }

  /**
   * Runs the copy.
   *
   * @param count the most bytes to move
   * @param read reads the next piece; 0 or -1 ends the copy
   * @param write writes the piece
   * @param drain {@code true}: a piece is written by calls until it is gone, each call counted (a
   *     write that fails after another one worked keeps its bytes); {@code false}: by one call, and
   *     one that takes only part of it ends the copy (as a non-blocking target does)
   * @return the bytes moved
   * @throws IOException when a call fails; {@link #done()} tells what moved before it
   */
  long run(long count, Piece read, Piece write, boolean drain) throws IOException {
    while (done < count) {
      buffer.clear();
      buffer.limit((int) Math.min(buffer.capacity(), count - done));
      int n = read.move(buffer, done);
      if (n <= 0) {
        break;
      }
      buffer.flip();
      if (drain) {
        while (buffer.hasRemaining()) {
          done += write.move(buffer, done);
        }
      } else {
        int written = write.move(buffer, done);
        done += written;
        if (written < n) {
          break;
        }
      }
    }
    return done;
  }

  /**
   * The bytes moved so far.
   *
   * @return the count
   */
  long done() {
    return done;
  }
}
