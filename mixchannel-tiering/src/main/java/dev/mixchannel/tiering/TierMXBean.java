package dev.mixchannel.tiering;

/**
 * JMX view of one tier, registered as {@code dev.mixchannel:type=Tier,manager=<id>,name=<tier>}.
 */
public interface TierMXBean {

  /**
   * The tier's name.
   *
   * @return the name
   */
  String getName();

  /**
   * The tier's medium.
   *
   * @return the kind's name
   */
  String getKind();

  /**
   * The tier's capacity.
   *
   * @return bytes
   */
  long getCapacityBytes();

  /**
   * The bytes the tier holds.
   *
   * @return bytes
   */
  long getUsedBytes();

  /**
   * The number of keys on the tier.
   *
   * @return the count
   */
  long getKeyCount();

  /**
   * Completed migrations into this tier from a slower one.
   *
   * @return the count
   */
  long getMigrationsIn();

  /**
   * Completed migrations out of this tier to a slower one, spills included.
   *
   * @return the count
   */
  long getMigrationsOut();

  /**
   * Spills out of this tier.
   *
   * @return the count
   */
  long getSpills();

  /**
   * The last error recorded for this tier.
   *
   * @return its message, or an empty string when there was none
   */
  String getLastError();
}
