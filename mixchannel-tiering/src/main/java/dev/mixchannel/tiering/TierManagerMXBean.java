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
 * JMX view of a tier manager, registered as {@code dev.mixchannel:type=TierManager,name=<id>}.
 * Attributes are read without blocking I/O.
 *
 * <p>The migration settings can be changed while the manager runs: {@link #setMigrationThreshold},
 * {@link #setWatermarks}, {@link #setMigrationRateBytesPerSecond} and {@link #setMigrationThreads}.
 * A change is checked by the configuration's rules (a bad value throws {@code
 * dev.mixchannel.api.InvalidConfigException}, an {@link IllegalArgumentException}, naming the
 * property) and changes nothing then; a good one is logged at INFO, takes effect for the next
 * policy round and the next copy chunk, and shows in these attributes, in {@code TierStats} and in
 * the metrics. It lasts until the manager closes: the configuration file is not rewritten.
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

  /**
   * Whether background migration runs ({@code mixchannel.migrate.threshold} not {@code -1}).
   *
   * @return whether it runs
   */
  boolean isMigrationEnabled();

  /**
   * The used fraction above which a tier demotes ({@code mixchannel.migrate.high.watermark}).
   *
   * @return the fraction
   */
  double getHighWatermark();

  /**
   * The used fraction demotion stops at ({@code mixchannel.migrate.low.watermark}).
   *
   * @return the fraction
   */
  double getLowWatermark();

  /**
   * The copy rate limit ({@code mixchannel.migrate.rate.bytes.per.sec}).
   *
   * @return bytes per second, or {@code -1} for none
   */
  long getMigrationRateBytesPerSecond();

  /**
   * The copy threads ({@code mixchannel.migrate.threads}).
   *
   * @return the number of threads
   */
  int getMigrationThreads();

  /**
   * Migrations queued or running.
   *
   * @return the count
   */
  long getPendingMigrations();

  /**
   * Sets both watermarks to a threshold, or turns migration off with {@code -1}, as {@code
   * mixchannel.migrate.threshold} does. Turning migration on is refused when it was off when the
   * manager opened (no policy thread runs then).
   *
   * @param threshold a fraction in {@code [0, 1]}, or {@code -1}
   * @throws IllegalArgumentException for a bad value ({@code InvalidConfigException} names the
   *     property)
   */
  void setMigrationThreshold(double threshold);

  /**
   * Sets the watermarks, as {@code mixchannel.migrate.high.watermark} and {@code
   * mixchannel.migrate.low.watermark} do.
   *
   * @param high a fraction in {@code [0, 1]}
   * @param low a fraction in {@code [0, high]}
   * @throws IllegalArgumentException for bad values
   */
  void setWatermarks(double high, double low);

  /**
   * Sets the copy rate limit, as {@code mixchannel.migrate.rate.bytes.per.sec} does.
   *
   * @param bytesPerSecond a positive rate, or {@code -1} for none
   * @throws IllegalArgumentException for a bad value
   */
  void setMigrationRateBytesPerSecond(long bytesPerSecond);

  /**
   * Sets the number of copy threads, as {@code mixchannel.migrate.threads} does.
   *
   * @param threads from 1 to 64
   * @throws IllegalArgumentException for a bad value
   */
  void setMigrationThreads(int threads);
}
