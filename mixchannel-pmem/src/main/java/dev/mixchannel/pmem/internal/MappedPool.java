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
package dev.mixchannel.pmem.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileChannel.MapMode;
import jdk.nio.mapmode.ExtendedMapMode;

/**
 * JDK mappings of a pool file: one mapping of the metadata area and data windows of at most {@link
 * PoolLayout#WINDOW_BYTES}, each a whole number of extents, so no extent straddles two windows.
 * Only absolute buffer methods are used on the shared windows, so concurrent threads never race on
 * a window's position. On a DAX mount the mappings use {@code READ_WRITE_SYNC} when the JDK accepts
 * it (silently falling back otherwise). The JDK cannot unmap a mapping on demand: the mappings are
 * released when they become unreachable.
 */
final class MappedPool {

  private static final int WINDOW_SHIFT = Long.numberOfTrailingZeros(PoolLayout.WINDOW_BYTES);
  private static final long WINDOW_MASK = PoolLayout.WINDOW_BYTES - 1;
  private static final int PAGE_BYTES = 4096;

  private final MappedByteBuffer metadata;
  private final MappedByteBuffer[] windows;
  private final long dataOffset;
  private final boolean sync;

  MappedPool(FileChannel channel, PoolGeometry geometry, boolean dax) throws IOException {
    this.dataOffset = geometry.dataOffset();
    boolean useSync = dax;
    MappedByteBuffer meta = null;
    if (useSync) {
      try {
        meta = channel.map(ExtendedMapMode.READ_WRITE_SYNC, 0, dataOffset);
      } catch (IOException | UnsupportedOperationException e) {
        useSync = false;
      }
    }
    this.sync = useSync;
    MapMode mode = sync ? ExtendedMapMode.READ_WRITE_SYNC : MapMode.READ_WRITE;
    if (meta == null) {
      meta = channel.map(mode, 0, dataOffset);
    }
    meta.order(ByteOrder.LITTLE_ENDIAN);
    this.metadata = meta;
    long dataBytes = geometry.dataEnd() - dataOffset;
    int count = (int) ((dataBytes + PoolLayout.WINDOW_BYTES - 1) >>> WINDOW_SHIFT);
    this.windows = new MappedByteBuffer[count];
    for (int i = 0; i < count; i++) {
      long start = (long) i << WINDOW_SHIFT;
      long length = Math.min(PoolLayout.WINDOW_BYTES, dataBytes - start);
      windows[i] = channel.map(mode, dataOffset + start, length);
    }
  }

  boolean isSync() {
    return sync;
  }

  ByteBuffer metadata() {
    return metadata;
  }

  long getLong(long offset) {
    return metadata.getLong((int) offset);
  }

  void putLong(long offset, long value) {
    metadata.putLong((int) offset, value);
  }

  void getBytes(long offset, byte[] dst, int dstIndex, int length) {
    metadata.get((int) offset, dst, dstIndex, length);
  }

  void putBytes(long offset, byte[] src, int srcIndex, int length) {
    metadata.put((int) offset, src, srcIndex, length);
  }

  MappedByteBuffer window(long offset) {
    return windows[(int) ((offset - dataOffset) >>> WINDOW_SHIFT)];
  }

  static int indexInWindow(long offset, long dataOffset) {
    return (int) ((offset - dataOffset) & WINDOW_MASK);
  }

  int index(long offset) {
    return indexInWindow(offset, dataOffset);
  }

  void read(long offset, ByteBuffer dst, int dstIndex, int length) {
    dst.put(dstIndex, window(offset), index(offset), length);
  }

  void write(long offset, ByteBuffer src, int srcIndex, int length) {
    window(offset).put(index(offset), src, srcIndex, length);
  }

  ByteBuffer slice(long offset, int length) {
    return window(offset).slice(index(offset), length);
  }

  /** Writes zeros from a shared zero buffer (absolute puts never move its position). */
  void zero(long offset, long length, ByteBuffer zeros) {
    long done = 0;
    while (done < length) {
      int n = (int) Math.min(zeros.capacity(), length - done);
      long at = offset + done;
      if (at < dataOffset) {
        metadata.put((int) at, zeros, 0, n);
      } else {
        window(at).put(index(at), zeros, 0, n);
      }
      done += n;
    }
  }

  /** Maps a data range's pages into this mapping with one read per page, without writing. */
  long touchPages(long offset, long length) {
    MappedByteBuffer window = window(offset);
    int start = index(offset);
    long sum = 0;
    for (long i = 0; i < length; i += PAGE_BYTES) {
      sum += window.get(start + (int) i);
    }
    return sum;
  }

  /** msync (or cache-line write-back on a sync mapping) of a range. */
  void force(long offset, long length) {
    if (offset < dataOffset) {
      long end = Math.min(offset + length, dataOffset);
      metadata.force((int) offset, (int) (end - offset));
      if (offset + length > dataOffset) {
        force(dataOffset, offset + length - dataOffset);
      }
      return;
    }
    long done = 0;
    while (done < length) {
      long at = offset + done;
      int index = index(at);
      // One msync per chunk at most (PoolMemory.CHUNK_BYTES), so no call holds the JVM for long.
      int n =
          (int)
              Math.min(
                  Math.min(length - done, PoolLayout.WINDOW_BYTES - index), PoolMemory.CHUNK_BYTES);
      window(at).force(index, n);
      done += n;
    }
  }
}
