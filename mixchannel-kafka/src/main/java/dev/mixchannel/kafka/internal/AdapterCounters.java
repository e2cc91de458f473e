package dev.mixchannel.kafka.internal;

import java.util.concurrent.atomic.LongAdder;

/** The adapter's event counters, shown over JMX. Thread-safe. */
public final class AdapterCounters {

  /** Segment channels opened on the tiers. */
  public final LongAdder opens = new LongAdder();

  /** Anchors with bytes (written by a broker without the adapter) copied into the tiers. */
  public final LongAdder imports = new LongAdder();

  /** Keys renamed onto a keyless anchor when Kafka opened it. */
  public final LongAdder adoptions = new LongAdder();

  /** Keys renamed because Kafka renamed a segment or its partition directory. */
  public final LongAdder renames = new LongAdder();

  /** Keys deleted because Kafka deleted a segment. */
  public final LongAdder deletes = new LongAdder();

  /** Orphan keys renamed onto the anchor Kafka had renamed without the adapter. */
  public final LongAdder sweepRenames = new LongAdder();

  /** Orphan keys deleted because Kafka deleted their anchor without the adapter. */
  public final LongAdder sweepDeletes = new LongAdder();

  /** Completed reconcile passes. */
  public final LongAdder sweeps = new LongAdder();
}
