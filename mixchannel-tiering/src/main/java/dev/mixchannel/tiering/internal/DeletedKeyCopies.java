package dev.mixchannel.tiering.internal;

import java.util.HashSet;
import java.util.Set;

/**
 * The incomplete keys that hold the bytes of deleted keys still open: a deleted key that must grow
 * beyond its PMem pool spills to a slower tier as an incomplete key of a name of its own ({@code
 * <key>~deleted-<n>}, see {@link Spiller}), never published (recovery discards it, as a deleted
 * key's bytes should be). While it is there, a migration of a live key that happens to have that
 * name must not take the name for a leftover. Thread-safe.
 */
final class DeletedKeyCopies {
  private final Set<String> held = new HashSet<>();

  /**
   * Claims the incomplete name of a key on a tier.
   *
   * @return false when another deleted key holds it
   */
  synchronized boolean claim(RankedTier tier, String key) {
    return held.add(id(tier, key));
  }

  synchronized void release(RankedTier tier, String key) {
    held.remove(id(tier, key));
  }

  synchronized boolean holds(RankedTier tier, String key) {
    return held.contains(id(tier, key));
  }

  private static String id(RankedTier tier, String key) {
    return tier.index() + "/" + key;
  }
}
