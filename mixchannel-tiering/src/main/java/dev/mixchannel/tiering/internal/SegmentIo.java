package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.WritableByteChannel;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The I/O path of handles: one shared-lock acquisition and one delegation per operation, with the
 * two recoveries that need the exclusive lock done after the shared lock is released:
 *
 * <ul>
 *   <li>{@link TierFullException} from the backing channel (PMem guarantees the channel and the
 *       buffer are then unchanged): the segment spills to a slower tier and the operation is
 *       retried there.
 *   <li>The backing channel closed under the operation (a JDK channel closes itself when a thread
 *       using it is interrupted): the backing channel is reopened for every other handle; the
 *       interrupted caller's handle is closed and it gets {@link ClosedByInterruptException}, any
 *       other caller retries.
 * </ul>
 */
final class SegmentIo {
  private static final Logger LOG = LoggerFactory.getLogger(SegmentIo.class);
  private static final int MAX_ATTEMPTS = 4;

  private final Catalog catalog;
  private final Spiller spiller;

  SegmentIo(Catalog catalog, Spiller spiller) {
    this.catalog = catalog;
    this.spiller = spiller;
  }

  int read(MixChannelImpl h, ByteBuffer dst, long position) throws IOException {
    Segment s = h.segment();
    int start = dst.position();
    for (int attempt = 1; ; attempt++) {
      long stamp = s.lock.readLock();
      FileChannel b = backingOrUnlock(h, s, stamp);
      long version = s.version;
      IOException failure;
      try {
        return b.read(dst, position);
      } catch (ClosedChannelException e) {
        failure = e;
      } finally {
        s.lock.unlockRead(stamp);
      }
      dst.position(start);
      recover(h, b, version, failure, 0, attempt, true);
    }
  }

  int write(MixChannelImpl h, ByteBuffer src, long position) throws IOException {
    Segment s = h.segment();
    int start = src.position();
    for (int attempt = 1; ; attempt++) {
      long stamp = s.lock.readLock();
      FileChannel b = backingOrUnlock(h, s, stamp);
      long version = s.version;
      IOException failure;
      try {
        s.noteWrite(position);
        return b.write(src, position);
      } catch (TierFullException | ClosedChannelException e) {
        failure = e;
      } finally {
        s.lock.unlockRead(stamp);
      }
      src.position(start);
      recover(h, b, version, failure, src.remaining(), attempt, true);
    }
  }

  /**
   * Appends at the end. The caller holds the segment's append lock, which alone excludes both the
   * other appends and any switch of the backing channel: this is the one lock of the append path.
   */
  int append(MixChannelImpl h, ByteBuffer src) throws IOException {
    Segment s = h.segment();
    int start = src.position();
    for (int attempt = 1; ; attempt++) {
      FileChannel b = s.backing;
      if (b == null) {
        throw h.closedException();
      }
      IOException failure;
      try {
        long position = b.size();
        s.noteWrite(position);
        return b.write(src, position);
      } catch (TierFullException | ClosedChannelException e) {
        failure = e;
      }
      src.position(start);
      // The version cannot have changed: a switch needs the append lock this thread holds.
      recover(h, b, s.version, failure, src.remaining(), attempt, true);
    }
  }

  long size(MixChannelImpl h) throws IOException {
    Segment s = h.segment();
    for (int attempt = 1; ; attempt++) {
      long stamp = s.lock.readLock();
      FileChannel b = backingOrUnlock(h, s, stamp);
      long version = s.version;
      IOException failure;
      try {
        return b.size();
      } catch (ClosedChannelException e) {
        failure = e;
      } finally {
        s.lock.unlockRead(stamp);
      }
      recover(h, b, version, failure, 0, attempt, true);
    }
  }

