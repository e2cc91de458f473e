package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.MigrationException;
import dev.mixchannel.api.SizeHint;
import java.io.IOException;
import java.nio.ByteBuffer;
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
 * Runs the migration protocol of one segment (steps 1 to 3 here, step 4 in {@link Switcher}) and
 * rolls it back on failure: the source keeps serving, the incomplete destination is discarded, the
 * failure is counted and logged and the segment backs off before the policy picks it again.
 * Thread-safe; each segment has at most one migration at a time (the caller claims {@link
 * Segment#inFlight}).
 */
public final class Migrator {
  private static final Logger LOG = LoggerFactory.getLogger(Migrator.class);

  /** Bytes per copy chunk: each chunk holds the shared lock once. */
  static final int CHUNK_BYTES = 1 << 20;

  /** Extra chunks the copy chases a growing source before leaving the tail to the catch-up. */
  private static final int CHASE_CHUNKS = 4;

  private static final long BACKOFF_BASE_MILLIS = 1_000;
  private static final long BACKOFF_MAX_MILLIS = 300_000;

  private final Catalog catalog;
  private final ManagerCounters counters;
  private final MigrationHook hook;
  private final RateLimiter rate;
  private final Clock clock;
  private final Switcher switcher;
  private final AtomicBoolean closing = new AtomicBoolean();

  /** Chunk buffers of finished migrations, reused: at most one per concurrent migration. */
  private final Queue<ByteBuffer> buffers = new ConcurrentLinkedQueue<>();

  /**
   * Creates the migrator.
   *
   * @param catalog the key index
   * @param counters the counters to update
   * @param hook the test hook, {@link MigrationHook#NONE} in production
   * @param rate the copy rate limiter
   * @param clock the clock used for back-off times
   */
  public Migrator(
      Catalog catalog,
      ManagerCounters counters,
      MigrationHook hook,
      RateLimiter rate,
      Clock clock) {
    this.catalog = catalog;
    this.counters = counters;
    this.hook = hook;
    this.rate = rate;
    this.clock = clock;
    this.switcher = new Switcher(hook);
  }

  /** Makes migrations in flight abort at their next step; new ones fail at once. */
  public void close() {
    closing.set(true);
    rate.close();
  }

  /**
   * Migrates a segment to a tier and returns when it is switched.
   *
   * @param segment the segment; the caller has claimed its {@link Segment#inFlight} flag
   * @param target the target tier
   * @throws NoSuchFileException when the key was deleted
   * @throws MigrationException when the migration failed and was rolled back
   * @throws IOException when a failure left the key on the target tier (see {@link Switcher})
   */
  public void migrate(Segment segment, TierSlot target) throws IOException {
    catalog.pin(segment);
    try {
      run(segment, target);
    } finally {
      catalog.unpin(segment);
    }
  }

  private void run(Segment segment, TierSlot target) throws IOException {
    long startNanos = System.nanoTime();
    MigrationTicket ticket = mark(segment, target);
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
      createDestination(segment, ticket);
      at(MigrationStep.DEST_CREATED, ticket);
      long offset = copyChunks(segment, ticket, buffer);
      copied = offset + switchOver(segment, ticket, offset, buffer);
    } catch (IOException | RuntimeException e) {
      long stamp = segment.lockExclusive();
      try {
        ticket.abort(segment, e);
      } finally {
        segment.unlockExclusive(stamp);
      }
      throw failed(segment, ticket, e);
    } finally {
      buffers.add(buffer);
    }
    succeeded(segment, ticket, copied, startNanos, false);
    if (ticket.lateFailure != null) {
      throw ticket.lateFailure;
    }
  }

  /** Step 1: marks the segment migrating under the exclusive lock. */
  private MigrationTicket mark(Segment segment, TierSlot target) throws IOException {
    long stamp = segment.lockExclusive();
    try {
      if (segment.deleted) {
        throw new NoSuchFileException(segment.key, null, "key deleted before migration");
      }
      if (segment.tier == target) {
        return null;
      }
      if (closing.get()) {
        throw new MigrationException(
            "migration refused: key=" + segment.key + ", to=" + target + " (manager closing)",
            null);
      }
      MigrationTicket ticket =
          new MigrationTicket(segment.key, segment.tier, target, segment.backing.size());
      segment.ticket = ticket;
      segment.startTracking();
      return ticket;
    } finally {
      segment.unlockExclusive(stamp);
    }
  }

  /** Step 2: creates the incomplete destination, under the shared lock. */
  private void createDestination(Segment segment, MigrationTicket ticket) throws IOException {
    long stamp = segment.lock.readLock();
    try {
      check(segment, ticket);
      SizeHint hint = SizeHint.of(ticket.startSizeBytes);
      try {
        ticket.dst = ticket.target.tier().createIncomplete(ticket.key, hint);
      } catch (FileAlreadyExistsException e) {
        if (!ticket.target.tier().incompleteKeys().contains(ticket.key)) {
          throw e;
        }
        // A leftover of an earlier attempt whose discard failed: only this segment can own an
        // incomplete copy of this key, and its only live migration is this one.
        ticket.target.tier().discardIncomplete(ticket.key);
        ticket.dst = ticket.target.tier().createIncomplete(ticket.key, hint);
      }
    } finally {
      segment.lock.unlockRead(stamp);
    }
  }

  /** Step 3: copies chunk by chunk, each under the shared lock, rate-limited between chunks. */
  private long copyChunks(Segment segment, MigrationTicket ticket, ByteBuffer buffer)
      throws IOException {
    long offset = 0;
    long knownSize = ticket.startSizeBytes;
    while (true) {
      long planned = Math.max(1, Math.min(CHUNK_BYTES, knownSize - offset));
      if (!rate.acquire(planned)) {
        throw closingFailure(ticket);
      }
      long stamp = segment.lock.readLock();
      try {
        check(segment, ticket);
        FileChannel src = segment.backing;
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
      } finally {
        segment.lock.unlockRead(stamp);
      }
      at(MigrationStep.CHUNK_COPIED, ticket);
    }
  }

  /** Step 4 under the exclusive lock. */
  private long switchOver(Segment segment, MigrationTicket ticket, long offset, ByteBuffer buffer)
      throws IOException {
    long stamp = segment.lockExclusive();
    try {
      check(segment, ticket);
      at(MigrationStep.SWITCH_LOCKED, ticket);
      return switcher.finish(segment, ticket, offset, buffer);
    } finally {
      segment.unlockExclusive(stamp);
      ticket.closeRetiredSource();
    }
  }

  private void check(Segment segment, MigrationTicket ticket) throws IOException {
    if (closing.get()) {
      throw closingFailure(ticket);
    }
    if (segment.ticket != ticket) {
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
   * @param segment the segment
   * @param ticket the migration
   * @param copied the bytes copied
   * @param startNanos when it began
   * @param spill whether it was a spill
   */
  void succeeded(
      Segment segment, MigrationTicket ticket, long copied, long startNanos, boolean spill) {
    counters.migrated(ticket.source, ticket.target, copied, spill);
    segment.failures = 0;
    segment.backoffUntilMillis = 0;
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
   * Counts, logs and records a failed migration and starts the segment's back-off; a migration
   * stopped by the manager's close is only logged.
   *
   * @param segment the segment
   * @param ticket the migration
   * @param e the failure
   * @return the exception to throw
   */
  MigrationException failed(Segment segment, MigrationTicket ticket, Throwable e) {
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
    int failures = segment.failures + 1;
    segment.failures = failures;
    long backoff = Math.min(BACKOFF_MAX_MILLIS, BACKOFF_BASE_MILLIS << Math.min(failures - 1, 20));
    segment.backoffUntilMillis = clock.millis() + backoff;
    LOG.warn("{} (retry in {} ms)", failure.getMessage(), backoff, failure);
    return failure;
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
