package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state of one migration of a segment: the incomplete destination and how far it got. Fields
 * are guarded by the segment's lock (changed under either side by the migrating thread, and under
 * the exclusive side by whoever cancels it).
 */
final class MigrationTicket {
  private static final Logger LOG = LoggerFactory.getLogger(MigrationTicket.class);

  final String key;
  final TierSlot source;
  final TierSlot target;
  final long startSizeBytes;

  FileChannel dst;
  boolean published;
  boolean switched;
  boolean finished;
  IOException lateFailure;

  /** The source channel a switch replaced, closed by {@link #closeRetiredSource()}. */
  FileChannel retiredSource;

  MigrationTicket(String key, TierSlot source, TierSlot target, long startSizeBytes) {
    this.key = key;
    this.source = source;
    this.target = target;
    this.startSizeBytes = startSizeBytes;
  }

  /**
   * Rolls the migration back: the segment stops tracking writes, the destination is closed and,
   * unless it was published, discarded. Idempotent. Caller holds the segment's exclusive lock.
   *
   * @param segment the segment
   * @param failure the failure that caused the abort, to attach a discard failure to; or null
   */
  void abort(Segment segment, Throwable failure) {
    if (segment.ticket == this) {
      segment.ticket = null;
      segment.stopTracking();
    }
    if (finished) {
      return;
    }
    finished = true;
    if (dst == null) {
      return;
    }
    try {
      dst.close();
    } catch (IOException e) {
      LOG.debug("closing destination failed: key={}, tier={}", key, target, e);
    }
    if (published) {
      return;
    }
    try {
      target.tier().discardIncomplete(key);
    } catch (IOException | RuntimeException e) {
      LOG.warn("discarding incomplete copy failed: key={}, tier={}", key, target, e);
      if (failure != null) {
        failure.addSuppressed(e);
      }
    }
  }

  /**
   * Closes the source channel a switch replaced, if any. Called without the segment's lock held.
   * Idempotent.
   */
  void closeRetiredSource() {
    FileChannel retired = retiredSource;
    retiredSource = null;
    if (retired == null) {
      return;
    }
    try {
      retired.close();
    } catch (IOException e) {
      LOG.debug("closing the replaced source channel failed: key={}, tier={}", key, source, e);
    }
  }

  @Override
  public String toString() {
    return "migration[key=" + key + ", from=" + source + ", to=" + target + "]";
  }
}
