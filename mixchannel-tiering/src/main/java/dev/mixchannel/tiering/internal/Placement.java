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

import dev.mixchannel.api.MixChannelException;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Places a new key on the fastest tier with room for its size hint (and its first byte, see {@link
 * #roomWanted}), else the next. The caller has reserved the key in the index. The name's stale
 * copies go first ({@link StaleCopies}' rule); a complete copy a tier still holds then came from
 * outside the protocol, and the create is refused rather than delete it. A create that fails, also
 * for lack of room and also after its effect, leaves no copy behind.
 */
final class Placement {
  private static final Logger LOG = LoggerFactory.getLogger(Placement.class);

  private Placement() {}

  /**
   * Creates a key on the first tier, fastest first, with room for the hint.
   *
   * @return the new key's backing channel
   * @throws TierFullException naming the key and the tiers when none has room
   * @throws MixChannelException when a tier holds a complete copy of the key that nobody owns
   * @throws IOException when a tier fails (nothing is left on it)
   */
  static Backing create(Tiers tiers, String key, SizeHint hint, StaleCopies stale)
      throws IOException {
    stale.remove(key, null);
    Set<OpenOption> options =
        new HashSet<>(Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE));
    options.add(StandardOpenOption.CREATE_NEW);
    options.add(hint);
    List<RankedTier> slots = tiers.all();
    for (RankedTier slot : slots) {
      if (!slot.tier().hasRoomFor(roomWanted(hint, slot, slots))) {
        continue;
      }
      try {
        return new Backing(createOn(slot, key, options, stale), slot);
      } catch (TierFullException e) {
        LOG.debug("tier full on create, trying the next: key={}, tier={}", key, slot, e);
      }
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

  /**
   * The room a tier must have for the new key: the hint, and on a tier with a slower one after it
   * at least one byte, so that a key is created where its first write stays (a PMem tier without a
   * free extent has room for an empty key only, and would spill it on that write). The slowest tier
   * takes an empty key whenever its accounting allows it.
   */
  private static long roomWanted(SizeHint hint, RankedTier slot, List<RankedTier> slots) {
    return slot.index() + 1 < slots.size() ? Math.max(hint.bytes(), 1) : hint.bytes();
  }

  private static FileChannel createOn(
      RankedTier slot, String key, Set<OpenOption> options, StaleCopies stale) throws IOException {
    try {
      return slot.tier().open(key, options);
    } catch (FileAlreadyExistsException e) {
      throw new MixChannelException(
          "create refused, a complete copy nobody owns is on the tier: key="
              + key
              + ", tier="
              + slot
              + " (adopt it with TierManager.adopt, or remove it)",
          e);
    } catch (IOException | RuntimeException e) {
      // Also for lack of room: a tier may have made the key before it found out.
      if (!removeLeftover(slot, key, e, stale) && e instanceof TierFullException) {
        throw new MixChannelException(
            "create failed for room and its leftover could not be removed: key="
                + key
                + ", tier="
                + slot,
            e);
      }
      throw e;
    }
  }

  /**
   * A create that failed, maybe after its effect: the new, empty key is nobody's; remove it.
   *
   * @return whether nothing is left (a copy that could not go is recorded as stale)
   */
  private static boolean removeLeftover(
      RankedTier slot, String key, Exception cause, StaleCopies stale) {
    try {
      if (slot.tier().exists(key)) {
        TierCalls.deleteComplete(slot, key);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      cause.addSuppressed(e);
      stale.add(key, slot);
      return false;
    }
  }
}
