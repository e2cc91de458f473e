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
 * Scatter reads and gather writes as a sequence of positional operations on the shared backing
 * channel (whose own position is never used). Each buffer takes the key's lock once.
 */
final class Vectored {
  private Vectored() {}

  static long read(
      MixChannelImpl h, KeyIo io, ByteBuffer[] dsts, int offset, int length, long position)
      throws IOException {
    long wanted = 0;
    for (int i = offset; i < offset + length; i++) {
      if (dsts[i].isReadOnly()) {
        throw new IllegalArgumentException("Read-only buffer");
      }
      wanted += dsts[i].remaining();
    }
    if (wanted == 0) {
      return 0;
    }
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      ByteBuffer dst = dsts[i];
      if (!dst.hasRemaining()) {
        continue;
      }
      int n = io.read(h, dst, position + total);
      if (n < 0) {
        return total == 0 ? -1 : total;
      }
      total += n;
      if (dst.hasRemaining()) {
        break;
      }
    }
    return total;
  }

  static long write(
      MixChannelImpl h, KeyIo io, ByteBuffer[] srcs, int offset, int length, long position)
      throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      ByteBuffer src = srcs[i];
      while (src.hasRemaining()) {
        total += io.write(h, src, position + total);
      }
    }
    return total;
  }

  /** Appends every buffer in turn; the caller holds the key's append lock. */
  static long append(MixChannelImpl h, KeyIo io, ByteBuffer[] srcs, int offset, int length)
      throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      ByteBuffer src = srcs[i];
      while (src.hasRemaining()) {
        total += io.append(h, src);
      }
    }
    return total;
  }
}
