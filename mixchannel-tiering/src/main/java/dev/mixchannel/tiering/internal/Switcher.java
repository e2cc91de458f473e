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
 * destination durable, publish it, remove the source and switch the key to the destination. The
 * caller holds the key's exclusive side throughout.
 *
 * <p>Failures before the publish leave everything to the caller's abort (the destination is still
 * incomplete). A publish that fails after its effect (the copy is complete, its durability in
 * doubt) is rolled back: the published copy is removed and the key stays on its durable source.
 * After the publish the key is complete on both tiers with identical bytes, and this class resolves
 * it: when the source cannot be removed, the destination is removed instead and the key stays on
 * the source; when that fails too, the key ends on the faster of the two (the copy recovery keeps
 * while the two are still identical) and the other copy is recorded as stale and removed later. A
 * crash before that removal, once the key was written again, leaves two copies that differ: the
 * next recovery refuses the key rather than choose, so no write is lost to it.
 */
final class Switcher {
  private static final Logger LOG = LoggerFactory.getLogger(Switcher.class);

  private final MigrationHook hook;
  private final StaleCopies stale;

  Switcher(MigrationHook hook, StaleCopies stale) {
    this.hook = hook;
    this.stale = stale;
  }

  /**
   * Runs step 4.
   *
   * @param k the key; caller holds its exclusive side and {@code ticket} is its live ticket with a
   *     destination
   * @param ticket the migration
   * @param copiedEnd the end of the range copied by the chunked copy
   * @param buffer a transfer buffer
   * @return the bytes copied by the catch-up
   * @throws IOException when the migration failed; {@code ticket.published} says whether the caller
   *     still has to discard an incomplete destination
   */
  long finish(TieredKey k, MigrationTicket ticket, long copiedEnd, ByteBuffer buffer)
      throws IOException {
    FileChannel src = k.backing().channel();
    FileChannel dst = ticket.dst;
    long sizeBytes = src.size();
    long dstSize = dst.size();
    if (dstSize > sizeBytes) {
      dst.truncate(sizeBytes);
      dstSize = sizeBytes;
    }
    long from = Math.min(Math.min(k.dirtyFrom(), copiedEnd), dstSize);
    long copied = Copier.copy(src, dst, from, sizeBytes, buffer);
    at(MigrationStep.CAUGHT_UP, ticket);
    Map<HandleLock, FileLock> locks = HandleLock.acquireAll(k, dst, true);
    IOException publishLate;
    try {
      dst.force(true);
      at(MigrationStep.DEST_DURABLE, ticket);
      publishLate = TierCalls.publish(ticket.target, ticket.key, sizeBytes);
      ticket.published = true;
    } catch (IOException | RuntimeException e) {
      HandleLock.releaseQuietly(locks);
      throw e;
    }
    if (publishLate != null) {
      return keepOneCopy(k, ticket, locks, sizeBytes, copied, publishLate, true);
    }
    try {
      at(MigrationStep.PUBLISHED, ticket);
      TierCalls.logLate(
          TierCalls.delete(ticket.source, ticket.key), "delete", ticket.source, k.key());
    } catch (IOException | RuntimeException e) {
      return keepOneCopy(k, ticket, locks, sizeBytes, copied, e, false);
    }
    IOException late = null;
    try {
      at(MigrationStep.SOURCE_REMOVED, ticket);
    } catch (IOException | RuntimeException e) {
      late = TierCalls.asIo(e);
    }
    late = switchOver(k, ticket, locks, sizeBytes, late);
    ticket.lateFailure = late;
    return copied;
  }

  /** Points the key at the destination; returns the first late failure. */
  private IOException switchOver(
      TieredKey k,
      MigrationTicket ticket,
      Map<HandleLock, FileLock> locks,
      long sizeBytes,
      IOException late) {
    HandleLock.moveAll(locks);
    ticket.retiredSource = k.switchTo(new Backing(ticket.dst, ticket.target));
    k.activity().cachedSizeBytes(sizeBytes);
    k.endMigration(ticket);
    ticket.switched = true;
    ticket.finished = true;
    try {
      at(MigrationStep.SWITCHED, ticket);
    } catch (IOException | RuntimeException e) {
      return late == null ? TierCalls.asIo(e) : late;
    }
    return late;
  }

  /**
   * After the publish, with two complete copies and a failure: removes the destination and throws
   * (the key stays on the source); or, when that fails too and the destination is the faster copy,
   * switches to it (recovery would keep it) and records the source as stale.
   *
   * @param rollback whether the failure was the publish's own (its durability is in doubt)
   */
  private long keepOneCopy(
      TieredKey k,
      MigrationTicket ticket,
      Map<HandleLock, FileLock> locks,
      long sizeBytes,
      long copied,
      Exception failure,
      boolean rollback)
      throws IOException {
    try {
      TierCalls.deleteComplete(ticket.target, ticket.key);
    } catch (IOException | RuntimeException e) {
      suppress(failure, e);
      if (ticket.target.fasterThan(ticket.source)) {
        LOG.error(
            "removing either copy failed, serving the faster copy: key={}, tier={}, stale={}",
            ticket.key,
            ticket.target,
            ticket.source,
            failure);
        removeOrRecord(ticket.source, ticket.key, failure);
        ticket.lateFailure =
            switchOver(
                k,
                ticket,
                locks,
                sizeBytes,
                new MigrationException(
                    (rollback
                            ? "rolling back a published copy failed"
                            : "removing the source copy failed")
                        + ", serving the faster copy: key="
                        + ticket.key
                        + ", from="
                        + ticket.source
                        + ", to="
                        + ticket.target
                        + " (the stale copy on "
                        + ticket.source
                        + " is removed later)",
                    failure));
        return copied;
      }
      stale.add(ticket.key, ticket.target);
    }
    HandleLock.releaseQuietly(locks);
    ticket.finished = true;
    try {
      ticket.dst.close();
    } catch (IOException e) {
      suppress(failure, e);
    }
    throw new MigrationException(
        (rollback
                ? "publishing the destination failed after its effect, rolled back to the source"
                : "removing the source copy failed, stayed on the source")
            + ": key="
            + ticket.key
            + ", from="
            + ticket.source
            + ", to="
            + ticket.target,
        failure);
  }

  /** Removes the stale source a forced switch left, or records it for later. */
  private void removeOrRecord(RankedTier tier, String key, Exception failure) {
    try {
      TierCalls.deleteComplete(tier, key);
    } catch (IOException | RuntimeException e) {
      suppress(failure, e);
      stale.add(key, tier);
    }
  }

  private static void suppress(Throwable into, Throwable e) {
    if (into != e) {
      into.addSuppressed(e);
    }
  }

  private void at(MigrationStep step, MigrationTicket ticket) throws IOException {
    hook.at(step, ticket.key, ticket.source.name(), ticket.target.name());
  }
}
