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
package dev.mixchannel.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Writes a {@link MixChannelConfig} as {@code mixchannel.*} properties, the inverse of {@link
 * ConfigParser}: {@code ConfigParser.parse(ConfigWriter.write(c))} equals {@code c}.
 */
final class ConfigWriter {

  private ConfigWriter() {}

  /**
   * The configuration as properties of this project's family.
   *
   * @param config the configuration
   * @return new properties
   */
  static Properties write(MixChannelConfig config) {
    Properties p = new Properties();
    List<String> names = new ArrayList<>();
    for (TierConfig tier : config.tiers()) {
      names.add(tier.name());
      String prefix = ConfigKeys.TIER_PREFIX + tier.name();
      p.setProperty(prefix + ConfigKeys.TIER_KIND, tier.kind().name());
      List<String> paths = new ArrayList<>();
      tier.paths().forEach(path -> paths.add(path.toString()));
      p.setProperty(prefix + ConfigKeys.TIER_PATHS, String.join(",", paths));
      p.setProperty(prefix + ConfigKeys.TIER_CAPACITY, Long.toString(tier.capacityBytes()));
      if (tier.provider() != null) {
        p.setProperty(prefix + ConfigKeys.TIER_PROVIDER, tier.provider());
      }
    }
    p.setProperty(ConfigKeys.TIERS, String.join(",", names));
    if (config.migrationEnabled()) {
      p.setProperty(ConfigKeys.MIGRATE_HIGH_WATERMARK, Double.toString(config.highWatermark()));
      p.setProperty(ConfigKeys.MIGRATE_LOW_WATERMARK, Double.toString(config.lowWatermark()));
    } else {
      p.setProperty(ConfigKeys.MIGRATE_THRESHOLD, "-1");
    }
    p.setProperty(ConfigKeys.MIGRATE_THREADS, Integer.toString(config.migrationThreads()));
    p.setProperty(ConfigKeys.MIGRATE_RATE, Long.toString(config.migrationRateBytesPerSecond()));
    p.setProperty(ConfigKeys.MIGRATE_IDLE_MS, Long.toString(config.idleMillis()));
    p.setProperty(ConfigKeys.MIGRATE_INTERVAL_MS, Long.toString(config.intervalMillis()));
    p.setProperty(ConfigKeys.PMEM_EXTENT_SIZE, Long.toString(config.pmemExtentSizeBytes()));
    p.setProperty(ConfigKeys.PMEM_BACKEND, config.pmemBackend().name().toLowerCase(Locale.ROOT));
    p.setProperty(ConfigKeys.PMEM_PRETOUCH, Boolean.toString(config.pmemPretouch()));
    if (config.pmemPretouchFraction() != 1.0) {
      p.setProperty(
          ConfigKeys.PMEM_PRETOUCH_FRACTION, Double.toString(config.pmemPretouchFraction()));
    }
    return p;
  }
}
