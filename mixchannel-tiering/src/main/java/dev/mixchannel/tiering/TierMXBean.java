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
   * Allocation units this tier freed and has not made ready for reuse yet: a PMem tier's free
   * extents its scrubber has still to zero ({@link
   * dev.mixchannel.api.StorageTier#scrubBacklogUnits()}); 0 for a file tier.
   *
   * @return the count
   */
  long getScrubBacklogUnits();

  /**
   * The last error recorded for this tier.
   *
   * @return its message, or an empty string when there was none
   */
  String getLastError();
}
