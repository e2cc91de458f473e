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
package dev.mixchannel.benchmarks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Reads a channel front to back in fixed-size positional reads or transfers, wrapping to 0 at the
 * end, and counts the wrap-arounds. Not thread-safe.
 */
final class SequentialReader {

  private final FileChannel channel;
  private final long sizeBytes;
  private long position;
  private long wraps;

  SequentialReader(FileChannel channel, long sizeBytes) {
    this.channel = channel;
    this.sizeBytes = sizeBytes;
  }

  private long next(int bytes) {
    if (position + bytes > sizeBytes) {
      position = 0;
      wraps++;
    }
    long at = position;
    position += bytes;
    return at;
  }

  /** Fills {@code dst} (from 0 to its capacity) with positional reads. */
  int read(ByteBuffer dst) throws IOException {
    int bytes = dst.capacity();
    long at = next(bytes);
    dst.clear();
    while (dst.hasRemaining()) {
      int n = channel.read(dst, at + dst.position());
      if (n < 0) {
        throw new IOException("unexpected end of channel: position=" + (at + dst.position()));
      }
    }
    return bytes;
  }

  /** Transfers {@code bytes} to {@code target}. */
  long transferTo(int bytes, WritableByteChannel target) throws IOException {
    long at = next(bytes);
    long done = 0;
    while (done < bytes) {
      done += channel.transferTo(at + done, bytes - done, target);
    }
    return done;
  }

  long wraps() {
    return wraps;
  }
}
