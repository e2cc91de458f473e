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
 * <p><b>Locking.</b> Reads take the shared side of {@link #lock}; writes, truncate and the snapshot
 * of {@code force} take the exclusive side; so no extent is freed while a copy uses it. A {@code
 * transferTo} view outlives the lock: its extent is pinned in the allocator instead, and an extent
 * freed while pinned is parked until its last pin goes, so a view never shows another channel's
 * bytes. Lock order: pool monitor, this monitor, {@link #lock}, allocator.
 *
 * <p><b>Crash consistency.</b> Extents are allocated (entries written and persisted) before any
 * byte is copied, so a {@link TierFullException} leaves everything unchanged; the SIZE word is
 * stored after the data it covers (release fence) on every size change; {@code force} flushes the
 * dirty data range and then the SIZE word; {@code truncate} persists the new size before freeing. A
 * deleted file is detached: it no longer touches its old slot or the extent table.
 */
final class PmemFile {

  private final PmemPool pool;
  private final PoolMemory memory;
  private final ExtentAllocator allocator;
  final int slot;
  final long generation;
  private final long channelId;
  private final long slotBase;
  private final int sizeSeed;
  private final int extentShift;
  private final long extentSize;
  private final long extentMask;
  private final long dataOffset;
  private final long entryTable;
  final StampedLock lock = new StampedLock();
  private final ReentrantLock forceLock = new ReentrantLock();

  private volatile long size;
  private int[] extents;
  private int extentCount;
  private long dirtyLow = Long.MAX_VALUE;
  private long dirtyHigh = Long.MIN_VALUE;
  private long[] forceScratch = new long[8];
  private boolean detached;
  private boolean closed;

  volatile String key;
  volatile boolean incomplete;
  int activeRecord;
  long sequence;
  private int handles;
  private boolean deleted;

  PmemFile(
      PmemPool pool,
      int slot,
      long generation,
      String key,
      boolean incomplete,
      long size,
      int[] extents) {
    this.pool = pool;
    this.memory = pool.memory();
    this.allocator = pool.allocator();
    this.slot = slot;
    this.generation = generation;
    this.channelId = channelId(slot, generation);
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
    this.extents = Arrays.copyOf(extents, Math.max(4, extents.length));
    this.extentCount = extents.length;
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

  /** Allocates and zero-fills before any byte is copied; returns the end offset. */
  private long prepare(long pos, long len) throws IOException {
    long end = pos + len;
    if (end < 0 || end > MAX_SIZE) {
      throw new IOException(
          "write beyond the largest channel size: position="
              + pos
              + ", bytes="
              + len
              + ", "
              + describe());
    }
    ensureExtents(end);
    long sz = size;
    if (pos > sz) {
      zeroRange(sz, pos);
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

  /** Allocates extents so that [0, end) is covered: all or none. */
  private void ensureExtents(long end) throws IOException {
    long needed = ((end + extentMask) >>> extentShift) - extentCount;
    if (needed <= 0) {
      return;
    }
    int[] got = needed > Integer.MAX_VALUE ? null : allocator.allocate((int) needed);
    if (got == null) {
      throw new TierFullException(
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
    if (extentCount + got.length > extents.length) {
      extents = Arrays.copyOf(extents, Math.max(extents.length * 2, extentCount + got.length));
    }
    for (int e : got) {
      if (!detached) {
        long entry = entryOffset(entryTable, e);
        memory.putLong(entry + ENTRY_CHECK, encodeEntryCheck(channelId, extentCount, e));
        VarHandle.releaseFence();
        memory.putLong(entry + ENTRY_OWNER, channelId);
      }
      extents[extentCount++] = e;
    }
    if (!detached) {
      flushEntries(got, 0, got.length);
    }
  }

  private void flushEntries(int[] list, int from, int to) {
    for (int i = from; i < to; i++) {
      memory.flush(entryOffset(entryTable, list[i]), EXTENT_ENTRY_BYTES);
    }
  }

  /** Preallocation at creation: size {@code bytes}, zero-filled (non-temporal stores on LLPL). */
  void preallocate(long bytes) throws IOException {
    long stamp = lock.writeLock();
    try {
      long end = prepare(0, bytes);
      zeroRange(0, end);
      publish(0, end);
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  // ---- truncate, force ----

  /** Shrinks to {@code newSize}: persists the new size, then frees whole extents beyond it. */
  void truncate(long newSize) throws IOException {
    long stamp = lock.writeLock();
    try {
      checkOpen();
      if (newSize >= size) {
        return;
      }
      size = newSize;
      storeSize(newSize);
      if (!detached) {
        memory.flush(slotBase + SLOT_SIZE, Long.BYTES);
      }
      dirtyHigh = Math.min(dirtyHigh, newSize);
      int keep = (int) ((newSize + extentMask) >>> extentShift);
      if (keep < extentCount) {
        int[] freed = Arrays.copyOfRange(extents, keep, extentCount);
        if (!detached) {
          for (int e : freed) {
            memory.putLong(entryOffset(entryTable, e) + ENTRY_OWNER, 0);
          }
          flushEntries(freed, 0, freed.length);
        }
        extentCount = keep;
        release(freed);
      }
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /** Flushes the data written since the last force, then the SIZE word. */
  void force() throws IOException {
    forceLock.lock();
    try {
      int pieces = 0;
      long stamp = lock.writeLock();
      try {
        checkOpen();
        long lo = dirtyLow;
        long hi = Math.min(dirtyHigh, size);
        dirtyLow = Long.MAX_VALUE;
        dirtyHigh = Long.MIN_VALUE;
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
      } finally {
        lock.unlockWrite(stamp);
      }
      // Outside the lock: an extent freed meanwhile is flushed for nothing, which is harmless.
      for (int i = 0; i < pieces; i++) {
        memory.flush(forceScratch[2 * i], forceScratch[2 * i + 1]);
      }
      if (!isDetached()) {
        memory.flush(slotBase + SLOT_SIZE, Long.BYTES);
      }
    } finally {
      forceLock.unlock();
    }
  }

  private boolean isDetached() {
    long stamp = lock.readLock();
    try {
      return detached;
    } finally {
      lock.unlockRead(stamp);
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

  /**
   * Reads from a source straight into mapped extents at {@code position} (allocated first), holding
   * the write lock while the source reads.
   */
  long transferFrom(java.nio.channels.ReadableByteChannel src, long position, long count)
      throws IOException {
    long done = 0;
    while (done < count) {
      long stamp = lock.writeLock();
      try {
        checkOpen();
        long p = position + done;
        if (p > size) {
          break;
        }
        int n = chunk(p, count - done);
        try {
          ensureExtents(p + n);
        } catch (TierFullException e) {
          if (done == 0) {
            throw e;
          }
          break;
        }
        ByteBuffer view = memory.slice(offsetOf(p), n);
        int r;
        try {
          r = src.read(view);
        } catch (IOException e) {
          if (done == 0) {
            throw e;
          }
          break;
        }
        if (r <= 0) {
          break;
        }
        publish(p, p + r);
        done += r;
      } finally {
        lock.unlockWrite(stamp);
      }
    }
    return done;
  }

  // ---- lifecycle ----

  synchronized void acquire() {
    handles++;
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
      release(freed);
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /** The pool is closing: waits for in-flight operations, then refuses new ones. */
  void shutdown() {
    long stamp = lock.writeLock();
    try {
      closed = true;
    } finally {
      lock.unlockWrite(stamp);
    }
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
