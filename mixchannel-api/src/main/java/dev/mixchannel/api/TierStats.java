package dev.mixchannel.api;

/**
 * A snapshot of one tier's occupancy.
 *
 * @param name the tier's name
 * @param kind the tier's medium
 * @param capacityBytes the tier's capacity in bytes
 * @param usedBytes the bytes the tier holds
 * @param channelCount the number of keys on the tier
 */
public record TierStats(
    String name, TierKind kind, long capacityBytes, long usedBytes, long channelCount) {

  /**
   * The used fraction of the capacity.
   *
   * @return {@code usedBytes / capacityBytes}, or 0 for a capacity of 0
   */
  public double usedFraction() {
    return capacityBytes <= 0 ? 0 : (double) usedBytes / capacityBytes;
  }
}
