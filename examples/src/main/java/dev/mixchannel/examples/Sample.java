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
package dev.mixchannel.examples;

import dev.mixchannel.tiering.MixChannelStats;
import dev.mixchannel.tiering.TierStats;

/**
 * One observation of the demo, taken by the {@link Monitor}.
 *
 * @param elapsedNanos time since the demo started
 * @param pmemUsedBytes bytes the PMem tier holds
 * @param pmemCapacityBytes the PMem tier's capacity
 * @param pmemSegments keys on the PMem tier
 * @param diskUsedBytes bytes the disk tier holds
 * @param diskSegments keys on the disk tier
 * @param migrationsDown completed demotions, spills included
 * @param migrationsUp completed promotions
 * @param spills keys moved inside a write because the PMem tier was full
 * @param producedBytes bytes the producer appended
 * @param consumedBytes bytes the consumer read back
 * @param checksumFailures records whose checksum did not match
 */
record Sample(
    long elapsedNanos,
    long pmemUsedBytes,
    long pmemCapacityBytes,
    long pmemSegments,
    long diskUsedBytes,
    long diskSegments,
    long migrationsDown,
    long migrationsUp,
    long spills,
    long producedBytes,
    long consumedBytes,
    long checksumFailures) {

  /**
   * Takes an observation of the demo's tier manager, producer and consumer.
   *
   * @param elapsedNanos time since the demo started
   * @param stats the tier manager's statistics (tiers {@code pmem} and {@code disk})
   * @param producer the producer
   * @param consumer the consumer
   * @return the sample
   */
  static Sample of(long elapsedNanos, MixChannelStats stats, Producer producer, Consumer consumer) {
    TierStats pmem = stats.tier("pmem");
    TierStats disk = stats.tier("disk");
    return new Sample(
        elapsedNanos,
        pmem.usedBytes(),
        pmem.capacityBytes(),
        pmem.keyCount(),
        disk.usedBytes(),
        disk.keyCount(),
        stats.migrationsDown(),
        stats.migrationsUp(),
        stats.spills(),
        producer.bytes(),
        consumer.bytes(),
        consumer.checksumFailures());
  }

  /**
   * The used fraction of the PMem tier.
   *
   * @return from 0 to 1 (above 1 never happens on a PMem tier)
   */
  double pmemFraction() {
    return pmemCapacityBytes <= 0 ? 0 : (double) pmemUsedBytes / pmemCapacityBytes;
  }
}
