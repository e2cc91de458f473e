package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierKind;

/**
 * A tier of the manager with its position in the speed order and its counters.
 *
 * @param index the position, 0 for the fastest
 * @param tier the tier
 * @param counters its migration counters
 */
record RankedTier(int index, StorageTier tier, TierCounters counters) {

  /**
   * The tier's name.
   *
   * @return the name
   */
  public String name() {
    return tier.name();
  }

  /**
   * The tier's kind.
   *
   * @return the kind
   */
  public TierKind kind() {
    return tier.kind();
  }

  /**
   * Whether this tier is faster than another.
   *
   * @param other the other tier
   * @return {@code true} when this one comes first in the configuration
   */
  public boolean fasterThan(RankedTier other) {
    return index < other.index;
  }

  @Override
  public String toString() {
    return tier.name();
  }
}
