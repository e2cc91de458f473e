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
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.ToLongFunction;

/**
 * The scrubber's side of an {@link ExtentAllocator}: the {@link ExtentScrubber} borrows one free
 * extent at a time here, zeroes or touches it chunk by chunk, and gives it back. The extent stays
 * free while borrowed: an allocation may take it back at any time, and then waits only for the
 * chunk in progress ({@link #awaitChunk}), never for the scrubber to give it back.
 *
 * <p>It shares its allocator's lock, which guards the {@link FreeExtents} both of them use, and
 * adds the chunk lock, held by the scrubber while it writes one chunk of its extent. Lock order:
 * the chunk lock, then the allocator's lock; an allocation takes the chunk lock only after it let
 * go of the allocator's. Thread-safe.
 */
final class ScrubHandoff {

  /** The allocator's lock: it guards {@link #extents} and every field here. */
  private final ReentrantLock lock;

  private final Condition work;
  private final Condition returned;

  /** Held by the scrubber while it writes one chunk of its extent (and its clean mark). */
  private final ReentrantLock chunkLock = new ReentrantLock();

  private final FreeExtents extents;

  /** Set by {@link #drainDirty}: the scrubber zeroes dirty extents only, the pool is closing. */
  private boolean draining;

  private boolean closed;

  /**
   * Creates the hand-off of an allocator.
   *
   * @param lock the allocator's lock
   * @param extents the allocator's free extents, guarded by {@code lock}
   */
  ScrubHandoff(ReentrantLock lock, FreeExtents extents) {
    this.lock = lock;
    this.work = lock.newCondition();
    this.returned = lock.newCondition();
    this.extents = extents;
  }

  /** Wakes a scrubber waiting for work; called with the allocator's lock held. */
  void signalWork() {
    work.signalAll();
  }

  /**
   * Waits for the chunk the scrubber is writing to end; called without the allocator's lock, by an
   * allocation that just took the scrubber's extent. The scrubber checks under the chunk lock,
   * before each chunk, that the extent is still its own: once the chunk in progress is over, it
   * writes nothing more there.
   */
  void awaitChunk() {
    chunkLock.lock();
    chunkLock.unlock();
  }

  /** Free extents that may still hold a former owner's bytes: the scrubber's backlog. */
  long dirtyCount() {
    return read(FreeExtents::dirtyCount);
  }

  /**
   * Gives the scrubber its next extent, in the order {@link FreeExtents#borrow} picks (dirty ones
   * only once {@link #drainDirty} began); waits when there is none. The extent stays free: an
   * allocation may take it back at any time, which {@link #scrubChunk} then reports.
   *
   * @param wait whether to wait for work until {@link #close()}
   * @return the extent, or -1 when there is no work (or the hand-off closed)
   * @throws InterruptedException when interrupted while waiting
   */
  int borrowForScrub(boolean wait) throws InterruptedException {
    lock.lock();
    try {
      while (!closed && extents.borrowed() < 0) {
        int e = extents.borrow(draining);
        if (e >= 0) {
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
      return extents.borrowedDirty(extent);
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
    Monitors.signalAll(lock, work, () -> draining = true);
    return Monitors.await(lock, returned, () -> closed || !extents.hasDirty(), timeoutNanos);
  }

  /**
   * Runs one chunk of the scrubber's work on its extent, unless an allocation took the extent or
   * the hand-off closed meanwhile.
   *
   * @param extent the extent {@link #borrowForScrub} gave
   * @param chunk the stores of the chunk (zeroes, flushes, the clean mark)
   * @return whether it ran (false: the extent is no longer the scrubber's, stop)
   */
  boolean scrubChunk(int extent, Runnable chunk) {
    chunkLock.lock();
    try {
      if (!stillBorrowed(extent)) {
        return false;
      }
      chunk.run();
      return true;
    } finally {
      chunkLock.unlock();
    }
  }

  /** Whether {@code extent} is still the scrubber's, and the hand-off open. */
  private boolean stillBorrowed(int extent) {
    lock.lock();
    try {
      return !closed && extents.borrowed() == extent;
    } finally {
      lock.unlock();
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
    Monitors.signalAll(lock, returned, () -> extents.giveBack(extent, zeroed));
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
    return Monitors.await(lock, returned, () -> closed || extents.scrubbed(), timeoutNanos);
  }

  /**
   * The scrubber's work now: dirty extents plus clean never-touched ones below the limit (with a
   * touch lead: as many as the lead lacks).
   */
  long scrubWork() {
    return read(FreeExtents::scrubWork);
  }

  /** Reads a figure of the free extents under the lock (a method reference: nothing allocated). */
  private long read(ToLongFunction<FreeExtents> figure) {
    lock.lock();
    try {
      return figure.applyAsLong(extents);
    } finally {
      lock.unlock();
    }
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
