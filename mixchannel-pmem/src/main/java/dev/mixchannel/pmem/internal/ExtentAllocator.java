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

import dev.mixchannel.common.Monitors;
import java.util.BitSet;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;

/**
 * The free extents of one pool, in memory only (the extent table is the durable truth about who
 * owns what; this class knows what a free extent may still contain): writers allocate and free
 * extents here, and transfer views pin them. The sets of free extents and the order they are handed
 * out in are a {@link FreeExtents}; the scrubber borrows from them through a {@link ScrubHandoff}.
 * This class's one lock guards all three.
 *
 * <p><b>Clean and dirty.</b> Extents freed by a key are dirty (they may still hold its bytes); a
 * reopened pool's free extents are clean where the extent table carries the clean mark the {@link
 * ExtentScrubber} writes after zeroing one durably, dirty elsewhere. {@link #allocate} hands out
 * clean extents first and reports the dirty ones it had to hand out, which the caller zeroes
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
 * <p><b>Pins.</b> An extent a {@code transferTo} view shows is pinned; freeing it parks it until
 * its last pin goes, so a view never shows another key's bytes, and the pool waits for pins before
 * it unmaps its memory.
 *
 * <p>Thread-safe. Lock order: the hand-off's chunk lock, then {@link #lock}; {@link #allocate}
 * waits for the chunk only after it let go of {@link #lock}.
 */
final class ExtentAllocator {

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition unpinned = lock.newCondition();
  private final int extentCount;

  /** The free extents; read and written under {@link #lock} only, here and by {@link #scrub}. */
  private final FreeExtents extents;

  private final ScrubHandoff scrub;

  /** Extents freed while pinned, parked until their last pin goes. */
  private final BitSet deferred = new BitSet();

  private final int[] pins;
  private long pinTotal;
  private volatile LongConsumer waitReceiver = nanos -> {};

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
    this.extents = new FreeExtents(extentCount, pretouchLimit, touchLead);
    this.scrub = new ScrubHandoff(lock, extents);
    this.pins = new int[extentCount];
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
      makeFree(extent, clean);
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
      return extents.count();
    } finally {
      lock.unlock();
    }
  }

  /**
   * The scrubber's side: what it borrows, the chunk it writes, the waits for its work.
   *
   * @return the hand-off, which shares this allocator's lock
   */
  ScrubHandoff scrubHandoff() {
    return scrub;
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
    boolean tookScrubbing;
    Grant grant;
    lock.lock();
    try {
      if (extents.count() < n) {
        return null;
      }
      boolean scrubbing = extents.borrowed() >= 0;
      grant = extents.take(n);
      tookScrubbing = scrubbing && extents.borrowed() < 0;
      if (extents.belowLead()) {
        scrub.signalWork();
      }
    } finally {
      lock.unlock();
    }
    if (tookScrubbing) {
      scrub.awaitChunk();
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
      if (!extents.inUse(extent) || deferred.get(extent)) {
        throw new IllegalStateException("extent freed twice: extent=" + extent);
      }
      if (pins[extent] > 0) {
        deferred.set(extent);
      } else {
        makeFree(extent, false);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Adds an extent to the free ones and wakes the scrubber; called with {@link #lock} held. */
  private void makeFree(int extent, boolean clean) {
    extents.add(extent, clean);
    scrub.signalWork();
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
        makeFree(extent, false);
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
    return Monitors.await(lock, unpinned, () -> pinTotal == 0, timeoutNanos);
  }
}
