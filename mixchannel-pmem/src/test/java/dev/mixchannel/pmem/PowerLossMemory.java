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
package dev.mixchannel.pmem;

import dev.mixchannel.pmem.internal.Medium;
import dev.mixchannel.pmem.internal.PoolGeometry;
import dev.mixchannel.pmem.internal.PoolLayout;
import dev.mixchannel.pmem.internal.PoolMemory;
import dev.mixchannel.pmem.internal.PoolMemoryProvider;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A test backend that simulates power loss on PMem without eADR: it passes every call to a real
 * backend and keeps a "persisted" image (the media) that receives whole 64-byte cache lines when
 * they are flushed, as pmem_persist does, or when the cache evicts them early.
 *
 * <p><b>Cache model.</b> Every store ({@code putLong}, {@code putBytes}, {@code write}, {@code
 * zero}, {@code pretouch}) leaves its lines dirty until a flush covers them; a {@code slice} view
 * marks its whole range dirty when it is handed out, since callers store through it (and a line
 * stored through an old view after a flush is still found: see {@link #crashImage}). Non-temporal
 * zeroing is a store like any other: durable only once flushed. With {@link #evictOnStores} a store
 * may also write a random dirty line back early, with the value it has at that moment (so the media
 * can hold values that memory has since overwritten).
 *
 * <p><b>Crash images.</b> {@link #crashImage} is what the media may hold if the power fails now:
 * the persisted image plus any subset of the lines memory holds differently (a {@link LineChoice}),
 * SIZE words included. {@link FlushListener}s hear every flush before and after it takes effect,
 * outside this object's lock, so they may capture images there.
 *
 * <p>{@link #persistedImage} is the media as the flushes alone made it, as if no line was ever
 * evicted early: an image that fails there fails because of the order of flushes.
 *
 * <p>Thread-safe: the images and the dirty set are guarded by this object's monitor; stores reach
 * the real backend outside it.
 */
final class PowerLossMemory extends ForwardingPoolMemory {

  /** Bytes per cache line. */
  static final int LINE = 64;

  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final PoolMemory delegate;
  private final long dataOffset;
  private final long dataEnd;
  private final byte[] persisted;
  private final byte[] flushed;
  private final BitSet dirty = new BitSet();
  private final List<FlushListener> listeners = new CopyOnWriteArrayList<>();
  private Random evictions;
  private double evictProbability;
  private volatile boolean zeroWhenAllocated;
  private volatile boolean dropDataFlushes;
  private volatile boolean skipWholeExtentZeroing;

  private PowerLossMemory(PoolMemory delegate, PoolGeometry geometry) {
    super(delegate);
    this.delegate = delegate;
    this.dataOffset = geometry.dataOffset();
    this.dataEnd = geometry.dataEnd();
    this.persisted = new byte[(int) geometry.poolSizeBytes()];
    copyFromMemory(0, dataEnd, persisted);
    this.flushed = persisted.clone();
  }

  /** Which of the lines memory holds differently from the media reached the media. */
  @FunctionalInterface
  interface LineChoice {
    /**
     * Decides one line.
     *
     * @param lineOffset the pool offset of the line
     * @param metadata whether the line lies below the data offset (slots, extent table)
     * @return whether the line as memory holds it now reached the media
     */
    boolean reached(long lineOffset, boolean metadata);
  }

  /** Hears flushes; called outside the memory's lock, on the flushing thread. */
  interface FlushListener {
    /**
     * A flush is about to take effect.
     *
     * @param memory the memory
     * @param offset the range's offset
     * @param length the range's length
     */
    void beforeFlush(PowerLossMemory memory, long offset, long length);

    /**
     * A flush took effect.
     *
     * @param memory the memory
     * @param offset the range's offset
     * @param length the range's length
     */
    void afterFlush(PowerLossMemory memory, long offset, long length);
  }

  /** A provider wrapping a real backend; {@link #last()} is the memory it opened last. */
  static final class Provider implements PoolMemoryProvider {
    private final PoolMemoryProvider real;
    private volatile PowerLossMemory last;

    Provider(PoolMemoryProvider real) {
      this.real = real;
    }

    @Override
    public String name() {
      return "power-loss";
    }

    @Override
    public PoolMemory open(Path file, FileChannel channel, PoolGeometry layout, Medium medium)
        throws java.io.IOException {
      last = new PowerLossMemory(real.open(file, channel, layout, medium), layout);
      return last;
    }

    PowerLossMemory last() {
      return last;
    }
  }

  /**
   * A copy of what survives a power loss now when no line ever reached the media unflushed: the
   * flushes alone, without the early evictions of {@link #evictOnStores}.
   */
  synchronized byte[] persistedImage() {
    return flushed.clone();
  }

  /**
   * What the media may hold if the power fails now: the persisted image plus the lines that memory
   * holds differently and {@code choice} lets through. Comparing with memory (rather than trusting
   * the dirty set) also catches lines stored through a slice view after their last flush.
   *
   * @param choice which differing lines reached the media
   * @return a new image of the whole pool
   */
  synchronized byte[] crashImage(LineChoice choice) {
    byte[] image = persisted.clone();
    byte[] now = new byte[persisted.length];
    copyFromMemory(0, dataEnd, now);
    int limit = (int) dataEnd;
    int from = 0;
    while (from < limit) {
      int at = Arrays.mismatch(now, from, limit, image, from, limit);
      if (at < 0) {
        break;
      }
      int line = (from + at) / LINE * LINE;
      int end = Math.min(line + LINE, limit);
      if (choice.reached(line, line < dataOffset)) {
        System.arraycopy(now, line, image, line, end - line);
      }
      from = end;
    }
    return image;
  }

  /** The pool offset where data extents start. */
  long dataOffset() {
    return dataOffset;
  }

  /** Adds a listener of flushes. */
  void listen(FlushListener listener) {
    listeners.add(listener);
  }

  /** Removes a listener of flushes. */
  void unlisten(FlushListener listener) {
    listeners.remove(listener);
  }

  /**
   * Lets every later store write one random dirty line back early with the given probability.
   *
   * @param random the source of randomness (used under this object's lock)
   * @param probability per store
   */
  synchronized void evictOnStores(Random random, double probability) {
    this.evictions = random;
    this.evictProbability = probability;
  }

  /**
   * Makes this memory zero an extent durably (memory and media) when an extent-table entry is given
   * an owner, before that store: what a correct pool does for a reused extent, simulated here so
   * tests can show that the checker accepts every image of a correct pool.
   */
  void zeroExtentsWhenAllocated() {
    zeroWhenAllocated = true;
  }

  /**
   * Makes the zeroing of whole extents (the scrubber's, and the pool's own zeroing of a dirty
   * extent it hands out) do nothing: a pool that reuses extents without zeroing them, for tests
   * showing that the checker reports another key's bytes.
   */
  void skipWholeExtentZeroing() {
    skipWholeExtentZeroing = true;
  }

  private boolean skipped(long offset, long length) {
    return skipWholeExtentZeroing && offset >= dataOffset && length >= 1 << 20;
  }

  /**
   * Makes flushes of data ranges reach the real backend only, not the media: a pool that forgets to
   * flush data, for tests showing that the checker reports forced bytes lost.
   */
  void dropDataFlushes() {
    dropDataFlushes = true;
  }

  private void zeroIfAllocation(long offset, long value) {
    if (!zeroWhenAllocated) {
      return;
    }
    long entries = delegate.getLong(PoolLayout.SB_EXTENT_TABLE_OFFSET);
    long within = offset - entries;
    if (value == 0
        || within < 0
        || offset >= dataOffset
        || within % PoolLayout.EXTENT_ENTRY_BYTES != PoolLayout.ENTRY_OWNER) {
      return;
    }
    long extentBytes = delegate.getLong(PoolLayout.SB_EXTENT_SIZE);
    long start = dataOffset + within / PoolLayout.EXTENT_ENTRY_BYTES * extentBytes;
    delegate.zero(start, extentBytes);
    synchronized (this) {
      Arrays.fill(persisted, (int) start, (int) (start + extentBytes), (byte) 0);
      Arrays.fill(flushed, (int) start, (int) (start + extentBytes), (byte) 0);
      dirty.clear((int) (start / LINE), (int) ((start + extentBytes) / LINE));
    }
  }

  private synchronized void stored(long offset, long length) {
    if (length <= 0) {
      return;
    }
    dirty.set((int) (offset / LINE), (int) ((offset + length + LINE - 1) / LINE));
    if (evictions != null && evictions.nextDouble() < evictProbability) {
      int pick = dirty.nextSetBit(evictions.nextInt((int) (dataEnd / LINE)));
      if (pick < 0) {
        pick = dirty.nextSetBit(0);
      }
      long line = (long) pick * LINE;
      copyFromMemory(line, LINE, persisted);
      dirty.clear(pick);
    }
  }

  /** Copies memory's current bytes of a range into the same offsets of {@code into}. */
  private void copyFromMemory(long offset, long length, byte[] into) {
    long start = offset;
    long end = offset + length;
    if (start < dataOffset) {
      // Word by word: a SIZE or STATE word stored meanwhile by another thread is never torn.
      long metaEnd = Math.min(end, dataOffset);
      for (long at = start & ~7L; at < metaEnd; at += Long.BYTES) {
        WORDS.set(into, (int) at, delegate.getLong(at));
      }
      start = metaEnd;
    }
    while (start < end) {
      // Data copies never cross an extent; the smallest extent is 1 MiB.
      long chunkEnd = Math.min(end, (start / (1L << 20) + 1) * (1L << 20));
      int n = (int) (chunkEnd - start);
      delegate.slice(start, n).get(0, into, (int) start, n);
      start = chunkEnd;
    }
  }

  @Override
  public String name() {
    return "power-loss";
  }

  @Override
  public void putLong(long offset, long value) {
    zeroIfAllocation(offset, value);
    delegate.putLong(offset, value);
    stored(offset, Long.BYTES);
  }

  @Override
  public void putBytes(long offset, byte[] src, int srcIndex, int length) {
    delegate.putBytes(offset, src, srcIndex, length);
    stored(offset, length);
  }

  @Override
  public void write(long offset, ByteBuffer src, int srcIndex, int length) {
    delegate.write(offset, src, srcIndex, length);
    stored(offset, length);
  }

  @Override
  public void zero(long offset, long length) {
    if (skipped(offset, length)) {
      return;
    }
    delegate.zero(offset, length);
    stored(offset, length);
  }

  @Override
  public void pretouch(long offset, long length) {
    if (skipped(offset, length)) {
      return;
    }
    delegate.pretouch(offset, length);
    stored(offset, length);
  }

  @Override
  public ByteBuffer slice(long offset, int length) {
    ByteBuffer view = delegate.slice(offset, length);
    stored(offset, length);
    return view;
  }

  @Override
  public void flush(long offset, long length) {
    for (FlushListener l : listeners) {
      l.beforeFlush(this, offset, length);
    }
    delegate.flush(offset, length);
    synchronized (this) {
      long start = offset / LINE * LINE;
      long end = Math.min((offset + length + LINE - 1) / LINE * LINE, dataEnd);
      if (dropDataFlushes) {
        end = Math.min(end, dataOffset);
      }
      if (start < end) {
        copyFromMemory(start, end - start, persisted);
        System.arraycopy(persisted, (int) start, flushed, (int) start, (int) (end - start));
        dirty.clear((int) (start / LINE), (int) (end / LINE));
      }
    }
    for (FlushListener l : listeners) {
      l.afterFlush(this, offset, length);
    }
  }

  @Override
  public void close() {
    delegate.close();
  }
}
