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

import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLock;
import java.nio.channels.WritableByteChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The I/O path of handles: one retry loop ({@link #run}) in which every operation takes one lock of
 * its key once and delegates once to the backing channel (a read-only one on a PMem backing first
 * runs under no lock, optimistically, see {@link KeyLock}), and the recoveries that need the
 * exclusive side, done after the shared lock is released:
 *
 * <ul>
 *   <li>{@link TierFullException} from the backing channel (PMem guarantees the channel and the
 *       buffer are then unchanged): the key spills to a slower tier and the operation runs again
 *       there.
 *   <li>The backing channel closed under the operation by another handle's interrupt (a JDK channel
 *       closes itself when a thread in one of its calls is interrupted; without file locks the
 *       calls run in the callers' threads, see {@link InterruptGuard}): the backing channel is
 *       reopened (by name, or for a deleted key through its spare channel) and the operation runs
 *       again, as often as that happens: a closed channel's call took no effect.
 * </ul>
 *
 * <p><b>Interrupts</b>, the JDK's rule on every tier: a thread that calls with its interrupt status
 * set, or is interrupted in a call on the backing channel, gets {@link ClosedByInterruptException}
 * with its status still set, and its handle is closed; nothing else changes. The status is checked
 * before each attempt, so a PMem channel (which never blocks, and does not close on interrupt
 * itself) follows the rule too. MixChannel does not use {@code begin()}/{@code end()} of {@code
 * AbstractInterruptibleChannel}: a thread has one interruptible blocker, which the JDK channel's
 * own {@code begin()} replaces and its {@code end()} clears, and the interruptor would close this
 * handle from the interrupting thread while the interrupted one holds the key's lock.
 *
 * <p>A {@code transferTo} into a channel that is not a {@code MixChannel} runs without the key's
 * lock (the target may block): entered on the backing ({@link Backing#enterDirect}), or while the
 * key holds file locks through a bounded buffer ({@link Transfers#toChannel}). File locks are taken
 * by {@link KeyLocks}.
 */
final class KeyIo {
  private static final Logger LOG = LoggerFactory.getLogger(KeyIo.class);

  /** {@link #run} flag: the caller holds the key's append lock, which replaces the shared lock. */
  static final int APPEND_LOCK_HELD = 1;

  /** {@link #run} flag: the JDK's call does not look at interrupts ({@code tryLock}, a release). */
  static final int IGNORES_INTERRUPTS = 2;

  /** {@link #optimistic}: the operation did not run, or its result does not stand. */
  private static final long NOT_DONE = Long.MIN_VALUE;

  private final ManagerState state;
  private final Spiller spiller;
  private final KeyLocks locks;

  KeyIo(ManagerState state, Spiller spiller, IoRunner runner) {
    this.state = state;
    this.spiller = spiller;
    this.locks = new KeyLocks(this, runner);
  }

  int read(MixChannelImpl h, ByteBuffer dst, long position) throws IOException {
    // The optimistic read of run, written out for the most frequent call.
    TieredKey k = h.tieredKey();
    KeyLock lock = k.lock();
    long stamp = lock.tryOptimisticRead();
    Backing b = k.backing();
    if (stamp != 0
        && b != null
        && b.interruptProof()
        && !b.guarded()
        && lock.validate(stamp)
        && !Thread.currentThread().isInterrupted()) {
      int start = dst.position();
      try {
        int n = b.raw().read(dst, position);
        if (lock.validate(stamp)) {
          return n;
        }
      } catch (IOException | RuntimeException e) {
        // The locked path runs it again and meets the failure there.
      }
      dst.position(start);
    }
    return (int) run(h, BackingOp.READ, dst, position, 0, 0);
  }

  int write(MixChannelImpl h, ByteBuffer src, long position) throws IOException {
    return (int) run(h, BackingOp.WRITE, src, position, 0, 0);
  }

  /**
   * Appends at the end. The caller holds the key's append lock: the one lock of the append path.
   */
  int append(MixChannelImpl h, ByteBuffer src) throws IOException {
    return (int) run(h, BackingOp.APPEND, src, 0, 0, APPEND_LOCK_HELD);
  }

  long size(MixChannelImpl h) throws IOException {
    return run(h, BackingOp.SIZE, null, 0, 0, 0);
  }

  void truncate(MixChannelImpl h, long size) throws IOException {
    run(h, BackingOp.TRUNCATE, null, size, 0, 0);
  }

  void force(MixChannelImpl h, boolean metaData) throws IOException {
    run(h, BackingOp.FORCE, null, 0, metaData ? 1 : 0, 0);
  }

  FileLock lock(MixChannelImpl h, long position, long size, boolean shared, boolean wait)
      throws IOException {
    return locks.lock(h, position, size, shared, wait);
  }

  void releaseLock(MixChannelImpl h, HandleLock lock) throws IOException {
    locks.release(h, lock);
  }

  /**
   * The one retry loop: runs {@code op} on the key's backing channel under the shared lock (or the
   * append lock the caller holds), and after a failure that a recovery cures, again.
   *
   * @param flags {@link #APPEND_LOCK_HELD}, {@link #IGNORES_INTERRUPTS}
   * @return the operation's result
   */
  long run(MixChannelImpl h, BackingOp op, Object arg, long position, long count, int flags)
      throws IOException {
    // Kept small, the failures handled out of line: so that the JIT inlines it into each caller
    // and each caller's op is a constant there.
    TieredKey k = h.tieredKey();
    int start = arg instanceof ByteBuffer buffer ? buffer.position() : 0;
    if (op.readOnly()) {
      long result = optimistic(k, op, arg, position, count, start);
      if (result != NOT_DONE) {
        return result;
      }
    }
    while (true) {
      if ((flags & IGNORES_INTERRUPTS) == 0 && Thread.currentThread().isInterrupted()) {
        throw refuseInterrupted(h);
      }
      long stamp = (flags & APPEND_LOCK_HELD) != 0 ? 0 : k.lock().lockShared();
      Backing b = k.backing();
      long version = k.version();
      long result = 0;
      IOException failure = null;
      try {
        if (b != null) {
          result = op.apply(b.channel(), k, arg, position, count);
        }
      } catch (TierFullException | ClosedChannelException e) {
        failure = e;
      } finally {
        if (stamp != 0) {
          k.lock().unlockShared(stamp);
        }
      }
      if (b != null && failure == null) {
        return result;
      }
      afterFailure(h, b, version, failure, arg, start, flags);
    }
  }

  /**
   * A read-only operation without writing any shared memory (no lock's CAS): on a backing channel
   * an interrupt cannot close, when no exclusive side is held; its result stands only if none was
   * taken until it returned, so the backing was the key's current one throughout. Otherwise (or on
   * any failure, which the locked path meets again and handles) the buffer is put back and the
   * locked path runs it again. A backing replaced meanwhile stays open while a call is in it (the
   * PMem channel's own lock), or the call fails closed.
   *
   * @return the result, or {@link #NOT_DONE}
   */
  private static long optimistic(
      TieredKey k, BackingOp op, Object arg, long position, long count, int start) {
    if (Thread.currentThread().isInterrupted()) {
      return NOT_DONE;
    }
    KeyLock lock = k.lock();
    long stamp = lock.tryOptimisticRead();
    Backing b = k.backing();
    if (stamp == 0 || b == null || !b.interruptProof() || b.guarded() || !lock.validate(stamp)) {
      return NOT_DONE;
    }
    try {
      long result = op.apply(b.raw(), k, arg, position, count);
      if (lock.validate(stamp)) {
        return result;
      }
    } catch (IOException | RuntimeException e) {
      // The locked path runs it again and meets the failure there.
    }
    if (arg instanceof ByteBuffer buffer) {
      buffer.position(start);
    }
    return NOT_DONE;
  }

  /** The failure path of {@link #run}: returns to run the operation again, or throws. */
  private void afterFailure(
      MixChannelImpl h,
      Backing b,
      long version,
      IOException failure,
      Object arg,
      int start,
      int flags)
      throws IOException {
    if (b == null) {
      throw h.closedException();
    }
    long neededBytes = 0;
    if (arg instanceof ByteBuffer buffer) {
      buffer.position(start);
      neededBytes = buffer.remaining();
    }
    recover(h, b, version, failure, neededBytes, (flags & IGNORES_INTERRUPTS) == 0);
  }

  /**
   * Transfers to a target that is not a {@code MixChannel}: the backing channel's own {@code
   * transferTo} (for PMem, a view of the mapped memory), run without the key's lock (the target may
   * block: a pipe, a socket) on the backing entered, so that a migration or close meanwhile leaves
   * it open until the transfer returns. While the key holds file locks, through a bounded buffer
   * instead, so that no call on the backing runs in this thread. A transfer that threw moved no
   * byte (the JDK's returns the count otherwise), so it starts over after a recovery.
   */
  long transferTo(MixChannelImpl h, long position, long count, WritableByteChannel target)
      throws IOException {
    TieredKey k = h.tieredKey();
    while (true) {
      refuseIfInterrupted(h);
      long stamp = k.lock().lockShared();
      Backing b = k.backing();
      long version = k.version();
      if (b == null || b.guarded()) {
        k.lock().unlockShared(stamp);
        if (b == null) {
          throw h.closedException();
        }
        return Transfers.toChannel(h, this, position, count, target);
      }
      b.enterDirect();
      k.lock().unlockShared(stamp);
      IOException failure;
      try {
        return b.raw().transferTo(position, count, target);
      } catch (ClosedChannelException e) {
        failure = e;
      } finally {
        b.exitDirect();
      }
      recover(h, b, version, failure, 0, true);
    }
  }

  /**
   * Throws when the calling thread's interrupt status is set: the JDK's rule at the start of a
   * call, checked here on every tier. The handle is closed.
   */
  void refuseIfInterrupted(MixChannelImpl h) throws ClosedByInterruptException {
    if (Thread.currentThread().isInterrupted()) {
      throw refuseInterrupted(h);
    }
  }

  private static ClosedByInterruptException refuseInterrupted(MixChannelImpl h) {
    ClosedByInterruptException e = new ClosedByInterruptException();
    closeInterrupted(h, e);
    return e;
  }

  /**
   * Returns to run the operation again, or throws. Called without the key's shared lock held; the
   * append lock may be held (then closing an interrupted handle is left to the caller, after it
   * released the append lock).
   */
  void recover(
      MixChannelImpl h,
      Backing broken,
      long version,
      IOException failure,
      long neededBytes,
      boolean interruptible)
      throws IOException {
    TieredKey k = h.tieredKey();
    if (failure instanceof TierFullException full) {
      try {
        spiller.spill(k, version, neededBytes, full);
      } catch (IOException e) {
        if (Thread.currentThread().isInterrupted()) {
          // The spill failed because this thread was interrupted in it (its copy's channel closed).
          throw interrupted(h, broken, e);
        }
        throw e;
      }
      return;
    }
    if (!h.isOpen()) {
      AsynchronousCloseException closed = new AsynchronousCloseException();
      closed.initCause(failure);
      throw closed;
    }
    if (state.isClosed()) {
      throw h.closedException();
    }
    if (failure instanceof ClosedByInterruptException
        || (interruptible && Thread.currentThread().isInterrupted())) {
      throw interrupted(h, broken, failure);
    }
    if (!reopen(k, broken, failure)) {
      throw failure;
    }
  }

  /**
   * The calling thread was interrupted in a call on the backing channel: the backing channel, if
   * the interrupt closed it, is reopened for the other handles, and this handle is closed.
   *
   * @return the exception to throw
   */
  private ClosedByInterruptException interrupted(
      MixChannelImpl h, Backing broken, IOException failure) {
    ClosedByInterruptException e = new ClosedByInterruptException();
    e.initCause(failure);
    try {
      reopen(h.tieredKey(), broken, failure);
    } catch (IOException | RuntimeException suppressed) {
      e.addSuppressed(suppressed);
    }
    closeInterrupted(h, e);
    return e;
  }

  private static void closeInterrupted(MixChannelImpl h, Throwable thrown) {
    if (h.tieredKey().lock().appendHeldByCurrentThread()) {
      h.closeWhenUnlocked();
    } else {
      h.closeAfterInterrupt(thrown);
    }
  }

  /**
   * Reopens a backing channel that closed under the key while it is still in use.
   *
   * @return whether the key has another backing now (the failed call may run again on it); false
   *     when the backing is the same and open, so the failure was not its being closed
   */
  boolean reopen(TieredKey k, Backing broken, IOException failure) throws IOException {
    long shared = k.lock().lockShared();
    try {
      if (k.backing() != broken || broken == null || broken.isOpen()) {
        // Reopened by another handle already, or not closed at all: no need for the exclusive side.
        return k.backing() != broken;
      }
    } finally {
      k.lock().unlockShared(shared);
    }
    boolean interrupted = Thread.interrupted();
    long stamp = k.lock().lockExclusive();
    try {
      if (k.backing() != broken) {
        return true;
      }
      if (!k.reopenIfClosed()) {
        return false;
      }
      LOG.info(
          "reopened backing channel closed by {}: key={}, deleted={}",
          failure.getClass().getSimpleName(),
          k.key(),
          k.isDeleted());
      return true;
    } finally {
      k.lock().unlockExclusive(stamp);
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
