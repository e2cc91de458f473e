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
package dev.mixchannel.tiering.internal;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The locks of one {@link TieredKey}.
 *
 * <ul>
 *   <li>shared ({@link #lockShared}): every I/O operation but appends and optimistic reads, for one
 *       delegation to the backing channel;
 *   <li>optimistic ({@link #tryOptimisticRead}, {@link #validate}): a read-only call ({@code read},
 *       {@code size}) on a backing channel that an interrupt cannot close (PMem), which writes no
 *       shared memory: it reads the backing, calls it, and keeps the result only if no exclusive
 *       side was taken meanwhile, else runs again under the shared lock (see {@link KeyIo});
 *   <li>append ({@link #lockAppend}): an append's size-then-write, so appends of all handles land
 *       whole at the end; the append path takes this one lock and nothing else;
 *   <li>exclusive ({@link #lockExclusive}): the append lock, then the write side of the shared
 *       lock. It excludes every locked I/O operation and invalidates every optimistic one in
 *       flight; it is held to change the backing channel (migration mark and switch, spill, reopen
 *       after an interrupt), for namespace changes and for handle references.
 * </ul>
 *
 * The shared lock is a {@link StampedLock} (measured cheaper than {@code ReentrantReadWriteLock}),
 * so not reentrant: code never takes it twice, and never takes the append lock while holding it.
 * While a thread waits for the exclusive side, new shared acquisitions wait for it (behind the
 * append lock), so readers cannot starve it. The append lock is reentrant, so an append that must
 * spill or reopen can take the exclusive side while holding it.
 *
 * <p>No foreign channel (a caller's source or target, a wrapper, a pipe, a socket) is called under
 * any of these locks: operations that wait on one enter the {@link Backing} instead and run
 * unlocked. The manager's index lock is never held while one of these is acquired. Two keys are
 * locked together only by a rename, in {@link TieredKey#id()} order.
 */
final class KeyLock {
  private final StampedLock rw = new StampedLock();
  private final ReentrantLock appendLock = new ReentrantLock();
  private final AtomicInteger exclusiveWaiters = new AtomicInteger();

  /**
   * Takes the shared side.
   *
   * @return the stamp for {@link #unlockShared}
   */
  long lockShared() {
    if (exclusiveWaiters.get() != 0) {
      // The exclusive side is wanted: StampedLock lets readers overtake a waiting writer, so a
      // stream of overlapping reads of other handles could keep a switch, a reopen or a handle's
      // close out for seconds. Wait behind the append lock, which the exclusive side takes first.
      appendLock.lock();
      appendLock.unlock();
    }
    return rw.readLock();
  }

  void unlockShared(long stamp) {
    rw.unlockRead(stamp);
  }

  /** The shared side if free now, else 0. */
  long tryLockShared() {
    return rw.tryReadLock();
  }

  /**
   * A stamp for an optimistic read: no memory written.
   *
   * @return the stamp, or 0 while the exclusive side is held
   */
  long tryOptimisticRead() {
    return rw.tryOptimisticRead();
  }

  /**
   * Whether no exclusive side was taken since {@code stamp} was handed out; orders the reads before
   * it (a load fence).
   */
  boolean validate(long stamp) {
    return rw.validate(stamp);
  }

  void lockAppend() {
    appendLock.lock();
  }

  void unlockAppend() {
    appendLock.unlock();
  }

  boolean appendHeldByCurrentThread() {
    return appendLock.isHeldByCurrentThread();
  }

  /**
   * Takes the exclusive side: the append lock, then the write side of the shared lock.
   *
   * @return the stamp for {@link #unlockExclusive}
   */
  long lockExclusive() {
    exclusiveWaiters.incrementAndGet();
    try {
      appendLock.lock();
      try {
        return rw.writeLock();
      } catch (RuntimeException | Error e) {
        appendLock.unlock();
        throw e;
      }
    } finally {
      exclusiveWaiters.decrementAndGet();
    }
  }

  void unlockExclusive(long stamp) {
    rw.unlockWrite(stamp);
    appendLock.unlock();
  }
}
