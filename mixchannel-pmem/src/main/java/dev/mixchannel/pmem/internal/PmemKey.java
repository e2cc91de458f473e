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
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The in-memory "file" of one key, shared by all handles open on it: its slot, extent list and
 * logical size. Handles keep their own positions.
 *
 * <p><b>Locking.</b> Reads take the shared side of {@link #lock}; writes, truncate and the
 * snapshots of {@code force} take the exclusive side; so no extent is freed while a copy uses it.
 * No foreign channel is ever called while {@link #lock} is held. A {@code transferTo} view outlives
 * the lock: its extent is pinned in the allocator instead, and an extent freed while pinned is
 * parked until its last pin goes, so a view never shows another key's bytes. Lock order: pool
 * monitor, this monitor, {@link #forceLock}, {@link #lock}, allocator.
 *
 * <p><b>Crash consistency</b> (ext4's ordered mode: after a power loss a key shows its forced
 * bytes, and beyond them only bytes it wrote or zeros, never another key's):
 *
 * <ul>
 *   <li>extents are allocated (entries written and persisted) before any byte is copied, so a
 *       {@link TierFullException} leaves everything unchanged; an allocated extent is durably zero
 *       before any SIZE word can cover it (the allocator hands out clean extents, and this class
 *       zeroes durably the dirty ones it has to take);
 *   <li>the SIZE word is stored after the data it covers (release fence) on every size change, so a
 *       killed process loses nothing; a cache eviction may still write it back early, which the
 *       zeroed extents make harmless;
 *   <li>{@code force} flushes the dirty data range and then the SIZE word, the latter under the
 *       lock and only once no size-changing write raced with the flush;
 *   <li>{@code truncate} flushes the dirty data below the new size, then the new size, before it
 *       frees extents.
 * </ul>
 *
 * A deleted file is detached: it no longer touches its old slot or the extent table.
 */
final class PmemKey {

  /** Rounds of flushing outside the lock before {@code force} flushes under it. */
  private static final int FORCE_ROUNDS_OUTSIDE_LOCK = 2;

  private final PmemPool pool;
  private final PoolMemory memory;
  private final ExtentAllocator allocator;
  private final int slot;
  private final long generation;
  private final long ownerId;
  private final long slotBase;
  private final int sizeSeed;
  private final int extentShift;
  private final long extentSize;
  private final long extentMask;
  private final long dataOffset;
  private final long entryTable;
  private final StampedLock lock = new StampedLock();
  private final ReentrantLock forceLock = new ReentrantLock();

  private volatile long size;
  private int[] extents;
  private int extentCount;

  /** Every byte of the allocated extents at or above this offset is zero. */
  private long zeroFrom;

  private long dirtyLow = Long.MAX_VALUE;
  private long dirtyHigh = Long.MIN_VALUE;
  private long[] forceScratch = new long[8];
  private boolean detached;
  private boolean closed;

  private volatile String key;
  private volatile boolean incomplete;
  private int activeRecord;
  private long sequence;

  private final RetainedExtents retained;

  // Guarded by this monitor.
  private int handles;
  private boolean deleted;
  private final PmemKeyLocks locks;

  /**
   * The file of a slot.
   *
   * @param pool the pool
   * @param slot the slot index
   * @param generation the slot's generation
   * @param key the key
   * @param incomplete whether the key is incomplete
   * @param size the logical size
   * @param extents the extents held, in order
   * @param activeRecord the key record in use (0 for A, 1 for B)
   * @param sequence the active key record's sequence
   */
  PmemKey(
      PmemPool pool,
      int slot,
      long generation,
      String key,
      boolean incomplete,
      long size,
      int[] extents,
      int activeRecord,
      long sequence) {
    this.pool = pool;
    this.memory = pool.memory();
    this.allocator = pool.allocator();
    this.slot = slot;
    this.generation = generation;
    this.ownerId = ownerId(slot, generation);
    this.slotBase = slotOffset(slot);
    this.sizeSeed = sizeSeed(slot, generation);
    this.extentSize = pool.extentSizeBytes();
    this.extentShift = Long.numberOfTrailingZeros(extentSize);
    this.extentMask = extentSize - 1;
    this.dataOffset = pool.dataOffset();
    this.entryTable = pool.extentTableOffset();
    this.key = key;
    this.incomplete = incomplete;
    this.size = size;
    // Nothing about the bytes of its extents is assumed (issue 18 item 1): past its size they may
    // hold what a truncate cut off or an unforced write left; only what it allocates from now on
    // is known zero.
    this.zeroFrom = (long) extents.length << extentShift;
    this.extents = Arrays.copyOf(extents, Math.max(4, extents.length));
    this.extentCount = extents.length;
    this.activeRecord = activeRecord;
    this.sequence = sequence;
    this.retained = new RetainedExtents(allocator, pool.retained());
    this.locks =
        new PmemKeyLocks(pool.lockFile(slot, generation), this::describe, pool::nextLockThread);
  }

  int slot() {
    return slot;
  }

  long generation() {
    return generation;
  }

  String key() {
    return key;
  }

  boolean isIncomplete() {
    return incomplete;
  }

  long sequence() {
    return sequence;
  }

  int activeRecord() {
    return activeRecord;
  }

  PmemKeyLocks locks() {
    return locks;
  }

  /** The slot now carries this key in the given record; called under the pool monitor. */
  void renamed(String newKey, int record, long newSequence) {
    this.activeRecord = record;
    this.sequence = newSequence;
    this.key = newKey;
  }

  /** The slot is now LIVE; called under the pool monitor. */
  void published() {
    this.incomplete = false;
  }

  long size() {
    return size;
  }

  String describe() {
    return "key=" + key + ", slot=" + slot + " (pool " + pool.file() + ")";
  }

  private void checkOpen() throws ClosedChannelException {
    if (closed) {
      throw new ClosedChannelException();
    }
  }

  private long offsetOf(long position) {
    return dataOffset
        + ((long) extents[(int) (position >>> extentShift)] << extentShift)
        + (position & extentMask);
  }

  private int chunk(long position, long remaining) {
    return (int) Math.min(remaining, extentSize - (position & extentMask));
  }

  // ---- reads ----

  /** Reads into {@code dst} from {@code position}: the count, or -1 at or past the end. */
  int read(ByteBuffer dst, long position) throws IOException {
    long stamp = lock.readLock();
    try {
      checkOpen();
      long sz = size;
      if (position >= sz) {
        return -1;
      }
      int n = (int) Math.min(dst.remaining(), sz - position);
      copyOut(dst, position, n);
      return n;
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /** Scatter read: the count, or -1 when at or past the end. */
  long read(ByteBuffer[] dsts, int offset, int length, long position) throws IOException {
    long stamp = lock.readLock();
    try {
      checkOpen();
      long sz = size;
      if (position >= sz) {
        return -1;
      }
      long p = position;
      for (int i = offset; i < offset + length && p < sz; i++) {
        int n = (int) Math.min(dsts[i].remaining(), sz - p);
        copyOut(dsts[i], p, n);
        p += n;
      }
      return p - position;
    } finally {
      lock.unlockRead(stamp);
    }
  }

  private void copyOut(ByteBuffer dst, long position, int length) {
    int at = dst.position();
    long p = position;
    int left = length;
    while (left > 0) {
      int n = chunk(p, left);
      memory.read(offsetOf(p), dst, at, n);
      at += n;
      p += n;
      left -= n;
    }
    dst.position(at);
  }

  // ---- writes ----

  /** Writes all of {@code src} at {@code position} (or at the end): the new end offset. */
  long write(ByteBuffer src, long position, boolean append) throws IOException {
    long stamp = lock.writeLock();
    try {
      checkOpen();
      long pos = append ? size : position;
      int len = src.remaining();
      if (len == 0) {
        return pos;
      }
      long end = prepare(pos, len);
      copyIn(src, pos, len);
      publish(pos, end);
      return end;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /** Gather write of every remaining byte: the new end offset. */
  long write(ByteBuffer[] srcs, int offset, int length, long position, boolean append)
      throws IOException {
    long stamp = lock.writeLock();
    try {
      checkOpen();
      long pos = append ? size : position;
      long total = 0;
      for (int i = offset; i < offset + length; i++) {
        total += srcs[i].remaining();
      }
      if (total == 0) {
        return pos;
      }
      long end = prepare(pos, total);
      long p = pos;
      for (int i = offset; i < offset + length; i++) {
        int n = srcs[i].remaining();
        copyIn(srcs[i], p, n);
        p += n;
      }
      publish(pos, end);
      return end;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /**
   * Allocates, and zero-fills the part of a gap past the end that may hold this key's old bytes,
   * before any byte is copied; returns the end offset.
   */
  private long prepare(long pos, long len) throws IOException {
    long end = pos + len;
    if (end < 0 || end > MAX_SIZE) {
      throw new TierFullException(
          pool.tierName(),
          len,
          "write beyond the largest PMem channel: position="
              + pos
              + ", bytes="
              + len
              + ", maxSizeBytes="
              + MAX_SIZE
              + ", "
              + describe());
    }
    ensureExtents(end);
    long sz = size;
    if (pos > sz) {
      zeroRange(sz, Math.min(pos, zeroFrom));
    }
    return end;
  }

  private void copyIn(ByteBuffer src, long position, int length) {
    int at = src.position();
    long p = position;
    int left = length;
    while (left > 0) {
      int n = chunk(p, left);
      memory.write(offsetOf(p), src, at, n);
      at += n;
      p += n;
      left -= n;
    }
    src.position(at);
  }

  private void zeroRange(long from, long to) {
    long p = from;
    while (p < to) {
      int n = chunk(p, to - p);
      memory.zero(offsetOf(p), n);
      p += n;
    }
  }

  /** Marks [from, end) dirty and stores the new size after the data (kill -9 safe). */
  private void publish(long pos, long end) {
    long sz = size;
    dirtyLow = Math.min(dirtyLow, Math.min(pos, sz));
    dirtyHigh = Math.max(dirtyHigh, end);
    zeroFrom = Math.max(zeroFrom, end);
    if (end > sz) {
      size = end;
      storeSize(end);
    }
  }

  private void storeSize(long newSize) {
    if (!detached) {
      VarHandle.releaseFence();
      memory.putLong(slotBase + SLOT_SIZE, encodeSize(sizeSeed, newSize));
    }
  }

  /**
   * Allocates extents so that [0, end) is covered, all or none: at each index the extent this key
   * kept there when it truncated (its own bytes at the same offsets: no zeroing needed), else a
   * clean one from the allocator, else a dirty one zeroed durably here (the scrubber fell behind).
   * When too few are free, the extents other keys keep are reclaimed first.
   */
  private void ensureExtents(long end) throws IOException {
    long needed = ((end + extentMask) >>> extentShift) - extentCount;
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
      own[i] = retained.take(extentCount + i);
      fresh += own[i] < 0 ? 1 : 0;
    }
    ExtentAllocator.Grant grant = allocateFresh(fresh);
    if (grant == null) {
      for (int i = 0; i < n; i++) {
        if (own[i] >= 0) {
          retained.retain(extentCount + i, own[i]);
        }
      }
      throw full(needed);
    }
    int[] got = grant.extents();
    // Dirty extents (the scrubber fell behind) still hold a former owner's bytes: zero them
    // durably before any SIZE word of this key can cover them.
    for (int i = grant.firstDirty(); i < got.length; i++) {
      long offset = dataOffset + ((long) got[i] << extentShift);
      memory.zero(offset, extentSize);
      memory.flush(offset, extentSize);
    }
    if (extentCount + n > extents.length) {
      extents = Arrays.copyOf(extents, Math.max(extents.length * 2, extentCount + n));
    }
    int[] added = new int[n];
    int next = 0;
    for (int i = 0; i < n; i++) {
      int e = own[i] >= 0 ? own[i] : got[next++];
      if (!detached) {
        long entry = entryOffset(entryTable, e);
        memory.putLong(entry + ENTRY_CHECK, encodeEntryCheck(ownerId, extentCount, e));
        VarHandle.releaseFence();
        memory.putLong(entry + ENTRY_OWNER, ownerId);
      }
      extents[extentCount++] = e;
      added[i] = e;
      if (own[i] >= 0) {
        // Its old bytes are this key's own, at the same offsets, but not zeros.
        zeroFrom = Math.max(zeroFrom, (long) extentCount << extentShift);
      }
    }
    if (!detached) {
      flushEntries(added, 0, added.length);
    }
  }

  private ExtentAllocator.Grant allocateFresh(int fresh) {
    if (fresh == 0) {
      return new ExtentAllocator.Grant(new int[0], 0);
    }
    ExtentAllocator.Grant grant = allocator.allocate(fresh);
    if (grant == null && pool.retained().reclaimAll() > 0) {
      grant = allocator.allocate(fresh);
    }
    return grant;
  }

  private TierFullException full(long needed) {
    return new TierFullException(
        pool.tierName(),
        needed * extentSize,
        "PMem pool full: requestedExtents="
            + needed
            + ", freeExtents="
            + allocator.freeCount()
            + ", extentSize="
            + extentSize
            + ", "
            + describe());
  }

  private void flushEntries(int[] list, int from, int to) {
    for (int i = from; i < to; i++) {
      memory.flush(entryOffset(entryTable, list[i]), EXTENT_ENTRY_BYTES);
    }
  }

  /**
   * Preallocation at creation: size {@code bytes}, zero-filled. The extents come durably zero, so
   * nothing is written but the extent entries and the size.
   */
  void preallocate(long bytes) throws IOException {
    long stamp = lock.writeLock();
    try {
      long end = prepare(0, bytes);
      zeroRange(0, Math.min(end, zeroFrom));
      publish(0, end);
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  // ---- truncate, force ----

  /**
   * Shrinks to {@code newSize}: flushes the dirty data below it, persists the new size, then frees
   * every whole extent beyond it (also when the size does not shrink: extents a failed or empty
   * transfer left beyond the end are returned).
   */
  void truncate(long newSize) throws IOException {
    long stamp = lock.writeLock();
    try {
      checkOpen();
      if (newSize < size) {
        flushDirtyBelow(newSize);
        dirtyLow = Long.MAX_VALUE;
        dirtyHigh = Long.MIN_VALUE;
        size = newSize;
        storeSize(newSize);
        if (!detached) {
          memory.flush(slotBase + SLOT_SIZE, Long.BYTES);
        }
      }
      int keep = (int) ((size + extentMask) >>> extentShift);
      if (keep < extentCount) {
        int[] freed = Arrays.copyOfRange(extents, keep, extentCount);
        if (!detached) {
          for (int e : freed) {
            memory.putLong(entryOffset(entryTable, e) + ENTRY_OWNER, 0);
          }
          flushEntries(freed, 0, freed.length);
        }
        for (int i = 0; i < freed.length; i++) {
          retained.retain(keep + i, freed[i]);
        }
        extentCount = keep;
        zeroFrom = Math.min(zeroFrom, (long) keep << extentShift);
      }
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /**
   * Under the write lock: flushes the dirty data below {@code limit} (the order truncate needs).
   */
  private void flushDirtyBelow(long limit) {
    long hi = Math.min(dirtyHigh, limit);
    int pieces = collectDirty(dirtyLow, hi);
    flushPieces(pieces);
  }

  /**
   * Makes every byte written so far and the size durable. The data is flushed outside the lock (a
   * force of a large range does not stall readers and writers); the SIZE word is flushed under the
   * lock once a snapshot finds nothing new, so the size made durable never covers bytes that are
   * not. After {@value #FORCE_ROUNDS_OUTSIDE_LOCK} rounds that found new writes, the rest is
   * flushed under the lock.
   */
  void force() throws IOException {
    forceLock.lock();
    try {
      for (int round = 0; ; round++) {
        boolean underLock = round >= FORCE_ROUNDS_OUTSIDE_LOCK;
        int pieces;
        long stamp = lock.writeLock();
        try {
          checkOpen();
          pieces = collectDirty(dirtyLow, Math.min(dirtyHigh, size));
          dirtyLow = Long.MAX_VALUE;
          dirtyHigh = Long.MIN_VALUE;
          if (pieces == 0 || underLock) {
            flushPieces(pieces);
            if (!detached) {
              memory.flush(slotBase + SLOT_SIZE, Long.BYTES);
            }
            return;
          }
        } finally {
          lock.unlockWrite(stamp);
        }
        // Outside the lock, but under the force lock, which close waits for: an extent freed
        // meanwhile is flushed for nothing, which is harmless; the memory stays mapped.
        flushPieces(pieces);
      }
    } finally {
      forceLock.unlock();
    }
  }

  /** Splits [lo, hi) into extent pieces in {@link #forceScratch}; returns their count. */
  private int collectDirty(long lo, long hi) {
    int pieces = 0;
    for (long p = lo; p < hi; ) {
      int n = chunk(p, hi - p);
      if (2 * pieces + 2 > forceScratch.length) {
        forceScratch = Arrays.copyOf(forceScratch, forceScratch.length * 2);
      }
      forceScratch[2 * pieces] = offsetOf(p);
      forceScratch[2 * pieces + 1] = n;
      pieces++;
      p += n;
    }
    return pieces;
  }

  private void flushPieces(int pieces) {
    for (int i = 0; i < pieces; i++) {
      memory.flush(forceScratch[2 * i], forceScratch[2 * i + 1]);
    }
  }

  // ---- views for transfers ----

  /**
   * Pins the extent at {@code position} (not reused until {@link #unpin}) and points {@code view}
   * at up to {@code max} bytes there.
   *
   * @return false at the end, with nothing pinned
   */
  boolean pinInto(long position, long max, TransferView view) throws IOException {
    long stamp = lock.readLock();
    try {
      checkOpen();
      long sz = size;
      if (position >= sz || max <= 0) {
        return false;
      }
      int n = chunk(position, Math.min(max, sz - position));
      int extent = extents[(int) (position >>> extentShift)];
      allocator.pin(extent);
      view.point(
          extent,
          memory,
          dataOffset + ((long) extent << extentShift),
          (int) extentSize,
          (int) (position & extentMask),
          n);
      return true;
    } finally {
      lock.unlockRead(stamp);
    }
  }

  void unpin(TransferView view) {
    allocator.unpin(view.extent());
  }

  /** Under the write lock: frees extents (the allocator parks those a view pins). */
  private void release(int[] freed) {
    for (int e : freed) {
      allocator.free(e);
    }
  }

  // ---- lifecycle ----

  synchronized void acquire() {
    handles++;
  }

  /** Whether a new handle may still be opened on this file (it is not freed). */
  synchronized boolean acquireIfAlive() {
    if (deleted && handles == 0) {
      return false;
    }
    handles++;
    return true;
  }

  /** A handle closed: frees the extents when the file was deleted and this was the last. */
  void releaseHandle() {
    boolean free;
    synchronized (this) {
      handles--;
      free = deleted && handles == 0;
    }
    if (free) {
      freeAll();
    }
  }

  /** Stops metadata stores (the slot is being freed); waits for in-flight writers. */
  void detach() {
    long stamp = lock.writeLock();
    try {
      detached = true;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /** The key was deleted (after {@link #detach}): frees now or when the last handle closes. */
  void markDeleted() {
    boolean free;
    synchronized (this) {
      deleted = true;
      free = handles == 0;
    }
    if (free) {
      freeAll();
    }
  }

  private void freeAll() {
    long stamp = lock.writeLock();
    try {
      int[] freed = Arrays.copyOf(extents, extentCount);
      extentCount = 0;
      size = 0;
      zeroFrom = 0;
      release(freed);
      retained.releaseAll();
    } finally {
      lock.unlockWrite(stamp);
    }
    locks.close();
  }

  /**
   * The pool is closing: waits for in-flight operations, a force flushing outside the lock
   * included, then refuses new ones.
   */
  void shutdown() {
    forceLock.lock();
    try {
      long stamp = lock.writeLock();
      try {
        closed = true;
      } finally {
        lock.unlockWrite(stamp);
      }
    } finally {
      forceLock.unlock();
    }
    locks.close();
  }

  /** Used extents, for accounting. */
  int extentCount() {
    long stamp = lock.readLock();
    try {
      return extentCount;
    } finally {
      lock.unlockRead(stamp);
    }
  }

  long slotBase() {
    return slotBase;
  }
}
