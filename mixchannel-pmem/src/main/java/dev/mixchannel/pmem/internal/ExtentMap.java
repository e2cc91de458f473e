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

import static dev.mixchannel.pmem.internal.PoolLayout.*;

import dev.mixchannel.api.TierFullException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Where one key's bytes live: its extents in order, and the only writer of their extent-table
 * entries. Each method that writes entries is named for its crash step ({@link PoolLayout}):
 *
 * <ul>
 *   <li>{@link #growTo} — <i>allocate</i>: every new entry is written index/CRC word first, owner
 *       word last, and flushed before any byte is copied into it or any SIZE word covers it; a
 *       dirty extent is durably zeroed before its entry names this key;
 *   <li>{@link #shrinkTo} — <i>free</i>: the owner words are cleared and flushed (after the key
 *       made its smaller SIZE durable), so a torn entry reads as free;
 *   <li>{@link #detach} — <i>slot freed</i>: no entry is written again; {@link #releaseAll} hands
 *       the extents back in memory only, the media already calls them free.
 * </ul>
 *
 * It also maps key positions to pool offsets and copies bytes in and out. Not thread-safe: the
 * owning {@link PmemKey} calls it under its data lock ({@link KeyGuard}), exclusive for every
 * method that changes it.
 */
final class ExtentMap {

  private final PoolMemory memory;
  private final ExtentAllocator allocator;
  private final RetainedExtents.Registry registry;
  private final RetainedExtents retained;
  private final Supplier<String> owner;
  private final String tierName;
  private final long ownerId;
  private final long entryTable;
  private final long dataOffset;
  private final int extentShift;
  private final long extentSize;
  private final long extentMask;
  private int[] extents;
  private int count;
  private boolean detached;

  /** Every byte of the extents held at or above this offset is zero. */
  private long zeroFrom;

  /**
   * The extent map of a key.
   *
   * @param pool the pool's storage
   * @param ownerId the key's owner id ({@link PoolLayout#ownerId})
   * @param extents the extents it holds, in order
   * @param zeroFrom the offset from which every byte of those extents is zero
   * @param owner describes the key, for messages
   */
  ExtentMap(PoolMedia pool, long ownerId, int[] extents, long zeroFrom, Supplier<String> owner) {
    this.memory = pool.memory();
    this.allocator = pool.allocator();
    this.registry = pool.retained();
    this.retained = new RetainedExtents(allocator, registry);
    this.owner = owner;
    this.tierName = pool.tierName();
    this.ownerId = ownerId;
    this.entryTable = pool.superblock().extentTableOffset();
    this.dataOffset = pool.superblock().dataOffset();
    this.extentSize = pool.extentSizeBytes();
    this.extentShift = Long.numberOfTrailingZeros(extentSize);
    this.extentMask = extentSize - 1;
    this.extents = Arrays.copyOf(extents, Math.max(4, extents.length));
    this.count = extents.length;
    this.zeroFrom = zeroFrom;
  }

  /** Extents held. */
  int count() {
    return count;
  }

  /** The pool offset of a key position inside the extents held. */
  long offsetOf(long position) {
    return dataOffset
        + ((long) extents[(int) (position >>> extentShift)] << extentShift)
        + (position & extentMask);
  }

  /** Bytes from {@code position} to the end of its extent, at most {@code remaining}. */
  int chunk(long position, long remaining) {
    return (int) Math.min(remaining, extentSize - (position & extentMask));
  }

  // ---- bytes ----

  /** Copies {@code length} bytes at {@code position} into {@code dst}, advancing it. */
  void copyOut(ByteBuffer dst, long position, int length) {
    copy(dst, position, length, false);
  }

  /** Scatter: copies from {@code position} up to {@code limit} into the buffers; the count. */
  long copyOut(ByteBuffer[] dsts, int offset, int length, long position, long limit) {
    long p = position;
    for (int i = offset; i < offset + length && p < limit; i++) {
      int n = (int) Math.min(dsts[i].remaining(), limit - p);
      copyOut(dsts[i], p, n);
      p += n;
    }
    return p - position;
  }

  /** Gather: copies every remaining byte of the buffers to {@code position}. */
  void copyIn(ByteBuffer[] srcs, int offset, int length, long position) {
    long p = position;
    for (int i = offset; i < offset + length; i++) {
      int n = srcs[i].remaining();
      copyIn(srcs[i], p, n);
      p += n;
    }
  }

  /** Copies {@code length} bytes of {@code src} to {@code position}, advancing it. */
  void copyIn(ByteBuffer src, long position, int length) {
    copy(src, position, length, true);
  }

  /**
   * Copies {@code length} bytes between {@code buffer} and the extents at {@code position}, one
   * extent at a time, in ({@code toMedia}) or out, advancing the buffer.
   */
  private void copy(ByteBuffer buffer, long position, int length, boolean toMedia) {
    int at = buffer.position();
    long p = position;
    int left = length;
    while (left > 0) {
      int n = chunk(p, left);
      if (toMedia) {
        memory.write(offsetOf(p), buffer, at, n);
      } else {
        memory.read(offsetOf(p), buffer, at, n);
      }
      at += n;
      p += n;
      left -= n;
    }
    buffer.position(at);
  }

  /**
   * A write left a gap [{@code from}, {@code to}) past the old end: zeroes the part of it that may
   * still hold this key's old bytes (below {@code zeroFrom}), before any byte of the write lands.
   */
  void zeroGap(long from, long to) {
    long p = from;
    long end = Math.min(to, zeroFrom);
    while (p < end) {
      int n = chunk(p, end - p);
      memory.zero(offsetOf(p), n);
      p += n;
    }
  }

  /** Bytes up to {@code end} were written: they are no longer known to be zero. */
  void written(long end) {
    zeroFrom = Math.max(zeroFrom, end);
  }

  // ---- crash step: allocate ----

  /**
   * Holds extents so that [0, pos + len) is covered, all or none, with every new entry durable
   * before this returns: at each index the extent this key kept there when it truncated (its own
   * bytes at the same offsets: no zeroing needed), else a clean one from the allocator, else a
   * dirty one zeroed durably here (the scrubber fell behind). When too few are free, the extents
   * other keys keep are reclaimed first.
   *
   * @param pos where the write starts
   * @param len its byte count
   * @throws TierFullException when not enough extents are free, or the end would pass {@link
   *     PoolLayout#MAX_SIZE}; nothing changed
   */
  void growTo(long pos, long len) throws TierFullException {
    long end = pos + len;
    if (end < 0 || end > MAX_SIZE) {
      throw new TierFullException(
          tierName,
          len,
          "write beyond the largest PMem channel: position="
              + pos
              + ", bytes="
              + len
              + ", maxSizeBytes="
              + MAX_SIZE
              + ", "
              + owner.get());
    }
    long needed = ((end + extentMask) >>> extentShift) - count;
    if (needed <= 0) {
      return;
    }
    if (needed > Integer.MAX_VALUE) {
      throw full(needed);
    }
    int n = (int) needed;
    int[] own = new int[n];
    int fresh = 0;
    for (int i = 0; i < n; i++) {
      own[i] = retained.take(count + i);
      fresh += own[i] < 0 ? 1 : 0;
    }
    long askedNanos = System.nanoTime();
    ExtentAllocator.Grant grant = allocateFresh(fresh);
    if (grant == null) {
      for (int i = 0; i < n; i++) {
        if (own[i] >= 0) {
          retained.retain(count + i, own[i]);
        }
      }
      throw full(needed);
    }
    int[] got = grant.extents();
    // Dirty extents still hold a former owner's bytes: zero them durably before any SIZE word of
    // this key can cover them.
    for (int i = grant.firstDirty(); i < got.length; i++) {
      long offset = dataOffset + ((long) got[i] << extentShift);
      memory.zero(offset, extentSize);
      memory.flush(offset, extentSize);
    }
    if (fresh > 0) {
      allocator.waited(System.nanoTime() - askedNanos);
    }
    if (count + n > extents.length) {
      extents = Arrays.copyOf(extents, Math.max(extents.length * 2, count + n));
    }
    int first = count;
    int next = 0;
    for (int i = 0; i < n; i++) {
      int e = own[i] >= 0 ? own[i] : got[next++];
      writeEntry(e, count);
      extents[count++] = e;
      if (own[i] >= 0) {
        // Its old bytes are this key's own, at the same offsets, but not zeros.
        zeroFrom = Math.max(zeroFrom, (long) count << extentShift);
      }
    }
    flushEntries(first, count);
  }

  /**
   * Index/CRC word first, owner word last: a torn entry reads as free. A detached key owns no entry
   * on the media, but the extent it takes may carry the clean mark: the mark is overwritten (a
   * free, dirty entry) before a byte of data lands, or a reopen would hand the deleted key's bytes
   * to a new key as zeros.
   */
  private void writeEntry(int extent, int index) {
    long entry = entryOffset(entryTable, extent);
    if (detached) {
      memory.putLong(entry + ENTRY_OWNER, 0);
      memory.putLong(entry + ENTRY_CHECK, 0);
      return;
    }
    memory.putLong(entry + ENTRY_CHECK, encodeEntryCheck(ownerId, index, extent));
    VarHandle.releaseFence();
    memory.putLong(entry + ENTRY_OWNER, ownerId);
  }

  private ExtentAllocator.Grant allocateFresh(int fresh) {
    if (fresh == 0) {
      return new ExtentAllocator.Grant(new int[0], 0);
    }
    ExtentAllocator.Grant grant = allocator.allocate(fresh);
    if (grant == null && registry.reclaimAll() > 0) {
      grant = allocator.allocate(fresh);
    }
    return grant;
  }

  private TierFullException full(long needed) {
    return new TierFullException(
        tierName,
        needed * extentSize,
        "PMem pool full: requestedExtents="
            + needed
            + ", freeExtents="
            + allocator.freeCount()
            + ", extentSize="
            + extentSize
            + ", "
            + owner.get());
  }

  // ---- crash step: free ----

  /**
   * Lets go of every whole extent past {@code size}: their owner words are cleared and flushed,
   * then the key keeps them by index for its next growth. The caller made a SIZE word no larger
   * than {@code size} durable first.
   */
  void shrinkTo(long size) {
    int keep = (int) ((size + extentMask) >>> extentShift);
    if (keep >= count) {
      return;
    }
    if (!detached) {
      for (int i = keep; i < count; i++) {
        memory.putLong(entryOffset(entryTable, extents[i]) + ENTRY_OWNER, 0);
      }
      flushEntries(keep, count);
    }
    for (int i = keep; i < count; i++) {
      retained.retain(i, extents[i]);
    }
    count = keep;
    zeroFrom = Math.min(zeroFrom, (long) keep << extentShift);
  }

  private void flushEntries(int from, int to) {
    for (int i = from; i < to; i++) {
      memory.flush(entryOffset(entryTable, extents[i]), EXTENT_ENTRY_BYTES);
    }
  }

  // ---- crash step: slot freed ----

  /** The slot was freed on the media: no entry is written from now on. */
  void detach() {
    detached = true;
  }

  /** Gives every extent back to the allocator (the allocator parks pinned ones). */
  void releaseAll() {
    for (int i = 0; i < count; i++) {
      allocator.free(extents[i]);
    }
    count = 0;
    zeroFrom = 0;
    retained.releaseAll();
  }

  // ---- views for transfers ----

  /**
   * Pins the extent holding {@code position} (not reused until {@link #unpin}) and points {@code
   * view} at {@code length} bytes there, which the caller keeps inside that extent.
   */
  void pinInto(long position, int length, TransferView view) {
    int extent = extents[(int) (position >>> extentShift)];
    allocator.pin(extent);
    view.point(
        extent,
        memory,
        dataOffset + ((long) extent << extentShift),
        (int) extentSize,
        (int) (position & extentMask),
        length);
  }

  /** Releases the pin of {@link #pinInto}. */
  void unpin(TransferView view) {
    allocator.unpin(view.extent());
  }
}
