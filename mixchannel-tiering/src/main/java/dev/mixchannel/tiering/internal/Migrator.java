package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.MigrationException;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.time.Clock;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the migration protocol of one key (steps 1 to 3 here, step 4 in {@link Switcher}) and rolls
 * it back on failure: the source keeps serving, the incomplete destination is discarded, the
 * failure is counted and logged and the key backs off before the policy picks it again.
 * Thread-safe; each key has at most one migration at a time (the caller claims it through {@link
 * KeyActivity#claim}).
 */
final class Migrator {
  private static final Logger LOG = LoggerFactory.getLogger(Migrator.class);

  /** Bytes per copy chunk: each chunk holds the shared lock once. */
  static final int CHUNK_BYTES = 1 << 20;

  /** Extra chunks the copy chases a growing source before leaving the tail to the catch-up. */
  private static final int CHASE_CHUNKS = 4;

  private static final long BACKOFF_BASE_MILLIS = 1_000;
  private static final long BACKOFF_MAX_MILLIS = 300_000;

  private final ManagerCounters counters;
  private final MigrationHook hook;
  private final RateLimiter rate;
  private final Clock clock;
  private final Switcher switcher;
  private final AtomicBoolean closing = new AtomicBoolean();

  /** Chunk buffers of finished migrations, reused: at most one per concurrent migration. */
  private final Queue<ByteBuffer> buffers = new ConcurrentLinkedQueue<>();

  private final DeletedKeyCopies deletedCopies;
  private final StaleCopies stale;

  Migrator(
      ManagerCounters counters,
      MigrationHook hook,
      RateLimiter rate,
      Clock clock,
      StaleCopies stale,
      DeletedKeyCopies deletedCopies) {
    this.counters = counters;
    this.hook = hook;
    this.rate = rate;
    this.clock = clock;
    this.deletedCopies = deletedCopies;
    this.stale = stale;
    this.switcher = new Switcher(hook, stale);
  }

  /** Makes migrations in flight abort at their next step; new ones fail at once. */
  void close() {
    closing.set(true);
    rate.close();
  }

  /**
   * Migrates a key to a tier and returns when it is switched.
   *
   * @param k the key; the caller has claimed it
   * @param target the target tier
   * @throws NoSuchFileException when the key was deleted
   * @throws MigrationException when the migration failed and was rolled back
   * @throws IOException when a failure after the publish left an error to report (see {@link
   *     Switcher})
   */
  void migrate(TieredKey k, RankedTier target) throws IOException {
    if (!k.pin()) {
      throw new NoSuchFileException(k.key(), null, "key deleted before migration");
    }
    try {
      run(k, target);
    } finally {
      k.unpin();
    }
  }

  private void run(TieredKey k, RankedTier target) throws IOException {
    long startNanos = System.nanoTime();
    MigrationTicket ticket = mark(k, target);
    if (ticket == null) {
      return;
    }
    ByteBuffer buffer = buffers.poll();
    if (buffer == null) {
      buffer = ByteBuffer.allocateDirect(CHUNK_BYTES);
    }
    long copied = 0;
    try {
      at(MigrationStep.MARKED, ticket);
      createDestination(k, ticket);
      at(MigrationStep.DEST_CREATED, ticket);
      long offset = copyChunks(k, ticket, buffer);
      copied = offset + switchOver(k, ticket, offset, buffer);
    } catch (IOException | RuntimeException e) {
      long stamp = k.lockExclusive();
      try {
        ticket.abort(k, e);
      } finally {
        k.unlockExclusive(stamp);
      }
      throw failed(k, ticket, e);
    } finally {
      buffers.add(buffer);
    }
    succeeded(k, ticket, copied, startNanos, false);
    if (ticket.lateFailure != null) {
      throw ticket.lateFailure;
    }
  }

  /** Step 1: marks the key migrating under the exclusive side. */
  private MigrationTicket mark(TieredKey k, RankedTier target) throws IOException {
    long stamp = k.lockExclusive();
    try {
      if (k.isDeleted()) {
        throw new NoSuchFileException(k.key(), null, "key deleted before migration");
      }
      if (k.tier() == target) {
        return null;
      }
      if (closing.get()) {
        throw new MigrationException(
            "migration refused: key=" + k.key() + ", to=" + target + " (manager closing)", null);
      }
      // Another handle's interrupt may have closed the shared backing: not this migration's
      // business (issue 18, item 8), so it goes on with a fresh channel on the same bytes.
      k.reopenIfClosed();
      MigrationTicket ticket =
          new MigrationTicket(k.key(), k.tier(), target, k.backing().channel().size());
      k.startMigration(ticket);
      return ticket;
    } finally {
      k.unlockExclusive(stamp);
    }
  }

  /**
   * Step 2: creates the incomplete destination, under the shared lock. A copy of the key the target
   * already holds is nobody's (this key is owned by the source): an incomplete leftover of an
   * earlier attempt is discarded, a complete copy recorded as stale (left by a call that failed
   * after its effect) is removed, and the create is tried again; any other complete copy came from
   * outside the protocol and refuses the migration.
   */
  private void createDestination(TieredKey k, MigrationTicket ticket) throws IOException {
    long stamp = k.lockShared();
    try {
      check(k, ticket);
      SizeHint hint = SizeHint.of(ticket.startSizeBytes);
      try {
        ticket.dst = TierCalls.createIncomplete(ticket.target, ticket.key, hint);
      } catch (FileAlreadyExistsException e) {
        clearDestination(ticket, e);
        ticket.dst = TierCalls.createIncomplete(ticket.target, ticket.key, hint);
      }
    } finally {
      k.unlockShared(stamp);
    }
  }

  private void clearDestination(MigrationTicket ticket, FileAlreadyExistsException e)
      throws IOException {
    StorageTier tier = ticket.target.tier();
    if (tier.incompleteKeys().contains(ticket.key)) {
      if (deletedCopies.holds(ticket.target, ticket.key)) {
        throw new MigrationException(
            "migration postponed: key="
                + ticket.key
                + ", to="
                + ticket.target
                + " (the name holds the bytes of a deleted key that is still open)",
            e);
      }
      tier.discardIncomplete(ticket.key);
    }
    if (tier.exists(ticket.key)) {
      if (!stale.holds(ticket.key, ticket.target)) {
        throw new MigrationException(
            "migration refused, a complete copy nobody owns is on the target: key="
                + ticket.key
                + ", from="
                + ticket.source
                + ", to="
                + ticket.target
                + " (it is kept: it came from outside the protocol)",
            e);
      }
      stale.remove(ticket.key, ticket.source);
    }
  }

  /** Step 3: copies chunk by chunk, each under the shared lock, rate-limited between chunks. */
  private long copyChunks(TieredKey k, MigrationTicket ticket, ByteBuffer buffer)
      throws IOException {
    long offset = 0;
    long knownSize = ticket.startSizeBytes;
    while (true) {
      long planned = Math.max(1, Math.min(CHUNK_BYTES, knownSize - offset));
      if (!rate.acquire(planned)) {
        throw closingFailure(ticket);
      }
      long stamp = k.lockShared();
      try {
        check(k, ticket);
        FileChannel src = k.backing().channel();
        if (!src.isOpen()) {
          k.unlockShared(stamp);
          stamp = 0;
          reopen(k, ticket);
          continue;
        }
        knownSize = src.size();
        long remaining = knownSize - offset;
        boolean pastStart = offset >= ticket.startSizeBytes;
        if (remaining <= 0
            || (pastStart && remaining <= CHUNK_BYTES)
            || offset >= ticket.startSizeBytes + (long) CHASE_CHUNKS * CHUNK_BYTES) {
          return offset;
        }
        offset +=
            Copier.copy(src, ticket.dst, offset, offset + Math.min(CHUNK_BYTES, remaining), buffer);
      } catch (ClosedChannelException e) {
        if (Thread.currentThread().isInterrupted() || k.backing().channel().isOpen()) {
          throw e;
        }
        // Closed under this read by another handle's interrupt: the next round reopens it.
      } finally {
        if (stamp != 0) {
          k.unlockShared(stamp);
        }
      }
      at(MigrationStep.CHUNK_COPIED, ticket);
    }
  }

  /** Replaces a backing another handle's interrupt closed, under the exclusive side. */
  private void reopen(TieredKey k, MigrationTicket ticket) throws IOException {
    long stamp = k.lockExclusive();
    try {
      check(k, ticket);
      k.reopenIfClosed();
    } finally {
      k.unlockExclusive(stamp);
    }
  }

  /** Step 4 under the exclusive lock. */
  private long switchOver(TieredKey k, MigrationTicket ticket, long offset, ByteBuffer buffer)
      throws IOException {
    long stamp = k.lockExclusive();
    try {
      check(k, ticket);
      k.reopenIfClosed();
      at(MigrationStep.SWITCH_LOCKED, ticket);
      return switcher.finish(k, ticket, offset, buffer);
    } finally {
      k.unlockExclusive(stamp);
      ticket.closeRetiredSource();
    }
  }

  private void check(TieredKey k, MigrationTicket ticket) throws IOException {
    if (closing.get()) {
      throw closingFailure(ticket);
    }
    if (k.ticket() != ticket) {
      throw new MigrationException(
          "migration cancelled: key="
              + ticket.key
              + ", from="
              + ticket.source
              + ", to="
              + ticket.target
              + " (renamed, deleted or spilled meanwhile)",
          null);
    }
  }

  private static MigrationException closingFailure(MigrationTicket ticket) {
    return new MigrationException(
        "migration stopped: key="
            + ticket.key
            + ", from="
            + ticket.source
            + ", to="
            + ticket.target
            + " (manager closing)",
        null);
  }

  private void at(MigrationStep step, MigrationTicket ticket) throws IOException {
    hook.at(step, ticket.key, ticket.source.name(), ticket.target.name());
  }

  /**
   * Counts and logs a completed migration or spill.
   *
   * @param k the key
   * @param ticket the migration
   * @param copied the bytes copied
   * @param startNanos when it began
   * @param spill whether it was a spill
   */
  void succeeded(TieredKey k, MigrationTicket ticket, long copied, long startNanos, boolean spill) {
    counters.migrated(ticket.source, ticket.target, copied, spill);
    k.activity().succeeded();
    if (ticket.target.room().markRoom()) {
      LOG.info(
          "tier has room again, migrations into it resume: tier={}, usedBytes={}, capacityBytes={}",
          ticket.target,
          ticket.target.tier().usedBytes(),
          ticket.target.tier().capacityBytes());
    }
    long millis = (System.nanoTime() - startNanos) / 1_000_000;
    LOG.info(
        "{}: key={}, from={}, to={}, bytes={}, millis={}",
        spill ? "spilled" : "migrated",
        ticket.key,
        ticket.source,
        ticket.target,
        copied,
        millis);
    if (ticket.lateFailure != null) {
      counters.error(ticket.lateFailure, ticket.source, ticket.target);
      LOG.warn("migration switched with an error: key={}", ticket.key, ticket.lateFailure);
    }
  }

  /**
   * Counts, logs and records a failed migration and starts the key's back-off; a migration stopped
   * by the manager's close is only logged.
   *
   * @param k the key
   * @param ticket the migration
   * @param e the failure
   * @return the exception to throw
   */
  MigrationException failed(TieredKey k, MigrationTicket ticket, Throwable e) {
    if (closing.get()) {
      LOG.info(
          "migration stopped by close: key={}, from={}, to={}",
          ticket.key,
          ticket.source,
          ticket.target);
      return e instanceof MigrationException m ? m : new MigrationException(e.getMessage(), e);
    }
    MigrationException failure =
        e instanceof MigrationException m
            ? m
            : new MigrationException(
                "migration failed: key="
                    + ticket.key
                    + ", from="
                    + ticket.source
                    + ", to="
                    + ticket.target
                    + " ("
                    + e
                    + ")",
                e);
    counters.failed(ticket.source, ticket.target, failure);
    if (causedBy(e, TierFullException.class)) {
      // The target's back-off, not the key's: the policy leaves a full tier alone until it has
      // room.
      if (ticket.target.room().markFull(clock.millis())) {
        LOG.warn(
            "tier full, migrations into it wait until it has room: tier={}, usedBytes={},"
                + " capacityBytes={} (first failure: {})",
            ticket.target,
            ticket.target.tier().usedBytes(),
            ticket.target.tier().capacityBytes(),
            failure.getMessage());
      } else {
        LOG.debug("{} (tier full)", failure.getMessage(), failure);
      }
      return failure;
    }
    long backoff = k.activity().failed(clock.millis(), BACKOFF_BASE_MILLIS, BACKOFF_MAX_MILLIS);
    LOG.warn("{} (retry in {} ms)", failure.getMessage(), backoff, failure);
    return failure;
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The protocol's step 4 for spills, run by {@link Spiller}.
   *
   * @return the switcher
   */
  Switcher switcher() {
    return switcher;
  }
}
