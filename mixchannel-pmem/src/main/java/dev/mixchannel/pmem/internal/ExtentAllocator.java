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

import java.util.BitSet;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * The free extents of one pool, in memory only (the extent table is the durable truth about who
 * owns what; this class knows what a free extent may still contain).
 *
 * <p><b>Clean and dirty.</b> A free extent is <i>clean</i> when its bytes are durably zero, and
 * <i>dirty</i> when it may still hold the bytes of a key that owned it. Extents freed by a key are
 * dirty; a reopened pool's free extents are clean where the extent table carries the clean mark the
 * {@link ExtentScrubber} writes after zeroing one durably, dirty elsewhere. {@link #allocate} hands
 * out clean extents first and reports the dirty ones it had to hand out, which the caller zeroes
 * durably before any size word can cover them. So a key never shows another key's bytes after a
 * power loss, and zeroing stays off the write path while the scrubber keeps up.
 *
 * <p><b>Never a wait for the scrubber.</b> The extent the scrubber works on (at most one) still
 * counts as free and is handed out when nothing else is left: {@link #allocate} takes it from the
 * scrubber, which stops at its next chunk, and waits only for the chunk in progress (at most {@link
 * PoolMemory#CHUNK_BYTES} of zeroing). So an allocation answers at once: a grant when enough
 * extents are free, else null (the caller's key spills), whatever the scrubber does, and no
 * allocation ever waits for a free, for the scrubber to return an extent, or for a pool's close.
 *
 * <p><b>Touched.</b> Clean extents whose pages the scrubber has touched are reused first, last in
 * first out, so steady-state writes land on mapped pages; never-touched clean extents (a new or a
 * reopened pool) are handed out lowest first, and the scrubber touches those below the pre-touch
 * limit.
 *
 * <p><b>Pins.</b> An extent a {@code transferTo} view shows is pinned; freeing it parks it until
 * its last pin goes, so a view never shows another key's bytes, and the pool waits for pins before
 * it unmaps its memory. Thread-safe. Lock order: {@link #chunkLock}, then {@link #lock}.
 */
final class ExtentAllocator {

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition returned = lock.newCondition();
  private final Condition work = lock.newCondition();
  private final Condition unpinned = lock.newCondition();

  /** Held by the scrubber while it writes one chunk of its extent (and its clean mark). */
  private final ReentrantLock chunkLock = new ReentrantLock();

  private final int extentCount;
  private final int[] touched;
  private int touchedTop;
  private final BitSet untouched = new BitSet();
  private final BitSet dirty = new BitSet();
  private final BitSet used = new BitSet();
  private final BitSet deferred = new BitSet();
  private final int[] pins;
  private final int pretouchLimit;
  private final int touchLead;
  private long freeCount;
  private volatile LongConsumer waitReceiver = nanos -> {};
  private long pinTotal;
  private boolean closed;

  /** Set by {@link #drainDirty}: the scrubber zeroes dirty extents only, the pool is closing. */
  private boolean draining;

  /** The free extent the scrubber works on, or -1. */
  private int scrubbing = -1;

  /** Whether {@link #scrubbing} was dirty when the scrubber took it. */
  private boolean scrubbingDirty;

  /**
   * What {@link #allocate} granted: the extents, of which those from {@code firstDirty} on are
   * dirty.
   *
   * @param extents the extents granted
   * @param firstDirty the index of the first dirty one ({@code extents.length} when none is)
   */
  record Grant(int[] extents, int firstDirty) {}

  /**
   * Creates an allocator with every extent in use until {@link #addFree}.
   *
   * @param extentCount the pool's extents
   * @param pretouchLimit clean never-touched extents below this number are touched in the
   *     background
   */
  ExtentAllocator(int extentCount, int pretouchLimit) {
    this(extentCount, pretouchLimit, 0);
  }

  /**
   * Creates an allocator with every extent in use until {@link #addFree}.
   *
   * @param extentCount the pool's extents
   * @param pretouchLimit clean never-touched extents below this number are touched in the
   *     background
   * @param touchLead 0: every clean never-touched extent below the limit is touched, after the
   *     dirty ones (a new pool); above 0 (a reopened pool): the scrubber keeps this many touched
   *     clean extents ready, ahead of the writers, touching one before it zeroes a dirty one
   *     whenever fewer are ready, and touches no more than that, so the work of an open does not
   *     grow with the pool's free space
   */
  ExtentAllocator(int extentCount, int pretouchLimit, int touchLead) {
    this.extentCount = extentCount;
    this.touchLead = touchLead;
    this.touched = new int[extentCount];
    this.pretouchLimit = pretouchLimit;
    this.pins = new int[extentCount];
    used.set(0, extentCount);
  }

  /**
   * Marks an extent free (pool creation and recovery).
   *
   * @param extent the extent
   * @param clean whether its bytes are known to be durably zero (a new pool's are, and those the
   *     extent table marks clean)
   */
  void addFree(int extent, boolean clean) {
    lock.lock();
    try {
      used.clear(extent);
      (clean ? untouched : dirty).set(extent);
      freeCount++;
      work.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Sends each later {@link #waited} to {@code receiver} (the tier's allocation-wait report).
   *
   * @param receiver takes nanoseconds; fast and thread-safe
   */
  void reportWaits(LongConsumer receiver) {
    waitReceiver = receiver;
  }

  /**
   * Reports what one write waited for fresh extents: from its allocation to the extents being
   * ready, the dirty ones zeroed.
   *
   * @param nanos the wait
   */
  void waited(long nanos) {
    waitReceiver.accept(nanos);
  }

  long freeCount() {
    lock.lock();
    try {
      return freeCount;
    } finally {
      lock.unlock();
    }
  }

  /** Free extents that may still hold a former owner's bytes. */
  long dirtyCount() {
    lock.lock();
    try {
      return dirty.cardinality() + (scrubbing >= 0 && scrubbingDirty ? 1 : 0);
    } finally {
      lock.unlock();
    }
  }

  int extentCount() {
    return extentCount;
  }

  /**
   * Allocates {@code n} extents, all or none, at once: clean ones first, dirty ones only when no
   * clean one is left, the scrubber's own last. Never waits for a free or for the scrubber; when it
   * takes the scrubber's extent, it waits only for the chunk being written to end.
   *
   * @return the grant, or null when fewer than {@code n} are free
   */
  Grant allocate(int n) {
    boolean tookScrubbing = false;
    Grant grant;
    lock.lock();
    try {
      if (freeCount < n) {
        return null;
      }
      int[] out = new int[n];
      int clean = 0;
      int dirtyFrom = n;
      for (int i = 0; i < n; i++) {
        int e;
        boolean isDirty = false;
        if (touchedTop > 0) {
          e = touched[--touchedTop];
        } else if (!untouched.isEmpty()) {
          e = untouched.nextSetBit(0);
          untouched.clear(e);
        } else if (!dirty.isEmpty()) {
          e = dirty.nextSetBit(0);
          dirty.clear(e);
          isDirty = true;
        } else {
          // freeCount counts it, so it is there: the scrubber stops at its next chunk.
          e = scrubbing;
          isDirty = scrubbingDirty;
          scrubbing = -1;
          tookScrubbing = true;
        }
        used.set(e);
        if (isDirty) {
          out[--dirtyFrom] = e;
        } else {
          out[clean++] = e;
        }
      }
      freeCount -= n;
      grant = new Grant(out, dirtyFrom);
      if (belowLead()) {
        work.signalAll();
      }
    } finally {
      lock.unlock();
    }
    if (tookScrubbing) {
      // The scrubber checks under the chunk lock, before each chunk, that the extent is still its
      // own: once the chunk in progress is over, it writes nothing more there.
      chunkLock.lock();
      chunkLock.unlock();
    }
    return grant;
  }

  /**
   * Returns an extent to the free pool as dirty; an extent a view pins is parked until its last pin
   * goes.
   *
   * @param extent the extent
   * @throws IllegalStateException when it is not in use
   */
  void free(int extent) {
    lock.lock();
    try {
      if (!used.get(extent) || deferred.get(extent)) {
        throw new IllegalStateException("extent freed twice: extent=" + extent);
      }
      if (pins[extent] > 0) {
        deferred.set(extent);
      } else {
        release(extent);
      }
    } finally {
      lock.unlock();
    }
  }

  private void release(int extent) {
    used.clear(extent);
    dirty.set(extent);
    freeCount++;
    work.signalAll();
  }

  /** Keeps an extent from being reused while a view of it is out. */
  void pin(int extent) {
    lock.lock();
    try {
      pins[extent]++;
      pinTotal++;
    } finally {
      lock.unlock();
    }
  }

  /** Drops a pin; frees the extent when it was freed meanwhile and this was the last pin. */
  void unpin(int extent) {
    lock.lock();
    try {
      pinTotal--;
      if (--pins[extent] == 0 && deferred.get(extent)) {
        deferred.clear(extent);
        release(extent);
      }
      if (pinTotal == 0) {
        unpinned.signalAll();
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits until no extent is pinned.
   *
   * @param timeoutNanos the longest wait
   * @return whether no pin is left
   */
  boolean awaitUnpinned(long timeoutNanos) {
    return await(unpinned, () -> pinTotal == 0, timeoutNanos);
  }

  /** Waits on a condition of {@link #lock} until {@code done} holds or the time is up. */
  private boolean await(Condition condition, BooleanSupplier done, long timeoutNanos) {
    lock.lock();
    try {
      long left = timeoutNanos;
      while (!done.getAsBoolean()) {
        if (left <= 0) {
          return false;
        }
        left = condition.awaitNanos(left);
      }
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return done.getAsBoolean();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Gives the scrubber its next extent: a clean never-touched one below the pre-touch limit while
   * fewer touched ones than the touch lead are ready, else a dirty one, else a clean never-touched
   * one below the limit (dirty ones only once {@link #drainDirty} began); waits when there is none.
   * The extent stays free: {@link #allocate} may take it back at any time, which {@link
   * #scrubChunk} then reports.
   *
   * @param wait whether to wait for work until {@link #close()}
   * @return the extent, or -1 when there is no work (or the allocator closed)
   * @throws InterruptedException when interrupted while waiting
   */
  int borrowForScrub(boolean wait) throws InterruptedException {
    lock.lock();
    try {
      while (!closed && scrubbing < 0) {
        boolean touchFirst = !draining && belowLead() && hasUntouchedBelowLimit();
        int e = touchFirst ? -1 : dirty.nextSetBit(0);
        boolean isDirty = e >= 0;
        if (!isDirty && !draining && wantsTouch()) {
          e = untouched.nextSetBit(0);
        }
        if (e >= 0) {
          (isDirty ? dirty : untouched).clear(e);
          scrubbing = e;
          scrubbingDirty = isDirty;
          return e;
        }
        if (!wait) {
          return -1;
        }
        work.await();
      }
      return -1;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Whether the extent {@link #borrowForScrub} gave was dirty (false: clean, to be touched only).
   *
   * @param extent the scrubber's extent
   * @return whether it was dirty when borrowed; false when an allocation took it meanwhile
   */
  boolean borrowedDirty(int extent) {
    lock.lock();
    try {
      return scrubbing == extent && scrubbingDirty;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The pool is closing: from now on the scrubber zeroes dirty extents only (no pre-touch); waits
   * until none is left or the time is up, so that a clean close leaves every free extent marked
   * clean and the next open has no zeroing backlog.
   *
   * @param timeoutNanos the longest wait
   * @return whether no dirty free extent is left
   */
  boolean drainDirty(long timeoutNanos) {
    lock.lock();
    try {
      draining = true;
      work.signalAll();
    } finally {
      lock.unlock();
    }
    return await(
        returned,
        () -> closed || (dirty.isEmpty() && !(scrubbing >= 0 && scrubbingDirty)),
        timeoutNanos);
  }

  /**
   * Runs one chunk of the scrubber's work on its extent, unless an allocation took the extent or
   * the allocator closed meanwhile.
   *
   * @param extent the extent {@link #borrowForScrub} gave
   * @param chunk the stores of the chunk (zeroes, flushes, the clean mark)
   * @return whether it ran (false: the extent is no longer the scrubber's, stop)
   */
  boolean scrubChunk(int extent, Runnable chunk) {
    chunkLock.lock();
    try {
      lock.lock();
      try {
        if (closed || scrubbing != extent) {
          return false;
        }
      } finally {
        lock.unlock();
      }
      chunk.run();
      return true;
    } finally {
      chunkLock.unlock();
    }
  }

  /** The scrubber's extent is durably zero and touched (a no-op when it was taken meanwhile). */
  void scrubbed(int extent) {
    endScrub(extent, true);
  }

  /** The scrubber stopped on its extent (failure, close, or an allocation took it). */
  void unscrubbed(int extent) {
    endScrub(extent, false);
  }

  /**
   * Gives the scrubber's extent back to the free extents, touched when {@code zeroed}, else as it
   * was when the scrubber took it; a no-op when an allocation took it meanwhile.
   */
  private void endScrub(int extent, boolean zeroed) {
    lock.lock();
    try {
      if (scrubbing == extent) {
        scrubbing = -1;
        if (zeroed) {
          touched[touchedTop++] = extent;
        } else {
          (scrubbingDirty ? dirty : untouched).set(extent);
        }
      }
      returned.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits until the scrubber has nothing left to do: no dirty extent, no clean never-touched one
   * below the pre-touch limit (with a touch lead: none while the lead is full), none being
   * scrubbed.
   *
   * @param timeoutNanos the longest wait
   * @return whether it has nothing left to do
   */
  boolean awaitScrubbed(long timeoutNanos) {
    return await(
        returned,
        () -> closed || (scrubbing < 0 && dirty.isEmpty() && !wantsTouch()),
        timeoutNanos);
  }

  /**
   * The scrubber's work now: dirty extents plus clean never-touched ones below the limit (with a
   * touch lead: as many as the lead lacks).
   */
  long scrubWork() {
    lock.lock();
    try {
      int untouchedBelow = untouched.get(0, Math.max(0, pretouchLimit)).cardinality();
      if (touchLead > 0) {
        untouchedBelow = Math.min(untouchedBelow, Math.max(0, touchLead - touchedTop));
      }
      return dirty.cardinality() + untouchedBelow;
    } finally {
      lock.unlock();
    }
  }

  /** Whether the scrubber keeps a touch lead and fewer touched extents than it are ready. */
  private boolean belowLead() {
    return touchLead > 0 && touchedTop < touchLead;
  }

  /** Whether a clean never-touched extent is to be touched now. */
  private boolean wantsTouch() {
    return hasUntouchedBelowLimit() && (touchLead == 0 || touchedTop < touchLead);
  }

  private boolean hasUntouchedBelowLimit() {
    int e = untouched.nextSetBit(0);
    return e >= 0 && e < pretouchLimit;
  }

  /** Wakes and stops the scrubber (it stops at its next chunk). */
  void close() {
    lock.lock();
    try {
      closed = true;
      work.signalAll();
      returned.signalAll();
    } finally {
      lock.unlock();
    }
  }
}
