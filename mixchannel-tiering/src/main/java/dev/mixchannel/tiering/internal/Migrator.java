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
 * Runs the migration protocol of one key ({@link Migration}: step 1, create, and step 2, copy,
 * here; step 3, switch, begins here under the exclusive lock and goes on in {@link Switcher}) and
 * rolls it back on failure: the source keeps serving, the incomplete destination is discarded, the
 * failure is counted and logged and the key backs off before the policy picks it again; a failure
 * for lack of room marks the target full instead ({@link TierRoom}: logged once, the key not
 * charged), and a success marks it as having room again (logged once). Thread-safe; each key has at
 * most one migration at a time (the caller claims it through {@link KeyActivity#claim}).
 */
final class Migrator {
  private static final Logger LOG = LoggerFactory.getLogger(Migrator.class);

  /** Bytes per copy chunk: each chunk holds the shared lock once. */
  static final int CHUNK_BYTES = 1 << 20;

  /** Extra chunks the copy chases a growing source before leaving the tail to the catch-up. */
  private static final int CHASE_CHUNKS = 4;

  private static final long BACKOFF_BASE_MILLIS = 1_000;
  private static final long BACKOFF_MAX_MILLIS = 300_000;

  private final MigrationHook hook;
  private final RateLimiter rate;
  private final Switcher switcher;
  private final ManagerCounters counters;
  private final Clock clock;
  private final DeletedKeyCopies deletedCopies;
  private final StaleCopies stale;
  private final AtomicBoolean closing = new AtomicBoolean();

  /** Chunk buffers of finished migrations and spills: at most one per concurrent one. */
  private final Queue<ByteBuffer> buffers = new ConcurrentLinkedQueue<>();

  Migrator(
      ManagerCounters counters,
      MigrationHook hook,
      RateLimiter rate,
      Clock clock,
      StaleCopies stale,
      DeletedKeyCopies deletedCopies) {
    this.hook = hook;
    this.rate = rate;
    this.deletedCopies = deletedCopies;
    this.stale = stale;
    this.switcher = new Switcher(hook, stale);
    this.counters = counters;
    this.clock = clock;
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
   * @throws IOException when the migration switched and reports a failure after it (see {@link
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
    Migration m = mark(k, target);
    if (m == null) {
      return;
    }
    ByteBuffer buffer = takeBuffer();
    long copied;
    try {
      m.reached(MigrationStep.MARKED, hook);
      create(k, m);
      m.reached(MigrationStep.DEST_CREATED, hook);
      long offset = copy(k, m, buffer);
      copied = offset + switchOver(k, m, offset, buffer);
    } catch (IOException | RuntimeException e) {
      long stamp = k.lock().lockExclusive();
      try {
        m.rollBack(k, e);
      } finally {
        k.lock().unlockExclusive(stamp);
      }
      throw failed(k, m, e);
    } finally {
      recycle(buffer);
    }
    succeeded(k, m, copied, startNanos, false);
    if (m.reportedAfterSwitch().isPresent()) {
      throw m.reportedAfterSwitch().get();
    }
  }

  /** Step 1 begins: marks the key migrating under the exclusive side. */
  private Migration mark(TieredKey k, RankedTier target) throws IOException {
    long stamp = k.lock().lockExclusive();
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
      Migration m = new Migration(k.key(), k.tier(), target, k.backing().channel().size());
      k.mark().start(m);
      return m;
    } finally {
      k.lock().unlockExclusive(stamp);
    }
  }

  /**
   * Step 1, create: the incomplete destination, under the shared lock. A copy of the key the target
   * already holds is nobody's (this key is owned by the source): an incomplete leftover of an
   * earlier attempt is discarded, a complete copy recorded as stale (left by a call that failed
   * after its effect) is removed, and the create is tried again; any other complete copy came from
   * outside the protocol and refuses the migration.
   */
  private void create(TieredKey k, Migration m) throws IOException {
    long stamp = k.lock().lockShared();
    try {
      check(k, m);
      SizeHint hint = SizeHint.of(m.startSizeBytes());
      FileChannel dst;
      try {
        dst = TierCalls.createIncomplete(m.target(), m.key(), hint);
      } catch (FileAlreadyExistsException e) {
        clearDestination(m, e);
        dst = TierCalls.createIncomplete(m.target(), m.key(), hint);
      }
      m.created(dst);
    } finally {
      k.lock().unlockShared(stamp);
    }
  }

  private void clearDestination(Migration m, FileAlreadyExistsException e) throws IOException {
    StorageTier tier = m.target().tier();
    if (tier.incompleteKeys().contains(m.key())) {
      if (deletedCopies.holds(m.target(), m.key())) {
        throw new MigrationException(
            "migration postponed: "
                + m.describe()
                + " (the name holds the bytes of a deleted key that is still open)",
            e);
      }
      tier.discardIncomplete(m.key());
    }
    if (tier.exists(m.key())) {
      if (!stale.holds(m.key(), m.target())) {
        throw new MigrationException(
            "migration refused, a complete copy nobody owns is on the target: "
                + m.describe()
                + " (it is kept: it came from outside the protocol)",
            e);
      }
      stale.remove(m.key(), m.source());
    }
  }

  /** Step 2, copy: chunk by chunk, each under the shared lock, rate-limited between chunks. */
  private long copy(TieredKey k, Migration m, ByteBuffer buffer) throws IOException {
    long offset = 0;
    long knownSize = m.startSizeBytes();
    while (true) {
      long planned = Math.max(1, Math.min(CHUNK_BYTES, knownSize - offset));
      if (!rate.acquire(planned)) {
        throw closingFailure(m);
      }
      long stamp = k.lock().lockShared();
      try {
        check(k, m);
        FileChannel src = k.backing().channel();
        if (!src.isOpen()) {
          k.lock().unlockShared(stamp);
          stamp = 0;
          reopen(k, m);
          continue;
        }
        knownSize = src.size();
        long remaining = knownSize - offset;
        boolean pastStart = offset >= m.startSizeBytes();
        if (remaining <= 0
            || (pastStart && remaining <= CHUNK_BYTES)
            || offset >= m.startSizeBytes() + (long) CHASE_CHUNKS * CHUNK_BYTES) {
          return offset;
        }
        long end = offset + Math.min(CHUNK_BYTES, remaining);
        offset += Copier.copy(src, m.destination(), offset, end, buffer);
      } catch (ClosedChannelException e) {
        if (Thread.currentThread().isInterrupted() || k.backing().channel().isOpen()) {
          throw e;
        }
        // Closed under this read by another handle's interrupt: the next round reopens it.
      } finally {
        if (stamp != 0) {
          k.lock().unlockShared(stamp);
        }
      }
      m.reached(MigrationStep.CHUNK_COPIED, hook);
    }
  }

  /** Replaces a backing another handle's interrupt closed, under the exclusive side. */
  private void reopen(TieredKey k, Migration m) throws IOException {
    long stamp = k.lock().lockExclusive();
    try {
      check(k, m);
      k.reopenIfClosed();
    } finally {
      k.lock().unlockExclusive(stamp);
    }
  }

  /** Step 3, switch: under the exclusive lock, the rest in {@link Switcher}. */
  private long switchOver(TieredKey k, Migration m, long offset, ByteBuffer buffer)
      throws IOException {
    long stamp = k.lock().lockExclusive();
    try {
      check(k, m);
      k.reopenIfClosed();
      m.reached(MigrationStep.SWITCH_LOCKED, hook);
      return switcher.finish(k, m, offset, buffer);
    } finally {
      k.lock().unlockExclusive(stamp);
      m.closeRetiredSource();
    }
  }

  private void check(TieredKey k, Migration m) throws IOException {
    if (closing.get()) {
      throw closingFailure(m);
    }
    if (k.mark().migration() != m) {
      throw new MigrationCancelledException(m.describe());
    }
  }

  private static MigrationException closingFailure(Migration m) {
    return new MigrationException(
        "migration stopped: " + m.describe() + " (manager closing)", null);
  }

  /**
   * Counts and logs a switched migration or spill, and the failure it reports, if any.
   *
   * @param k the key
   * @param m the attempt, {@link Migration.Phase#SWITCHED}
   * @param copied the bytes copied
   * @param startNanos when it began
   * @param spill whether it was a spill
   */
  void succeeded(TieredKey k, Migration m, long copied, long startNanos, boolean spill) {
    counters.migrated(m.source(), m.target(), copied, startNanos, spill);
    k.activity().succeeded();
    if (m.target().room().markRoom()) {
      LOG.info(
          "tier has room again, migrations into it resume: tier={}, usedBytes={}, capacityBytes={}",
          m.target(),
          m.target().tier().usedBytes(),
          m.target().tier().capacityBytes());
    }
    long millis = (System.nanoTime() - startNanos) / 1_000_000;
    LOG.info(
        "{}: {}, bytes={}, millis={}",
        spill ? "spilled" : "migrated",
        m.describe(),
        copied,
        millis);
    m.reportedAfterSwitch()
        .ifPresent(
            late -> {
              counters.error(late, m.source(), m.target());
              LOG.warn("migration switched with an error: key={}", m.key(), late);
            });
  }

  /**
   * Counts, logs and records a failed attempt and starts the key's back-off; one stopped by the
   * manager's close is only logged.
   *
   * @param k the key
   * @param m the attempt, rolled back
   * @param e the failure
   * @return the exception to throw
   */
  MigrationException failed(TieredKey k, Migration m, Throwable e) {
    if (closing.get()) {
      LOG.info("migration stopped by close: {}", m.describe());
      return e instanceof MigrationException me ? me : new MigrationException(e.getMessage(), e);
    }
    MigrationException failure =
        e instanceof MigrationException me
            ? me
            : new MigrationException("migration failed: " + m.describe() + " (" + e + ")", e);
    counters.failed(m.source(), m.target(), failure);
    if (causedBy(e, TierFullException.class)) {
      // The target's back-off, not the key's: the policy leaves a full tier alone until it has
      // room.
      if (m.target().room().markFull(clock.millis())) {
        LOG.warn(
            "tier full, migrations into it wait until it has room: tier={}, usedBytes={},"
                + " capacityBytes={} (first failure: {})",
            m.target(),
            m.target().tier().usedBytes(),
            m.target().tier().capacityBytes(),
            failure.getMessage());
      } else {
        LOG.debug("{} (tier full)", failure.getMessage(), failure);
      }
      return failure;
    }
    long backoff = k.activity().failed(clock.millis(), BACKOFF_BASE_MILLIS, BACKOFF_MAX_MILLIS);
    if (failure instanceof MigrationCancelledException) {
      // The key's life went on during the copy (a rename, a delete, a spill): nothing to act on.
      LOG.info("{} (retry in {} ms)", failure.getMessage(), backoff);
    } else {
      LOG.warn("{} (retry in {} ms)", failure.getMessage(), backoff, failure);
    }
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

  /** Step 3 for spills, run by {@link Spiller}. */
  Switcher switcher() {
    return switcher;
  }

  /** A chunk buffer, reused from a finished migration or spill when one is free. */
  ByteBuffer takeBuffer() {
    ByteBuffer buffer = buffers.poll();
    return buffer != null ? buffer : ByteBuffer.allocateDirect(CHUNK_BYTES);
  }

  /** Gives a buffer of {@link #takeBuffer} back. */
  void recycle(ByteBuffer buffer) {
    buffers.add(buffer);
  }
}