  /**
   * Transfers to a target that is not a MixChannel: the backing channel's own {@code transferTo}
   * (for PMem, a view of the mapped memory), not retried once bytes may have reached the target. A
   * method of its own, like read and write, so that a consumer's fetch allocates no lambda.
   */
  long transferTo(MixChannelImpl h, long position, long count, WritableByteChannel target)
      throws IOException {
    Segment s = h.segment();
    for (int attempt = 1; ; attempt++) {
      long stamp = s.lock.readLock();
      FileChannel b = backingOrUnlock(h, s, stamp);
      long version = s.version;
      IOException failure;
      try {
        return b.transferTo(position, count, target);
      } catch (ClosedChannelException e) {
        failure = e;
      } finally {
        s.lock.unlockRead(stamp);
      }
      recover(h, b, version, failure, 0, attempt, false);
    }
  }

  /**
   * Runs an operation that is not on the hot path.
   *
   * @param h the handle
   * @param neededBytes the bytes a {@link TierFullException} from it asked for
   * @param retryable whether it may run again after the backing channel was closed under it
   * @param op the operation
   * @return its result
   */
  <R> R call(MixChannelImpl h, long neededBytes, boolean retryable, BackingOp<R> op)
      throws IOException {
    Segment s = h.segment();
    for (int attempt = 1; ; attempt++) {
      long stamp = s.lock.readLock();
      FileChannel b = backingOrUnlock(h, s, stamp);
      long version = s.version;
      IOException failure;
      try {
        return op.apply(b, s);
      } catch (TierFullException | ClosedChannelException e) {
        failure = e;
      } finally {
        s.lock.unlockRead(stamp);
      }
      recover(h, b, version, failure, neededBytes, attempt, retryable);
    }
  }

  /**
   * The backing channel, read under the shared lock; when the key is closed, unlocks and throws.
   */
  private static FileChannel backingOrUnlock(MixChannelImpl h, Segment s, long stamp)
      throws ClosedChannelException {
    FileChannel b = s.backing;
    if (b == null) {
      s.lock.unlockRead(stamp);
      throw h.closedException();
    }
    return b;
  }

  /**
   * Returns to retry, or throws. Called without the segment's read-write lock held; the append lock
   * may be held (then closing an interrupted handle is left to the caller, after it released the
   * append lock, as closing takes the catalog's index lock, which comes first in lock order).
   */
  private void recover(
      MixChannelImpl h,
      FileChannel backing,
      long version,
      IOException failure,
      long neededBytes,
      int attempt,
      boolean retryable)
      throws IOException {
    Segment s = h.segment();
    if (failure instanceof TierFullException full) {
      spiller.spill(s, version, neededBytes, full);
      return;
    }
    if (!h.isOpen()) {
      AsynchronousCloseException closed = new AsynchronousCloseException();
      closed.initCause(failure);
      throw closed;
    }
    if (catalog.isClosed()) {
      throw h.closedException();
    }
    boolean byInterrupt =
        failure instanceof ClosedByInterruptException || Thread.currentThread().isInterrupted();
    reopen(s, backing, failure);
    if (byInterrupt) {
      if (s.appendLock.isHeldByCurrentThread()) {
        h.closeWhenUnlocked();
      } else {
        h.closeAfterInterrupt();
      }
      ClosedByInterruptException e = new ClosedByInterruptException();
      e.initCause(failure);
      throw e;
    }
    if (!retryable || attempt >= MAX_ATTEMPTS) {
      throw failure;
    }
  }

  /** Reopens a backing channel that closed under the segment while it is still in use. */
  private void reopen(Segment s, FileChannel broken, IOException failure) throws IOException {
    boolean interrupted = Thread.interrupted();
    long stamp = s.lockExclusive();
    try {
      if (s.backing != broken || broken.isOpen()) {
        return;
      }
      if (s.deleted) {
        throw new KeyClosedException(s.key, "backing channel of a deleted key was closed");
      }
      FileChannel fresh =
          s.tier.tier().open(s.key, EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE));
      Map<HandleLock, FileLock> locks = Map.of();
      try {
        locks = HandleLock.acquireAll(s, fresh);
      } catch (IOException e) {
        LOG.warn("re-acquiring file locks after a reopen failed: key={}", s.key, e);
      }
      HandleLock.moveAll(locks);
      s.backing = fresh;
      s.version++;
      LOG.info(
          "reopened backing channel closed by {}: key={}",
          failure.getClass().getSimpleName(),
          s.key);
    } finally {
      s.unlockExclusive(stamp);
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
