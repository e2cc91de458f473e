package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The life cycle of a segment's backing channel: opened for its first reference, closed with its
 * last. Callers hold the catalog's index lock.
 */
final class Backings {
  private static final Logger LOG = LoggerFactory.getLogger(Backings.class);
  static final Set<StandardOpenOption> READ_WRITE =
      EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE);

  private Backings() {}

  /** Opens the backing channel on the segment's tier unless it is open. */
  static void ensureOpen(Segment s) throws IOException {
    if (s.backing != null) {
      return;
    }
    long stamp = s.lockExclusive();
    try {
      s.backing = s.tier.tier().open(s.key, READ_WRITE);
    } finally {
      s.unlockExclusive(stamp);
    }
  }

  /** Closes the backing channel when nothing references the segment any more. */
  static void closeIfUnused(Segment s) throws IOException {
    if (s.refs() > 0 || s.backing == null) {
      return;
    }
    long stamp = s.lockExclusive();
    try {
      FileChannel b = s.backing;
      s.backing = null;
      try {
        if (b.isOpen()) {
          s.cachedSizeBytes = b.size();
        }
      } finally {
        b.close();
      }
    } finally {
      s.unlockExclusive(stamp);
    }
  }

  /** Releases the file locks a closing handle holds. */
  static void releaseLocksOf(MixChannelImpl handle, Segment s) {
    long stamp = s.lock.readLock();
    try {
      for (HandleLock lock : s.fileLocks) {
        if (lock.handle() == handle) {
          s.fileLocks.remove(lock);
          try {
            lock.releaseDelegate();
          } catch (IOException e) {
            LOG.debug("releasing a lock of a closing handle failed: key={}", s.key, e);
          }
        }
      }
    } finally {
      s.lock.unlockRead(stamp);
    }
  }

  /** Rolls back a migration in flight; caller holds the segment's exclusive side. */
  static void cancelMigration(Segment s) {
    MigrationTicket ticket = s.ticket;
    if (ticket != null) {
      ticket.abort(s, null);
    }
  }
}
