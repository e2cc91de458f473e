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

import java.nio.channels.ClosedChannelException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The locks of one PMem key and its handle count, in one place, taken only through these methods
 * and only in this order (a lock is never taken while a later one is held; assertions check what
 * the JDK lets a thread know about itself):
 *
 * <ol>
 *   <li>the pool's monitor ({@link PmemPool}: create, open, rename, delete, publish), outside;
 *   <li><b>force</b> ({@link #beginForce}): one {@code force} at a time; {@link #close} takes it to
 *       wait for a force that flushes outside the data lock;
 *   <li><b>data</b> ({@link #read}, {@link #write}): shared for reads and transfer views, exclusive
 *       for writes, truncate, a force's snapshots, detach and close, so no extent is freed while a
 *       copy uses it;
 *   <li>inside data, taken by {@link ExtentMap}: a key's retained extents, then the allocator.
 * </ol>
 *
 * The handle count's monitor (this object) is taken alone, never with force or data held, and holds
 * nothing else; the key's file locks ({@link PmemKeyLocks}) are closed after data is released. No
 * foreign channel is called with data held. Thread-safe.
 */
final class KeyGuard {

  private final StampedLock data = new StampedLock();
  private final ReentrantLock force = new ReentrantLock();

  /** Set under exclusive data: the pool closed, every operation is refused. */
  private boolean closed;

  /** The thread holding data exclusively; maintained only when assertions are enabled. */
  private Thread writer;

  // Guarded by this monitor.
  private int handles;
  private boolean deleted;

  /**
   * Takes data shared, for an operation of an open key.
   *
   * @return the stamp for {@link #endRead}
   * @throws ClosedChannelException when the pool closed (nothing is held then)
   */
  long read() throws ClosedChannelException {
    long stamp = data.readLock();
    if (closed) {
      data.unlockRead(stamp);
      throw new ClosedChannelException();
    }
    return stamp;
  }

  /** Takes data shared, also after close (accounting). */
  long readAny() {
    return data.readLock();
  }

  void endRead(long stamp) {
    data.unlockRead(stamp);
  }

  /**
   * Takes data exclusive, for an operation of an open key.
   *
   * @return the stamp for {@link #endWrite}
   * @throws ClosedChannelException when the pool closed (nothing is held then)
   */
  long write() throws ClosedChannelException {
    long stamp = writeAny();
    if (closed) {
      endWrite(stamp);
      throw new ClosedChannelException();
    }
    return stamp;
  }

  /** Takes data exclusive, also after close (creation, detach, the final free). */
  long writeAny() {
    assert !Thread.holdsLock(this) : "data taken under the handle monitor";
    long stamp = data.writeLock();
    assert (writer = Thread.currentThread()) != null;
    return stamp;
  }

  void endWrite(long stamp) {
    assert (writer = null) == null;
    data.unlockWrite(stamp);
  }

  /** Takes force (before data: never called with data held). */
  void beginForce() {
    assert writer != Thread.currentThread() : "force taken under the data lock";
    assert !Thread.holdsLock(this) : "force taken under the handle monitor";
    force.lock();
  }

  void endForce() {
    force.unlock();
  }

  /**
   * The pool is closing: waits for in-flight operations, a force flushing outside data included,
   * then refuses new ones.
   */
  void close() {
    beginForce();
    try {
      long stamp = writeAny();
      closed = true;
      endWrite(stamp);
    } finally {
      endForce();
    }
  }

  // ---- handles: this monitor alone ----

  /** A handle was opened on the key. */
  synchronized void acquire() {
    assert writer != Thread.currentThread() && !force.isHeldByCurrentThread();
    handles++;
  }

  /**
   * A handle is opened on the key unless it was deleted and has none left (its extents are freed).
   *
   * @return whether the handle may be opened
   */
  synchronized boolean acquireIfAlive() {
    if (deleted && handles == 0) {
      return false;
    }
    acquire();
    return true;
  }

  /**
   * A handle closed.
   *
   * @return whether the key was deleted and this was its last handle: the caller frees it
   */
  synchronized boolean release() {
    assert writer != Thread.currentThread() && !force.isHeldByCurrentThread();
    handles--;
    return deleted && handles == 0;
  }

  /**
   * The key was deleted.
   *
   * @return whether no handle is open: the caller frees it now
   */
  synchronized boolean markDeleted() {
    assert writer != Thread.currentThread() && !force.isHeldByCurrentThread();
    deleted = true;
    return handles == 0;
  }
}
