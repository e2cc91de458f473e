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
package dev.mixchannel.testkit.differential;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.List;

/** Differential steps that move bytes between buffers and the file. */
final class ReadWriteOps {

  private ReadWriteOps() {}

  /**
   * {@code write(src)} or {@code read(dst)} or, with a position, {@code write(src, position)} or
   * {@code read(dst, position)}.
   */
  record Single(int handle, boolean write, PositionSpec at, BufferSpec buffer)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      PooledBuffer pooled = side.take(buffer);
      String result = side.call(() -> move(channel, pooled.buffer(), referenceSizeBytes));
      return result + " " + pooled.state();
    }

    private int move(FileChannel channel, ByteBuffer bytes, long referenceSizeBytes)
        throws IOException {
      if (at == null) {
        return write ? channel.write(bytes) : channel.read(bytes);
      }
      long position = at.resolve(referenceSizeBytes);
      return write ? channel.write(bytes, position) : channel.read(bytes, position);
    }

    @Override
    public String toString() {
      return DiffOp.describe(
          write ? "write" : "read", handle, at == null ? null : "at=" + at, buffer);
    }
  }

  /**
   * {@code write(srcs)} (gather) or {@code read(dsts)} (scatter) when {@code offset < 0 && length <
   * 0}, else {@code write(srcs, offset, length)} or {@code read(dsts, offset, length)}, possibly
   * with an out-of-range subrange.
   */
  record Vectored(int handle, boolean write, List<BufferSpec> buffers, int offset, int length)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      List<PooledBuffer> pooled = side.take(buffers);
      String result = side.call(() -> move(channel, PooledBuffer.array(pooled)));
      return result + " " + PooledBuffer.states(pooled);
    }

    private long move(FileChannel channel, ByteBuffer[] array) throws IOException {
      if (wholeArray()) {
        return write ? channel.write(array) : channel.read(array);
      }
      return write ? channel.write(array, offset, length) : channel.read(array, offset, length);
    }

    private boolean wholeArray() {
      return offset < 0 && length < 0;
    }

    @Override
    public String toString() {
      return DiffOp.describe(
          write ? "gather" : "scatter",
          handle,
          buffers,
          wholeArray() ? null : "offset=" + offset + ", length=" + length);
    }
  }
}
