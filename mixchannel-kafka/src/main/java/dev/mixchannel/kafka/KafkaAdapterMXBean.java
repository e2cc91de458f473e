package dev.mixchannel.kafka;

/**
 * JMX view of the Kafka adapter, registered as {@value #OBJECT_NAME} while the adapter's tiers are
 * open. Counters start at zero when the tiers open. {@link #getSegmentTiers()} lists the tiers'
 * keys and so does I/O; the counters do not.
 */
public interface KafkaAdapterMXBean {

  /** The object name the adapter registers under. */
  String OBJECT_NAME = "dev.mixchannel:type=KafkaAdapter";

  /**
   * Every segment key with the tier that holds it.
   *
   * @return lines {@code <tier name> <key>}, sorted by key
   */
  String[] getSegmentTiers();

  /**
   * The log dirs the adapter serves, with their tags.
   *
   * @return lines {@code <tag> <log dir>}
   */
  String[] getLogDirs();

  /**
   * Segment channels opened on the tiers.
   *
   * @return the count
   */
  long getOpens();

  /**
   * Anchors with bytes, written by a broker without the adapter, copied into the tiers.
   *
   * @return the count
   */
  long getImports();

  /**
   * Keys renamed onto a keyless anchor when Kafka opened it.
   *
   * @return the count
   */
  long getAdoptions();

  /**
   * Keys renamed along with Kafka's segment and directory renames.
   *
   * @return the count
   */
  long getRenames();

  /**
   * Keys deleted along with Kafka's segment deletions.
   *
   * @return the count
   */
  long getDeletes();

  /**
   * Orphan keys renamed by a reconcile pass.
   *
   * @return the count
   */
  long getSweepRenames();

  /**
   * Orphan keys deleted by a reconcile pass.
   *
   * @return the count
   */
  long getSweepDeletes();

  /**
   * Completed reconcile passes.
   *
   * @return the count
   */
  long getSweeps();
}
