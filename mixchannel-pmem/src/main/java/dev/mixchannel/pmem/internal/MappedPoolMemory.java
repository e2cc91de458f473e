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
import java.nio.file.Path;
import jdk.nio.mapmode.ExtendedMapMode;

/**
 * What both memory backends share: JDK mappings of the pool file, through which user data goes for
 * heap and direct buffers alike, and so do metadata words unless a backend has a better path. A
 * backend supplies what truly differs: how it zeroes, pre-touches and flushes (and LLPL its
 * metadata words and its unmap).
 *
 * <p><b>Mappings.</b> One mapping of the metadata area and data windows of at most {@link
 * PoolLayout#WINDOW_BYTES}, each a whole number of extents, so no extent straddles two windows. On
 * a DAX mount the mappings use {@code READ_WRITE_SYNC} when the JDK accepts it (silently falling
 * back otherwise). The JDK cannot unmap a mapping on demand: the mappings are released when they
 * become unreachable.
 *
 * <p>Thread-safe: only absolute buffer methods are used on the shared mappings, so concurrent
 * threads never race on a mapping's position.
 */
abstract class MappedPoolMemory implements PoolMemory {

  /** Maps a pool file for one backend: what its provider does besides naming the backend. */
  @FunctionalInterface
  interface Opener {

    /**
     * Maps a pool file, as {@link PoolMemoryProvider#open} does.
     *
     * @param file the pool file
     * @param channel an open read-write channel on it, owned by the pool
     * @param geometry the pool's geometry
     * @param medium what the file lives on
     * @return the memory; the pool closes it
     * @throws IOException when mapping fails
     */
    PoolMemory open(Path file, FileChannel channel, PoolGeometry geometry, Medium medium)
        throws IOException;
  }

  private static final int WINDOW_SHIFT = Long.numberOfTrailingZeros(PoolLayout.WINDOW_BYTES);
  private static final long WINDOW_MASK = PoolLayout.WINDOW_BYTES - 1;
  private static final int PAGE_BYTES = 4096;

  private final String name;
  private final MappedByteBuffer metadata;
  private final MappedByteBuffer[] windows;
  private final long dataOffset;

  /** Where {@link #touch} leaves its reads' sum, so the compiler cannot drop the reads. */
  private volatile long touchSink;

  /**
   * Maps the pool file for a backend.
   *
   * @param name the backend's name
   * @param channel an open read-write channel on the pool file
   * @param geometry the pool's geometry
   * @param medium what the file lives on ({@code READ_WRITE_SYNC} is tried on a DAX mount)
   * @throws IOException when mapping fails
   */
  MappedPoolMemory(String name, FileChannel channel, PoolGeometry geometry, Medium medium)
      throws IOException {
    this.name = name;
    this.dataOffset = geometry.dataOffset();
    boolean sync = medium.dax();
    MappedByteBuffer meta = null;
    if (sync) {
      try {
        meta = channel.map(ExtendedMapMode.READ_WRITE_SYNC, 0, dataOffset);
      } catch (IOException | UnsupportedOperationException e) {
        sync = false;
      }
    }
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

  /**
   * The provider of a backend.
   *
   * @param name the backend's name
   * @param opener how it maps a pool file
   * @return the provider
   */
  static PoolMemoryProvider provider(String name, Opener opener) {
    return new PoolMemoryProvider() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public PoolMemory open(Path file, FileChannel channel, PoolGeometry layout, Medium medium)
          throws IOException {
        return opener.open(file, channel, layout, medium);
      }
    };
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public long getLong(long offset) {
    return metadata.getLong((int) offset);
  }

  @Override
  public void putLong(long offset, long value) {
    metadata.putLong((int) offset, value);
  }

  @Override
  public void getBytes(long offset, byte[] dst, int dstIndex, int length) {
    metadata.get((int) offset, dst, dstIndex, length);
  }

  @Override
  public void putBytes(long offset, byte[] src, int srcIndex, int length) {
    metadata.put((int) offset, src, srcIndex, length);
  }

  @Override
  public final void read(long offset, ByteBuffer dst, int dstIndex, int length) {
    dst.put(dstIndex, window(offset), index(offset), length);
  }

  @Override
  public final void write(long offset, ByteBuffer src, int srcIndex, int length) {
    window(offset).put(index(offset), src, srcIndex, length);
  }

  @Override
  public final ByteBuffer slice(long offset, int length) {
    return window(offset).slice(index(offset), length);
  }

  /** The JDK offers no unmap: the mappings are released when they become unreachable. */
  @Override
  public void close() {}

  /**
   * Writes zeros through the mappings from a shared zero buffer, with cached stores (absolute puts
   * never move its position).
   */
  protected final void putZeros(long offset, long length, ByteBuffer zeros) {
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

  @Override
  public final void touch(long offset, long length) {
    touchSink = touchPages(offset, length);
  }

  /** Maps a data range's pages into the data path with one read per page, without writing. */
  protected final long touchPages(long offset, long length) {
    MappedByteBuffer window = window(offset);
    int start = index(offset);
    long sum = 0;
    for (long i = 0; i < length; i += PAGE_BYTES) {
      sum += window.get(start + (int) i);
    }
    return sum;
  }

  /** msync (or cache-line write-back on a sync mapping) of a range. */
  protected final void force(long offset, long length) {
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

  private MappedByteBuffer window(long offset) {
    return windows[(int) ((offset - dataOffset) >>> WINDOW_SHIFT)];
  }

  private int index(long offset) {
    return (int) ((offset - dataOffset) & WINDOW_MASK);
  }
}
