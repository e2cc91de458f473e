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
   * Segments demoted into their own file before a reader read them by path (Kafka tiered storage).
   *
   * @return the count
   */
  long getDemotionsForReaders();

  /**
   * Orphan keys put in quarantine (their file gone while their log dir answered).
   *
   * @return the count
   */
  long getSweepQuarantines();

  /**
   * The quarantined keys with their tiers.
   *
   * @return lines {@code <tier name> <quarantined key>}; the key is {@code ~quarantine/<since
   *     millis>/<original key>}
   */
  String[] getQuarantinedKeys();

  /**
   * How many keys are in quarantine: the number of {@link #getQuarantinedKeys()}, for dashboards.
   *
   * @return the count
   */
  long getQuarantinedKeyCount();

  /**
   * How many log dirs the adapter serves: the number of {@link #getLogDirs()}, for dashboards.
   *
   * @return the count
   */
  long getLogDirCount();

  /**
   * The bytes the fast tiers (every tier but the log dirs) may hold together. Kafka's {@code
   * DescribeLogDirs} describes the log dirs' file systems, which hold the cold segments.
   *
   * @return bytes
   */
  long getFastTierCapacityBytes();

  /**
   * The bytes the fast tiers have free together.
   *
   * @return bytes
   */
  long getFastTierFreeBytes();

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
