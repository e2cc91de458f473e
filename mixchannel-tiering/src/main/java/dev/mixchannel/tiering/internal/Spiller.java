package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Moves a segment whose tier ran out of room, inside the write that hit the limit, to the next
 * slower tier with room: a full synchronous migration under the exclusive lock, not rate-limited.
 * Thread-safe.
 */
final class Spiller {
  private static final int BUFFER_BYTES = 256 << 10;

  private final Tiers tiers;
  private final Migrator migrator;

  Spiller(Tiers tiers, Migrator migrator) {
    this.tiers = tiers;
    this.migrator = migrator;
  }

  /**
   * Spills a segment unless another thread moved it since the failed write.
   *
   * @param segment the segment
   * @param seenVersion the segment's version when the write failed
   * @param neededBytes the bytes the failed write wanted to add
   * @param cause the failure of the write
   * @throws TierFullException when no slower tier has room (or the key was deleted)
   * @throws IOException when the copy failed (the segment stays where it was)
   */
  void spill(Segment segment, long seenVersion, long neededBytes, TierFullException cause)
      throws IOException {
    boolean interrupted = Thread.interrupted();
    long stamp = segment.lockExclusive();
    MigrationTicket switched = null;
    try {
      if (segment.version != seenVersion) {
        return;
      }
      if (segment.deleted || segment.backing == null) {
        throw full(segment, neededBytes, List.of(), cause, "the key was deleted");
      }
      MigrationTicket inFlight = segment.ticket;
      if (inFlight != null) {
        inFlight.abort(segment, null);
      }
      segment.version++;
      switched = spillLocked(segment, neededBytes, cause);
    } finally {
      segment.unlockExclusive(stamp);
      if (switched != null) {
        switched.closeRetiredSource();
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Moves the segment down; returns the ticket of the switch (its source still to close). */
  private MigrationTicket spillLocked(Segment segment, long neededBytes, TierFullException cause)
      throws IOException {
    long startNanos = System.nanoTime();
    TierSlot from = segment.tier;
    long sizeBytes = segment.backing.size();
    List<TierSlot> slower = tiers.slowerThan(from);
    IOException last = cause;
    ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    for (TierSlot to : slower) {
      if (!to.tier().hasRoomFor(sizeBytes + neededBytes)) {
        continue;
      }
      MigrationTicket ticket = new MigrationTicket(segment.key, from, to, sizeBytes);
      segment.ticket = ticket;
      segment.startTracking();
      try {
        ticket.dst = to.tier().createIncomplete(segment.key, SizeHint.of(sizeBytes + neededBytes));
        long copied = Copier.copy(segment.backing, ticket.dst, 0, sizeBytes, buffer);
        copied += migrator.switcher().finish(segment, ticket, copied, buffer);
        migrator.succeeded(segment, ticket, copied, startNanos, true);
        return ticket;
      } catch (TierFullException e) {
        ticket.abort(segment, e);
        last = e;
      } catch (IOException | RuntimeException e) {
        ticket.abort(segment, e);
        if (ticket.switched) {
          return ticket;
        }
        throw migrator.failed(segment, ticket, e);
      }
    }
    throw full(segment, neededBytes, slower, last, "no slower tier has room");
  }

  private TierFullException full(
      Segment segment, long neededBytes, List<TierSlot> tried, IOException cause, String why) {
    TierFullException e =
        new TierFullException(
            segment.tier.name(),
            neededBytes,
            "write failed, no tier has room: key="
                + segment.key
                + ", tier="
                + segment.tier
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
}
