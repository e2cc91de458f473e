package dev.mixchannel.tiering;

/**
 * JMX view of a tier manager, registered as {@code dev.mixchannel:type=TierManager,name=<id>}.
 * Attributes are read without blocking I/O.
 */
public interface TierManagerMXBean {

  /**
   * Open keys and keys at rest across all tiers.
   *
   * @return the number of keys
   */
  long getKeyCount();

  /**
   * Completed promotions.
   *
   * @return the count
   */
  long getMigrationsUp();

  /**
   * Completed demotions, spills included.
   *
   * @return the count
   */
  long getMigrationsDown();

  /**
   * Bytes copied by completed migrations.
   *
   * @return the byte count
   */
  long getBytesMigrated();

  /**
   * Spills: channels moved down inside a write because their tier was full.
   *
   * @return the count
   */
  long getSpills();

  /**
   * Migrations that failed and were rolled back.
   *
   * @return the count
   */
  long getMigrationFailures();

  /**
   * The last migration or I/O error the manager recorded.
   *
   * @return its message, or an empty string when there was none
   */
  String getLastError();
}
