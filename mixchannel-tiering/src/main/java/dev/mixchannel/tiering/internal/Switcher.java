package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.MigrationException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step 4 of the migration protocol, shared by background migrations and spills: catch up, make the
 * destination durable, publish it, remove the source and switch the segment to the destination. The
 * caller holds the segment's exclusive lock throughout.
 *
 * <p>Failures before the publish leave everything to the caller's abort (the destination is still
 * incomplete). After the publish the key is complete on both tiers with identical bytes, and this
 * class resolves it: when the source cannot be removed, the destination is removed instead and the
 * segment stays on the source; when that fails too, the segment ends on the faster of the two,
 * which is the copy recovery would keep, so no later write can be lost to recovery's rule.
 */
final class Switcher {
  private static final Logger LOG = LoggerFactory.getLogger(Switcher.class);

  private final MigrationHook hook;

  Switcher(MigrationHook hook) {
    this.hook = hook;
  }

  /**
   * Runs step 4.
   *
   * @param segment the segment; caller holds its exclusive lock and {@code ticket} is its live
   *     ticket with a destination
   * @param ticket the migration
   * @param copiedEnd the end of the range copied by the chunked copy
   * @param buffer a transfer buffer
   * @return the bytes copied by the catch-up
   * @throws IOException when the migration failed; {@code ticket.published} says whether the caller
   *     still has to discard an incomplete destination
   */
  long finish(Segment segment, MigrationTicket ticket, long copiedEnd, ByteBuffer buffer)
      throws IOException {
    FileChannel src = segment.backing;
    FileChannel dst = ticket.dst;
    long sizeBytes = src.size();
    long dstSize = dst.size();
    if (dstSize > sizeBytes) {
      dst.truncate(sizeBytes);
      dstSize = sizeBytes;
    }
    long from = Math.min(Math.min(segment.dirtyFrom(), copiedEnd), dstSize);
    long copied = Copier.copy(src, dst, from, sizeBytes, buffer);
    at(MigrationStep.CAUGHT_UP, ticket);
    Map<HandleLock, FileLock> locks = HandleLock.acquireAll(segment, dst);
    try {
      dst.force(true);
      at(MigrationStep.DEST_DURABLE, ticket);
      ticket.target.tier().publish(ticket.key);
      ticket.published = true;
    } catch (IOException | RuntimeException e) {
      HandleLock.releaseQuietly(locks);
      throw e;
    }
    IOException late = null;
    try {
      at(MigrationStep.PUBLISHED, ticket);
      ticket.source.tier().delete(ticket.key);
    } catch (IOException | RuntimeException e) {
      late = keepOneCopy(ticket, locks, e);
    }
    if (late == null) {
      try {
        at(MigrationStep.SOURCE_REMOVED, ticket);
      } catch (IOException | RuntimeException e) {
        late = asIo(e);
      }
    }
    HandleLock.moveAll(locks);
    segment.backing = dst;
    segment.tier = ticket.target;
    segment.version++;
    segment.cachedSizeBytes = sizeBytes;
    segment.ticket = null;
    segment.stopTracking();
    ticket.switched = true;
    ticket.finished = true;
    // Closed by the caller once the exclusive lock is released: closing the last descriptor of a
    // deleted file frees its blocks, which can take long on a disk tier.
    ticket.retiredSource = src;
    try {
      at(MigrationStep.SWITCHED, ticket);
    } catch (IOException | RuntimeException e) {
      late = late == null ? asIo(e) : late;
    }
    ticket.lateFailure = late;
    return copied;
  }

  /**
   * After a failed source removal: removes the destination and throws (the segment stays on the
   * source), or, when that fails too and the destination is the faster copy, returns the failure so
   * the caller switches to the destination anyway.
   */
  private IOException keepOneCopy(
      MigrationTicket ticket, Map<HandleLock, FileLock> locks, Exception sourceFailure)
      throws IOException {
    try {
      ticket.target.tier().delete(ticket.key);
    } catch (IOException | RuntimeException e) {
      sourceFailure.addSuppressed(e);
      if (ticket.target.fasterThan(ticket.source)) {
        LOG.error(
            "removing either copy failed, serving the faster copy: key={}, tier={}, stale={}",
            ticket.key,
            ticket.target,
            ticket.source,
            sourceFailure);
        return new MigrationException(
            "removing the source copy failed: key="
                + ticket.key
                + ", from="
                + ticket.source
                + ", to="
                + ticket.target
                + " (the stale copy on "
                + ticket.source
                + " is removed by recovery)",
            sourceFailure);
      }
    }
    HandleLock.releaseQuietly(locks);
    ticket.finished = true;
    try {
      ticket.dst.close();
    } catch (IOException e) {
      sourceFailure.addSuppressed(e);
    }
    throw new MigrationException(
        "removing the source copy failed, stayed on the source: key="
            + ticket.key
            + ", from="
            + ticket.source
            + ", to="
            + ticket.target,
        sourceFailure);
  }

  private void at(MigrationStep step, MigrationTicket ticket) throws IOException {
    hook.at(step, ticket.key, ticket.source.name(), ticket.target.name());
  }

  private static IOException asIo(Exception e) {
    return e instanceof IOException io ? io : new IOException(e.getMessage(), e);
  }
}
