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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The migration settings an operator may change while the manager runs (over JMX: {@code
 * dev.mixchannel.tiering.TierManagerMXBean}): the watermarks, the copy rate and the copy threads.
 * They start as the configuration says; a change is checked by the configuration's own rules (a
 * configuration is built with the new values, so a bad one fails with the same {@link
 * InvalidConfigException}, naming the property), applied, and logged. Readers see one consistent
 * set of values. Thread-safe.
 */
final class MigrationSettings {
  private static final Logger LOG = LoggerFactory.getLogger(MigrationSettings.class);

  /** One set of values. */
  record Values(
      boolean migrationEnabled,
      double highWatermark,
      double lowWatermark,
      long rateBytesPerSecond,
      int threads) {

    /** These values with both watermarks at a threshold, or migration off for {@code -1}. */
    Values withThreshold(double threshold) {
      return threshold == -1
          ? new Values(false, highWatermark, lowWatermark, rateBytesPerSecond, threads)
          : new Values(true, threshold, threshold, rateBytesPerSecond, threads);
    }

    Values withWatermarks(double high, double low) {
      return new Values(migrationEnabled, high, low, rateBytesPerSecond, threads);
    }

    Values withRate(long bytesPerSecond) {
      return new Values(migrationEnabled, highWatermark, lowWatermark, bytesPerSecond, threads);
    }

    Values withThreads(int count) {
      return new Values(migrationEnabled, highWatermark, lowWatermark, rateBytesPerSecond, count);
    }
  }

  private final MixChannelConfig base;
  private volatile Values values;

  MigrationSettings(MixChannelConfig config) {
    this.base = config;
    this.values =
        new Values(
            config.migrationEnabled(),
            config.highWatermark(),
            config.lowWatermark(),
            config.migrationRateBytesPerSecond(),
            config.migrationThreads());
  }

  Values values() {
    return values;
  }

  /**
   * Checks and takes new values; logs the change.
   *
   * @param next the values wanted
   * @return the values now in force
   * @throws InvalidConfigException when the configuration's rules refuse them
   */
  synchronized Values change(Values next) {
    MixChannelConfig.Builder check =
        MixChannelConfig.builder()
            .migrationThreshold(next.migrationEnabled() ? next.highWatermark() : -1)
            .highWatermark(next.highWatermark())
            .lowWatermark(next.lowWatermark())
            .migrationRateBytesPerSecond(next.rateBytesPerSecond())
            .migrationThreads(next.threads());
    for (TierConfig tier : base.tiers()) {
      check.tier(tier);
    }
    MixChannelConfig checked = check.build();
    Values taken =
        new Values(
            checked.migrationEnabled(),
            checked.highWatermark(),
            checked.lowWatermark(),
            checked.migrationRateBytesPerSecond(),
            checked.migrationThreads());
    Values before = values;
    values = taken;
    LOG.info("migration settings changed at run time: from {} to {}", before, taken);
    return taken;
  }
}
