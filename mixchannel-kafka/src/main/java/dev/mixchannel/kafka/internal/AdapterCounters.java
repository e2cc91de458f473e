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
package dev.mixchannel.kafka.internal;

import java.util.concurrent.atomic.LongAdder;

/** The adapter's event counters, shown over JMX. Thread-safe. */
final class AdapterCounters {

  /** Segment channels opened on the tiers. */
  public final LongAdder opens = new LongAdder();

  /** Segments demoted into their own file before a reader read them by path. */
  public final LongAdder demotionsForReaders = new LongAdder();

  /** Orphan keys put in quarantine. */
  public final LongAdder sweepQuarantines = new LongAdder();

  /** Keys renamed onto a keyless file when Kafka opened it, or adopted from the last tier. */
  public final LongAdder adoptions = new LongAdder();

  /** Keys renamed because Kafka renamed a segment or its partition directory. */
  public final LongAdder renames = new LongAdder();

  /** Keys deleted because Kafka deleted a segment. */
  public final LongAdder deletes = new LongAdder();

  /** Orphan keys renamed onto the anchor Kafka had renamed without the adapter. */
  public final LongAdder sweepRenames = new LongAdder();

  /**
   * Orphan keys deleted: in a partition directory Kafka deleted on purpose, or a stale reservation.
   */
  public final LongAdder sweepDeletes = new LongAdder();

  /** Completed reconcile passes. */
  public final LongAdder sweeps = new LongAdder();
}
