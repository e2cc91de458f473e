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

import dev.mixchannel.api.Keys;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.common.Closeables;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Moves a key whose tier ran out of room, inside the write that hit the limit, to the next slower
 * tier with room: a full synchronous migration under the exclusive side, not rate-limited. A
 * deleted key that is still open spills too, to an incomplete key of a name of its own beside it
 * ({@code <key>~deleted-<n>}), never published and discarded when its last handle closes or at the
 * next open (see {@link DeletedKeyCopies}); so several deleted generations of one name, and a live
 * key of that name migrating meanwhile, never compete for one incomplete name. Thread-safe.
 */
final class Spiller {
  private static final String DELETED_MARK = "~deleted-";

  private final Tiers tiers;
  private final Migrator migrator;
  private final Switcher switcher;
  private final DeletedKeyCopies deletedCopies;
  private final AtomicLong deletedCopyNumbers = new AtomicLong();

  Spiller(Tiers tiers, Migrator migrator, Switcher switcher, DeletedKeyCopies deletedCopies) {
    this.tiers = tiers;
    this.migrator = migrator;
    this.switcher = switcher;
    this.deletedCopies = deletedCopies;
  }

  /**
   * Spills a key unless another thread moved it since the failed write.
   *
   * @param k the key
   * @param seenVersion the key's version when the write failed
   * @param neededBytes the bytes the failed write wanted to add
   * @param cause the failure of the write
   * @throws TierFullException when no slower tier has room
   * @throws IOException when the copy failed (the key stays where it was)
   */
  void spill(TieredKey k, long seenVersion, long neededBytes, TierFullException cause)
      throws IOException {
    boolean interrupted = Thread.interrupted();
    long stamp = k.lock().lockExclusive();
    List<AutoCloseable> old = new ArrayList<>();
    ByteBuffer buffer = null;
    try {
      if (k.version() != seenVersion) {
        return;
      }
      if (k.backing() == null) {
        throw full(k, neededBytes, List.of(), cause, "the key is closed");
      }
      k.cancelMigration();
      buffer = migrator.takeBuffer();
      if (k.isDeleted()) {
        spillDeleted(k, neededBytes, cause, buffer, old);
      } else {
        old.add(spillLive(k, neededBytes, cause, buffer)::closeRetiredSource);
      }
    } finally {
      k.lock().unlockExclusive(stamp);
      if (buffer != null) {
        migrator.recycle(buffer);
      }
      Closeables.closeAll(old, "closing a spilled key's old channels");
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Moves a live key down; returns the switched attempt (its replaced source still to close). */
  private Migration spillLive(
      TieredKey k, long neededBytes, TierFullException cause, ByteBuffer buffer)
      throws IOException {
    long startNanos = System.nanoTime();
    RankedTier from = k.tier();
    long sizeBytes = k.backing().channel().size();
    List<RankedTier> slower = tiers.slowerThan(from);
    IOException last = cause;
    for (RankedTier to : slower) {
      if (!to.tier().hasRoomFor(room(sizeBytes, neededBytes))) {
        continue;
      }
      Migration m = new Migration(k.key(), from, to, sizeBytes);
      k.mark().start(m);
      try {
        m.created(
            TierCalls.createIncomplete(to, k.key(), SizeHint.of(room(sizeBytes, neededBytes))));
        long copied = Copier.copy(k.backing().channel(), m.destination(), 0, sizeBytes, buffer);
        copied += switcher.finish(k, m, copied, buffer);
        migrator.succeeded(k, m, copied, startNanos, true);
        return m;
      } catch (TierFullException e) {
        rollBackUninterrupted(k, m, e);
        last = e;
      } catch (IOException | RuntimeException e) {
        rollBackUninterrupted(k, m, e);
        if (m.phase() == Migration.Phase.SWITCHED) {
          return m;
        }
        throw migrator.failed(k, m, e);
      }
    }
    throw full(k, neededBytes, slower, last, "no slower tier has room");
  }

  /**
   * Moves a deleted, still open key down to an incomplete key of its name; adds the replaced
   * backing and spare channel (still to close) to {@code old}.
   */
  private void spillDeleted(
      TieredKey k,
      long neededBytes,
      TierFullException cause,
      ByteBuffer buffer,
      List<AutoCloseable> old)
      throws IOException {
    RankedTier from = k.tier();
    long sizeBytes = k.backing().channel().size();
    List<RankedTier> slower = tiers.slowerThan(from);
    IOException last = cause;
    for (RankedTier to : slower) {
      String name = deletedCopyName(k.key());
      if (!to.tier().hasRoomFor(room(sizeBytes, neededBytes)) || !deletedCopies.claim(to, name)) {
        continue;
      }
      FileChannel dst = null;
      FileChannel spare = null;
      try {
        dst = to.tier().createIncomplete(name, SizeHint.of(room(sizeBytes, neededBytes)));
        Copier.copy(k.backing().channel(), dst, 0, sizeBytes, buffer);
        // Everything that can fail comes before the locks move: once they point at the new
        // channel, the switch must happen (closing that channel would invalidate them).
        spare = spareOf(to, dst);
        Map<HandleLock, FileLock> locks = HandleLock.acquireAll(k, dst, true);
        HandleLock.moveAll(locks);
        Backing retired = k.switchTo(new Backing(dst, to));
        old.add(retired::closeIfRetired);
        old.add(
            k.ownDeletedCopy(
                spare,
                () -> {
                  try {
                    to.tier().discardIncomplete(name);
                  } finally {
                    deletedCopies.release(to, name);
                  }
                }));
        return;
      } catch (IOException | RuntimeException e) {
        deletedCopies.release(to, name);
        if (dst != null) {
          Closeables.closeQuietly(e, spare, dst);
          TierCalls.discardQuietly(to, name, e);
        }
        if (!(e instanceof IOException io)) {
          throw e;
        }
        last = io;
      }
    }
    throw full(k, neededBytes, slower, last, "no slower tier has room for the deleted key");
  }

  /**
   * A name for a deleted key's copy, beside the key: its last segment, shortened when needed so
   * that the incomplete name stays within a segment's limit, then a mark and a number unique in
   * this manager.
   */
  private String deletedCopyName(String key) {
    String mark = DELETED_MARK + deletedCopyNumbers.incrementAndGet();
    String parent = Keys.parent(key);
    String last = parent.isEmpty() ? key : key.substring(parent.length() + 1);
    int maxBytes = Keys.MAX_SEGMENT_BYTES - StorageTier.INCOMPLETE_SUFFIX.length() - mark.length();
    while (last.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
      last = last.substring(0, last.offsetByCodePoints(last.length(), -1));
    }
    return (parent.isEmpty() ? "" : parent + "/") + last + mark;
  }

  private static FileChannel spareOf(RankedTier tier, FileChannel channel) throws IOException {
    try {
      return tier.tier().reopen(channel);
    } catch (UnsupportedOperationException e) {
      return null;
    }
  }

  /** The room a spilled key asks for: its size plus the write, saturating. */
  private static long room(long sizeBytes, long neededBytes) {
    long sum = sizeBytes + neededBytes;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  private static TierFullException full(
      TieredKey k, long neededBytes, List<RankedTier> tried, IOException cause, String why) {
    TierFullException e =
        new TierFullException(
            k.tier().name(),
            neededBytes,
            "write failed, no tier has room: key="
                + k.key()
                + ", tier="
                + k.tier()
                + ", neededBytes="
                + neededBytes
                + ", slowerTiers="
                + tried
                + " ("
                + why
                + ")");
    e.initCause(cause);
    return e;
  }

  /**
   * Rolls a spill back with this thread's interrupt status clear: an interrupt that arrived during
   * the spill (and made it fail) must not make the rollback fail too; the status is set again.
   */
  private static void rollBackUninterrupted(TieredKey k, Migration m, Exception e) {
    TierCalls.uninterrupted(() -> m.rollBack(k, e));
  }
}
