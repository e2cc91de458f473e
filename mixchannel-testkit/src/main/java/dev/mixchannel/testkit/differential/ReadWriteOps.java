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

import java.nio.channels.FileChannel;
import java.util.List;

/** Differential steps that move bytes between buffers and the file. */
final class ReadWriteOps {

  private ReadWriteOps() {}

  /** {@code write(src)} or, with a position, {@code write(src, position)}. */
  record Write(int handle, PositionSpec at, BufferSpec buffer) implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      PooledBuffer src = side.take(buffer);
      String result =
          at == null
              ? side.call(() -> channel.write(src.buffer()))
              : side.call(() -> channel.write(src.buffer(), at.resolve(referenceSizeBytes)));
      return result + " " + src.state();
    }

    @Override
    public String toString() {
      return "write(h" + handle + (at == null ? "" : ", at=" + at) + ", " + buffer + ")";
    }
  }

  /** {@code read(dst)} or, with a position, {@code read(dst, position)}. */
  record Read(int handle, PositionSpec at, BufferSpec buffer) implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      PooledBuffer dst = side.take(buffer);
      String result =
          at == null
              ? side.call(() -> channel.read(dst.buffer()))
              : side.call(() -> channel.read(dst.buffer(), at.resolve(referenceSizeBytes)));
      return result + " " + dst.state();
    }

    @Override
    public String toString() {
      return "read(h" + handle + (at == null ? "" : ", at=" + at) + ", " + buffer + ")";
    }
  }

  /**
   * {@code write(srcs)} when {@code offset < 0 && length < 0}, else {@code write(srcs, offset,
   * length)}, possibly with an out-of-range subrange.
   */
  record Gather(int handle, List<BufferSpec> buffers, int offset, int length) implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      List<PooledBuffer> srcs = side.take(buffers);
      String result =
          wholeArray()
              ? side.call(() -> channel.write(PooledBuffer.array(srcs)))
              : side.call(() -> channel.write(PooledBuffer.array(srcs), offset, length));
      return result + " " + PooledBuffer.states(srcs);
    }

    private boolean wholeArray() {
      return offset < 0 && length < 0;
    }

    @Override
    public String toString() {
      return "gather(h"
          + handle
          + ", "
          + buffers
          + (wholeArray() ? "" : ", offset=" + offset + ", length=" + length)
          + ")";
    }
  }

  /** {@code read(dsts)} or {@code read(dsts, offset, length)}, as for {@link Gather}. */
  record Scatter(int handle, List<BufferSpec> buffers, int offset, int length)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      List<PooledBuffer> dsts = side.take(buffers);
      String result =
          wholeArray()
              ? side.call(() -> channel.read(PooledBuffer.array(dsts)))
              : side.call(() -> channel.read(PooledBuffer.array(dsts), offset, length));
      return result + " " + PooledBuffer.states(dsts);
    }

    private boolean wholeArray() {
      return offset < 0 && length < 0;
    }

    @Override
    public String toString() {
      return "scatter(h"
          + handle
          + ", "
          + buffers
          + (wholeArray() ? "" : ", offset=" + offset + ", length=" + length)
          + ")";
    }
  }
}
