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

import static dev.mixchannel.pmem.internal.PoolLayout.ownerId;

import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The in-memory "file" of one key, shared by all handles open on it: its slot, extents and logical
 * size. Handles keep their own positions. Its parts: {@link ExtentMap} (where the bytes live, the
 * only writer of its extent entries), {@link SlotTable.SizeWord} (its SIZE word), {@link ForcePlan}
 * (what a force flushes) and {@link KeyGuard} (its locks, in their order, and its handle count).
 *
 * <p><b>Locking</b> ({@link KeyGuard}): reads and transfer views take data shared; writes, truncate
 * and a force's snapshots take it exclusive. A {@code transferTo} view outlives the lock: its
 * extent is pinned in the allocator instead, and an extent freed while pinned is parked until its
 * last pin goes, so a view never shows another key's bytes.
 *
 * <p><b>Crash consistency</b> (ext4's ordered mode: after a power loss a key shows its forced
 * bytes, and beyond them only bytes it wrote or zeros, never another key's):
 *
 * <ul>
 *   <li>extents are allocated (entries written and persisted) before any byte is copied, so a
 *       {@link TierFullException} leaves everything unchanged; an allocated extent is durably zero
 *       before any SIZE word can cover it ({@link ExtentMap#growTo});
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
  private final int slot;
  private final long generation;
  private final KeyGuard guard = new KeyGuard();
  private final ExtentMap map;
  private final SlotTable.SizeWord sizeWord;
  private final ForcePlan plan;
  private final PmemKeyLocks locks;

  private volatile long size;

  // Written under the pool monitor.
  private volatile String key;
  private volatile Namespace namespace;
  private int activeRecord;
  private long sequence;

  /**
   * The file of a slot.
   *
   * @param pool the pool
   * @param slot the slot index
   * @param generation the slot's generation
   * @param key the key
   * @param namespace the key's namespace
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
      Namespace namespace,
      long size,
      int[] extents,
      int activeRecord,
      long sequence) {
    this.pool = pool;
    this.slot = slot;
    this.generation = generation;
    this.key = key;
    this.namespace = namespace;
    this.size = size;
    this.activeRecord = activeRecord;
    this.sequence = sequence;
    PoolMedia media = pool.media();
    // Nothing about the bytes of its extents is assumed (issue 18 item 1): past its size they may
    // hold what a truncate cut off or an unforced write left; only what it allocates from now on
    // is known zero.
    long zeroFrom = extents.length * media.extentSizeBytes();
    this.map = new ExtentMap(media, ownerId(slot, generation), extents, zeroFrom, this::describe);
    this.sizeWord = media.slots().sizeWord(slot, generation);
    this.plan = new ForcePlan(media.memory());
    this.locks =
        new PmemKeyLocks(pool.lockFile(slot, generation), this::describe, media::nextLockThread);
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

  Namespace namespace() {
    return namespace;
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
    this.namespace = Namespace.COMPLETE;
  }

  long size() {
    return size;
  }

  String describe() {
    return "key=" + key + ", slot=" + slot + " (pool " + pool.file() + ")";
  }

  // ---- reads ----

  /** Reads into {@code dst} from {@code position}: the count, or -1 at or past the end. */
  int read(ByteBuffer dst, long position) throws IOException {
    long stamp = guard.read();
    try {
      long sz = size;
      if (position >= sz) {
        return -1;
      }
      int n = (int) Math.min(dst.remaining(), sz - position);
      map.copyOut(dst, position, n);
      return n;
    } finally {
      guard.endRead(stamp);
    }
  }

  /** Scatter read: the count, or -1 when at or past the end. */
  long read(ByteBuffer[] dsts, int offset, int length, long position) throws IOException {
    long stamp = guard.read();
    try {
      long sz = size;
      if (position >= sz) {
        return -1;
      }
      return map.copyOut(dsts, offset, length, position, sz);
    } finally {
      guard.endRead(stamp);
    }
  }

  // ---- writes ----

  /** Writes all of {@code src} at {@code position} (or at the end): the new end offset. */
  long write(ByteBuffer src, long position, boolean append) throws IOException {
    long stamp = guard.write();
    try {
      long pos = append ? size : position;
      int len = src.remaining();
      if (len == 0) {
        return pos;
      }
      long end = prepare(pos, len);
      map.copyIn(src, pos, len);
      publish(pos, end);
      return end;
    } finally {
      guard.endWrite(stamp);
    }
  }

  /** Gather write of every remaining byte: the new end offset. */
  long write(ByteBuffer[] srcs, int offset, int length, long position, boolean append)
      throws IOException {
    long stamp = guard.write();
    try {
      long pos = append ? size : position;
      long total = 0;
      for (int i = offset; i < offset + length; i++) {
        total += srcs[i].remaining();
      }
      if (total == 0) {
        return pos;
      }
      long end = prepare(pos, total);
      map.copyIn(srcs, offset, length, pos);
      publish(pos, end);
      return end;
    } finally {
      guard.endWrite(stamp);
    }
  }

  /**
   * Allocates, and zero-fills the part of a gap past the end that may hold this key's old bytes,
   * before any byte is copied; returns the end offset.
   */
  private long prepare(long pos, long len) throws IOException {
    long end = pos + len;
    map.growTo(pos, len);
    long sz = size;
    if (pos > sz) {
      map.zeroGap(sz, pos);
    }
    return end;
  }

  /** Marks [from, end) dirty and stores the new size after the data (kill -9 safe). */
  private void publish(long pos, long end) {
    long sz = size;
    plan.written(Math.min(pos, sz), end);
    map.written(end);
    if (end > sz) {
      size = end;
      sizeWord.store(end);
    }
  }

  /**
   * Preallocation at creation: size {@code bytes}, zero-filled. The extents come durably zero, so
   * nothing is written but the extent entries and the size.
   */
  void preallocate(long bytes) throws IOException {
    long stamp = guard.writeAny();
    try {
      long end = prepare(0, bytes);
      map.zeroGap(0, end);
      publish(0, end);
    } finally {
      guard.endWrite(stamp);
    }
  }

  // ---- truncate, force ----

  /**
   * Shrinks to {@code newSize}: flushes the dirty data below it, persists the new size, then frees
   * every whole extent beyond it (also when the size does not shrink: extents a failed or empty
   * transfer left beyond the end are returned).
   */
  void truncate(long newSize) throws IOException {
    long stamp = guard.write();
    try {
      if (newSize < size) {
        plan.flushBelow(map, newSize);
        size = newSize;
        sizeWord.store(newSize);
        sizeWord.persist();
      }
      map.shrinkTo(size);
    } finally {
      guard.endWrite(stamp);
    }
  }

  /**
   * Makes every byte written so far and the size durable. The data is flushed outside the lock (a
   * force of a large range does not stall readers and writers); the SIZE word is flushed under the
   * lock once a snapshot finds nothing new, so the size made durable never covers bytes that are
   * not. After {@value #FORCE_ROUNDS_OUTSIDE_LOCK} rounds that found new writes, the rest is
   * flushed under the lock.
   */
  void force() throws IOException {
    guard.beginForce();
    try {
      for (int round = 0; ; round++) {
        boolean underLock = round >= FORCE_ROUNDS_OUTSIDE_LOCK;
        int pieces;
        long stamp = guard.write();
        try {
          pieces = plan.take(map, size);
          if (pieces == 0 || underLock) {
            plan.flush(pieces);
            sizeWord.persist();
            return;
          }
        } finally {
          guard.endWrite(stamp);
        }
        // Outside the lock, but under the force lock, which close waits for: an extent freed
        // meanwhile is flushed for nothing, which is harmless; the memory stays mapped.
        plan.flush(pieces);
      }
    } finally {
      guard.endForce();
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
    long stamp = guard.read();
    try {
      long sz = size;
      if (position >= sz || max <= 0) {
        return false;
      }
      map.pinInto(position, map.chunk(position, Math.min(max, sz - position)), view);
      return true;
    } finally {
      guard.endRead(stamp);
    }
  }

  void unpin(TransferView view) {
    map.unpin(view);
  }

  // ---- lifecycle ----

  void acquire() {
    guard.acquire();
  }

  /** Whether a new handle may still be opened on this file (it is not freed). */
  boolean acquireIfAlive() {
    return guard.acquireIfAlive();
  }

  /** A handle closed: frees the extents when the file was deleted and this was the last. */
  void releaseHandle() {
    if (guard.release()) {
      freeAll();
    }
  }

  /** Stops metadata stores (the slot is being freed); waits for in-flight writers. */
  void detach() {
    long stamp = guard.writeAny();
    try {
      map.detach();
      sizeWord.detach();
    } finally {
      guard.endWrite(stamp);
    }
  }

  /** The key was deleted (after {@link #detach}): frees now or when the last handle closes. */
  void markDeleted() {
    if (guard.markDeleted()) {
      freeAll();
    }
  }

  private void freeAll() {
    long stamp = guard.writeAny();
    try {
      size = 0;
      map.releaseAll();
    } finally {
      guard.endWrite(stamp);
    }
    locks.close();
  }

  /**
   * The pool is closing: waits for in-flight operations, a force flushing outside the lock
   * included, then refuses new ones.
   */
  void shutdown() {
    guard.close();
    locks.close();
  }

  /** Used extents, for accounting. */
  int extentCount() {
    long stamp = guard.readAny();
    try {
      return map.count();
    } finally {
      guard.endRead(stamp);
    }
  }
}
