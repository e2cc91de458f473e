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
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step 3 of the migration protocol, switch, shared by background migrations and spills: catch up,
 * publish the destination (the tier makes its bytes and size durable first, as {@code
 * StorageTier.publish} promises, so nothing here forces it again), remove the source and point the
 * key at the destination. The caller holds the key's exclusive side throughout; the attempt's
 * phases move through {@link Migration}'s transitions only.
 *
 * <p>Failures before the publish leave everything to the caller's roll-back (the destination is
 * still incomplete). A publish that fails after its effect (the copy is complete, its durability in
 * doubt) is rolled back: the published copy is removed and the key stays on its durable source.
 * After the publish the key is complete on both tiers with identical bytes, and this class resolves
 * it: when the source cannot be removed, the destination is removed instead and the key stays on
 * the source; when that fails too, the key ends on the faster of the two (the copy recovery keeps
 * while the two are still identical) and the other copy is recorded as stale and removed later. A
 * destination whose publish is in doubt is never served, however fast: its name may not survive a
 * crash, so the key stays on its durable source and the doubtful copy is the stale one. A crash
 * before a stale copy's removal, once the key was written again, leaves two copies that differ: the
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
   * Runs step 3 from the catch-up on.
   *
   * @param k the key; caller holds its exclusive side and {@code m} is its attempt, {@link
   *     Migration.Phase#CREATED}
   * @param m the attempt
   * @param copiedEnd the end of the range copied by step 2
   * @param buffer a transfer buffer
   * @return the bytes copied by the catch-up; {@code m} is then {@link Migration.Phase#SWITCHED}
   * @throws IOException when the migration failed: {@code m} is still {@link
   *     Migration.Phase#CREATED} (the caller rolls back, discarding the destination) or it was
   *     rolled back here
   */
  long finish(TieredKey k, Migration m, long copiedEnd, ByteBuffer buffer) throws IOException {
    FileChannel src = k.backing().channel();
    FileChannel dst = m.destination();
    long sizeBytes = src.size();
    long dstSize = dst.size();
    if (dstSize > sizeBytes) {
      dst.truncate(sizeBytes);
      dstSize = sizeBytes;
    }
    long from = Math.min(Math.min(k.mark().dirtyFrom(), copiedEnd), dstSize);
    long copied = Copier.copy(src, dst, from, sizeBytes, buffer);
    m.reached(MigrationStep.CAUGHT_UP, hook);
    Map<HandleLock, FileLock> locks = HandleLock.acquireAll(k, dst, true);
    TierEffect published;
    try {
      m.reached(MigrationStep.DEST_LOCKED, hook);
      published = TierCalls.publish(m.target(), m.key(), sizeBytes);
    } catch (IOException | RuntimeException e) {
      HandleLock.releaseQuietly(locks);
      throw e;
    }
    m.published();
    if (!published.isDurable()) {
      keepOneCopy(k, m, locks, sizeBytes, published.failure(), true);
      return copied;
    }
    try {
      m.reached(MigrationStep.PUBLISHED, hook);
      TierCalls.delete(m.source(), m.key()).logIfNotDurable("delete", m.source(), m.key());
    } catch (IOException | RuntimeException e) {
      keepOneCopy(k, m, locks, sizeBytes, e, false);
      return copied;
    }
    IOException late = null;
    try {
      m.reached(MigrationStep.SOURCE_REMOVED, hook);
    } catch (IOException | RuntimeException e) {
      late = TierCalls.asIo(e);
    }
    switchOver(k, m, locks, sizeBytes, late);
    return copied;
  }

  /** Points the key at the destination; a late failure is reported with the migration. */
  private void switchOver(
      TieredKey k, Migration m, Map<HandleLock, FileLock> locks, long sizeBytes, IOException late) {
    HandleLock.moveAll(locks);
    m.switched(k, sizeBytes);
    if (late != null) {
      m.reportAfterSwitch(late);
    }
    try {
      m.reached(MigrationStep.SWITCHED, hook);
    } catch (IOException | RuntimeException e) {
      m.reportAfterSwitch(TierCalls.asIo(e));
    }
  }

  /**
   * After the publish, with two complete copies and a failure: removes the destination and throws
   * (the key stays on the source); or, when that fails too and the destination is the faster copy
   * and durably published, switches to it (recovery would keep it while the copies are identical)
   * and records the source as stale. A destination whose publish is in doubt is recorded as stale
   * instead, whatever its speed: the source is the only copy known to survive a crash.
   *
   * @param rollback whether the failure was the publish's own (its durability is in doubt)
   * @throws MigrationException when the key stayed on the source
   */
  private void keepOneCopy(
      TieredKey k,
      Migration m,
      Map<HandleLock, FileLock> locks,
      long sizeBytes,
      Exception failure,
      boolean rollback)
      throws MigrationException {
    String what =
        rollback ? "rolling back a published copy failed" : "removing the source copy failed";
    try {
      TierCalls.deleteComplete(m.target(), m.key());
    } catch (IOException | RuntimeException e) {
      suppress(failure, e);
      if (!rollback && m.target().fasterThan(m.source())) {
        LOG.error(
            "removing either copy failed, serving the faster copy: {}, stale={}",
            m.describe(),
            m.source(),
            failure);
        removeOrRecord(m.source(), m.key(), failure);
        switchOver(
            k,
            m,
            locks,
            sizeBytes,
            new MigrationException(
                what
                    + ", serving the faster copy: "
                    + m.describe()
                    + " (the stale copy on "
                    + m.source()
                    + " is removed later)",
                failure));
        return;
      }
      stale.add(m.key(), m.target());
    }
    HandleLock.releaseQuietly(locks);
    m.rollBack(k, failure);
    throw new MigrationException(
        (rollback
                ? "publishing the destination failed after its effect, rolled back to the source"
                : "removing the source copy failed, stayed on the source")
            + ": "
            + m.describe(),
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
}
