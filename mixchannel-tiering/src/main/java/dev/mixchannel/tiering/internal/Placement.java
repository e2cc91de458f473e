package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Places a new key on the fastest tier with room for its size hint, else the next. */
final class Placement {
  private static final Logger LOG = LoggerFactory.getLogger(Placement.class);

  private Placement() {}

  /**
   * Creates a key on the first tier, fastest first, with room for the hint.
   *
   * @return the new segment, its backing channel open
   * @throws TierFullException naming the key and the tiers when none has room
   */
  static Segment create(Tiers tiers, String key, SizeHint hint, long nowMillis) throws IOException {
    Set<OpenOption> options = new HashSet<>(Backings.READ_WRITE);
    options.add(StandardOpenOption.CREATE_NEW);
    options.add(hint);
    for (TierSlot slot : tiers.all()) {
      if (!slot.tier().hasRoomFor(hint.bytes())) {
        continue;
      }
      FileChannel backing;
      try {
        backing = slot.tier().open(key, options);
      } catch (TierFullException e) {
        LOG.debug("tier full on create, trying the next: key={}, tier={}", key, slot, e);
        continue;
      }
      Segment s = new Segment(key, slot, 0, nowMillis);
      s.backing = backing;
      return s;
    }
    throw new TierFullException(
        String.join(",", tiers.names()),
        hint.bytes(),
        "create failed, no tier has room: key="
            + key
            + ", sizeHintBytes="
            + hint.bytes()
            + ", tiers="
            + tiers.names());
  }
}
