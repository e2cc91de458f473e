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
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.nio.channels.WritableByteChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The I/O path of handles: one shared-lock acquisition and one delegation per operation, with the
 * two recoveries that need the exclusive side done after the shared lock is released:
 *
 * <ul>
 *   <li>{@link TierFullException} from the backing channel (PMem guarantees the channel and the
 *       buffer are then unchanged): the key spills to a slower tier and the operation is retried
 *       there.
 *   <li>The backing channel closed under the operation (a JDK channel closes itself when a thread
 *       using it is interrupted): the backing channel is reopened for every other handle (by name,
 *       or for a deleted key through its spare channel); the interrupted caller's handle is closed
 *       and it gets {@link ClosedByInterruptException}, any other caller retries.
 * </ul>
 *
 * Operations that wait on a foreign channel or another process ({@code transferTo} to a channel
 * that is not a {@code MixChannel}, a blocking {@code lock}) do not hold the key's lock while they
 * wait: they enter the backing channel ({@link Backing#enter}) and run unlocked.
 */
final class KeyIo {
  private static final Logger LOG = LoggerFactory.getLogger(KeyIo.class);
  private static final int MAX_ATTEMPTS = 4;

  private final ManagerState state;
  private final Spiller spiller;

  KeyIo(ManagerState state, Spiller spiller) {
    this.state = state;
    this.spiller = spiller;
  }

  int read(MixChannelImpl h, ByteBuffer dst, long position) throws IOException {
    TieredKey k = h.tieredKey();
    int start = dst.position();
    for (int attempt = 1; ; attempt++) {
      long stamp = k.lockShared();
      Backing b = backingOrUnlock(h, k, stamp);
      long version = k.version();
      IOException failure;
      try {
        return b.channel().read(dst, position);
      } catch (ClosedChannelException e) {
        failure = e;
      } finally {
        k.unlockShared(stamp);
      }
      dst.position(start);
      recover(h, b, version, failure, 0, attempt, true);
    }
  }

  int write(MixChannelImpl h, ByteBuffer src, long position) throws IOException {
    TieredKey k = h.tieredKey();
    int start = src.position();
    for (int attempt = 1; ; attempt++) {
      long stamp = k.lockShared();
      Backing b = backingOrUnlock(h, k, stamp);
      long version = k.version();
      IOException failure;
      try {
        k.noteWrite(position);
        return b.channel().write(src, position);
      } catch (TierFullException | ClosedChannelException e) {
        failure = e;
      } finally {
        k.unlockShared(stamp);
      }
      src.position(start);
      recover(h, b, version, failure, src.remaining(), attempt, true);
    }
  }

  /**
   * Appends at the end. The caller holds the key's append lock, which alone excludes both the other
   * appends and any switch of the backing channel: this is the one lock of the append path.
   */
  int append(MixChannelImpl h, ByteBuffer src) throws IOException {
    TieredKey k = h.tieredKey();
    int start = src.position();
    for (int attempt = 1; ; attempt++) {
      Backing b = k.backing();
      if (b == null) {
        throw h.closedException();
      }
      IOException failure;
      try {
        FileChannel ch = b.channel();
        long position = ch.size();
        k.noteWrite(position);
        return ch.write(src, position);
      } catch (TierFullException | ClosedChannelException e) {
        failure = e;
      }
      src.position(start);
      // The version cannot have changed: a switch needs the append lock this thread holds.
      recover(h, b, k.version(), failure, src.remaining(), attempt, true);
    }
  }

  long size(MixChannelImpl h) throws IOException {
    TieredKey k = h.tieredKey();
    for (int attempt = 1; ; attempt++) {
      long stamp = k.lockShared();
      Backing b = backingOrUnlock(h, k, stamp);
      long version = k.version();
      IOException failure;
      try {
        return b.channel().size();
      } catch (ClosedChannelException e) {
        failure = e;
      } finally {
        k.unlockShared(stamp);
      }
      recover(h, b, version, failure, 0, attempt, true);
    }
  }

  /**
   * Transfers to a target that is not a {@code MixChannel}: the backing channel's own {@code
   * transferTo} (for PMem, a view of the mapped memory), run without the key's lock (the target may
   * block: a pipe, a socket), on the backing entered so that a migration or close meanwhile leaves
   * it open until the transfer returns. Not retried once bytes may have reached the target. A
   * method of its own, like read and write, so that a consumer's fetch allocates no lambda.
   */
  long transferTo(MixChannelImpl h, long position, long count, WritableByteChannel target)
      throws IOException {
    TieredKey k = h.tieredKey();
    for (int attempt = 1; ; attempt++) {
      long stamp = k.lockShared();
      Backing b = backingOrUnlock(h, k, stamp);
      long version = k.version();
      b.enter();
      k.unlockShared(stamp);
      IOException failure;
      try {
        return b.channel().transferTo(position, count, target);
      } catch (ClosedChannelException e) {
        failure = e;
      } finally {
        b.exit();
      }
      recover(h, b, version, failure, 0, attempt, false);
    }
  }

  /**
   * Runs an operation that is not on the hot path, under the shared lock.
   *
   * @param h the handle
   * @param neededBytes the bytes a {@link TierFullException} from it asked for
   * @param retryable whether it may run again after the backing channel was closed under it
   * @param op the operation
   * @return its result
   */
  <R> R call(MixChannelImpl h, long neededBytes, boolean retryable, BackingOp<R> op)
      throws IOException {
    TieredKey k = h.tieredKey();
    for (int attempt = 1; ; attempt++) {
      long stamp = k.lockShared();
      Backing b = backingOrUnlock(h, k, stamp);
      long version = k.version();
      IOException failure;
      try {
        return op.apply(b.channel(), k);
      } catch (TierFullException | ClosedChannelException e) {
        failure = e;
      } finally {
        k.unlockShared(stamp);
      }
      recover(h, b, version, failure, neededBytes, attempt, retryable);
    }
  }

  /**
   * Takes a file lock through a handle. {@code tryLock} runs under the shared lock; a blocking
   * {@code lock} waits without it (another process may hold the range for ever), then registers the
   * lock only if the backing channel is still current, else releases it and tries again on the new
   * one.
   */
  FileLock lock(MixChannelImpl h, long position, long size, boolean shared, boolean wait)
      throws IOException {
    TieredKey k = h.tieredKey();
    for (int attempt = 1; ; attempt++) {
      if (!wait) {
        return call(h, 0, false, (b, key) -> register(h, key, b.tryLock(position, size, shared)));
      }
      long stamp = k.lockShared();
      Backing b = backingOrUnlock(h, k, stamp);
      long version = k.version();
      b.enter();
      k.unlockShared(stamp);
      FileLock taken;
      IOException failure;
      try {
        taken = b.channel().lock(position, size, shared);
        stamp = k.lockShared();
        try {
          if (k.backing() == b) {
            return register(h, k, taken);
          }
        } finally {
          k.unlockShared(stamp);
        }
        releaseStale(taken);
        continue;
      } catch (FileLockInterruptionException | ClosedChannelException e) {
        failure = e;
      } finally {
        b.exit();
      }
      if (failure instanceof FileLockInterruptionException) {
        interrupted(h, b, failure, new FileLockInterruptionException());
      }
      recover(h, b, version, failure, 0, attempt, true);
    }
  }

  private static FileLock register(MixChannelImpl h, TieredKey k, FileLock taken) {
    if (taken == null) {
      return null;
    }
    HandleLock lock = new HandleLock(h, taken);
    k.addFileLock(lock);
    return lock;
  }

  private static void releaseStale(FileLock lock) {
    try {
      if (lock.isValid()) {
        lock.release();
      }
    } catch (IOException e) {
      LOG.debug("releasing a lock taken on a replaced backing channel failed", e);
    }
  }

  /**
   * The backing channel, read under the shared lock; when the key is closed, unlocks and throws.
   */
  private static Backing backingOrUnlock(MixChannelImpl h, TieredKey k, long stamp)
      throws ClosedChannelException {
    Backing b = k.backing();
    if (b == null) {
      k.unlockShared(stamp);
      throw h.closedException();
    }
    return b;
  }

  /**
   * Returns to retry, or throws. Called without the key's shared lock held; the append lock may be
   * held (then closing an interrupted handle is left to the caller, after it released the append
   * lock).
   */
  private void recover(
      MixChannelImpl h,
      Backing broken,
      long version,
      IOException failure,
      long neededBytes,
      int attempt,
      boolean retryable)
      throws IOException {
    TieredKey k = h.tieredKey();
    if (failure instanceof TierFullException full) {
      spiller.spill(k, version, neededBytes, full);
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
    if (failure instanceof ClosedByInterruptException || Thread.currentThread().isInterrupted()) {
      interrupted(h, broken, failure, new ClosedByInterruptException());
    }
    reopen(k, broken, failure);
    if (!retryable || attempt >= MAX_ATTEMPTS) {
      throw failure;
    }
  }

  /**
   * The calling thread was interrupted and its operation closed the backing channel: the backing
   * channel is reopened for the other handles, this handle is closed, and {@code toThrow} thrown
   * (the JDK's exception for the operation), whether or not the reopen worked.
   */
  private void interrupted(
      MixChannelImpl h, Backing broken, IOException failure, IOException toThrow)
      throws IOException {
    toThrow.initCause(failure);
    try {
      reopen(h.tieredKey(), broken, failure);
    } catch (IOException | RuntimeException e) {
      toThrow.addSuppressed(e);
    }
    if (h.tieredKey().appendHeldByCurrentThread()) {
      h.closeWhenUnlocked();
    } else {
      h.closeAfterInterrupt(toThrow);
    }
    throw toThrow;
  }

  /** Reopens a backing channel that closed under the key while it is still in use. */
  private void reopen(TieredKey k, Backing broken, IOException failure) throws IOException {
    boolean interrupted = Thread.interrupted();
    long stamp = k.lockExclusive();
    try {
      if (k.backing() != broken || !k.reopenIfClosed()) {
        return;
      }
      LOG.info(
          "reopened backing channel closed by {}: key={}, deleted={}",
          failure.getClass().getSimpleName(),
          k.key(),
          k.isDeleted());
    } finally {
      k.unlockExclusive(stamp);
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
