package dev.mixchannel.tiering;

import java.util.List;

/**
 * An immutable view of a tier manager handed to a {@link MigrationPolicy}.
 *
 * @param tiers the tiers, fastest first
 * @param keys every key the manager holds, in no particular order
 * @param nowMillis the manager clock's time in milliseconds
 */
public record PolicySnapshot(List<TierStats> tiers, List<KeySnapshot> keys, long nowMillis) {

  /**
   * Copies the lists.
   *
   * @param tiers the tiers, fastest first
   * @param keys the keys
   * @param nowMillis the clock time in milliseconds
   */
  public PolicySnapshot {
    tiers = List.copyOf(tiers);
    keys = List.copyOf(keys);
  }
}
