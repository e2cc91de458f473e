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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns properties of either family into a {@link MixChannelConfig}. Errors name the key the user
 * wrote, in the family the user wrote it in.
 */
final class ConfigParser {

  private static final String PAFKA_FIRST = "first";
  private static final String PAFKA_SECOND = "second";

  /** Builder property names mapped to the Pafka key that sets them. */
  private static final Map<String, String> PAFKA_NAMES =
      Map.ofEntries(
          Map.entry(ConfigKeys.TIERS, ConfigKeys.PAFKA_TIER_TYPES),
          Map.entry(ConfigKeys.MIGRATE_THRESHOLD, ConfigKeys.PAFKA_MIGRATE_THRESHOLD),
          Map.entry(ConfigKeys.MIGRATE_HIGH_WATERMARK, ConfigKeys.PAFKA_MIGRATE_THRESHOLD),
          Map.entry(ConfigKeys.MIGRATE_LOW_WATERMARK, ConfigKeys.PAFKA_MIGRATE_THRESHOLD),
          Map.entry(ConfigKeys.MIGRATE_THREADS, ConfigKeys.PAFKA_MIGRATE_THREADS),
          Map.entry(ConfigKeys.PMEM_PRETOUCH_FRACTION, ConfigKeys.PAFKA_POOL_RATIO),
          Map.entry(tierKey(PAFKA_FIRST, ConfigKeys.TIER_PATHS), ConfigKeys.PAFKA_FIRST_PATHS),
          Map.entry(tierKey(PAFKA_FIRST, ConfigKeys.TIER_CAPACITY), ConfigKeys.PAFKA_FIRST_SIZES),
          Map.entry(tierKey(PAFKA_SECOND, ConfigKeys.TIER_PATHS), ConfigKeys.PAFKA_SECOND_PATHS),
          Map.entry(tierKey(PAFKA_FIRST, ConfigKeys.TIER_KIND), ConfigKeys.PAFKA_TIER_TYPES),
          Map.entry(tierKey(PAFKA_SECOND, ConfigKeys.TIER_KIND), ConfigKeys.PAFKA_TIER_TYPES));

  private ConfigParser() {}

  /**
   * Parses properties of either family.
   *
   * @param properties the properties
   * @return the validated configuration
   * @throws InvalidConfigException for a missing, unknown or bad value, or mixed families
   */
  public static MixChannelConfig parse(Properties properties) {
    String ours = null;
    String pafka = null;
    Set<String> pafkaKeys = new TreeSet<>();
    for (ConfigKey key : ConfigKeys.ALL) {
      if (key.pafka()) {
        pafkaKeys.add(key.key());
      }
    }
    for (String name : new TreeSet<>(properties.stringPropertyNames())) {
      if (name.startsWith("mixchannel.") && ours == null) {
        ours = name;
      } else if (pafkaKeys.contains(name) && pafka == null) {
        pafka = name;
      }
    }
    if (ours != null && pafka != null) {
      throw new InvalidConfigException(
          pafka,
          properties.getProperty(pafka),
          "keys of one family only: this Pafka key is mixed with " + ours);
    }
    if (pafka != null) {
      return parsePafka(properties);
    }
    return parseOurs(properties);
  }

  private static MixChannelConfig parseOurs(Properties p) {
    MixChannelConfig.Builder b = MixChannelConfig.builder();
    Set<String> known = new TreeSet<>();
    String tiersText = p.getProperty(ConfigKeys.TIERS);
    if (tiersText == null || tiersText.isBlank()) {
      throw new InvalidConfigException(
          ConfigKeys.TIERS, tiersText, "at least one tier name, fastest first (e.g. pmem,hdd)");
    }
    known.add(ConfigKeys.TIERS);
    Set<String> names = new TreeSet<>();
    for (String name : list(tiersText)) {
      if (!ConfigChecks.isTierName(name) || !names.add(name)) {
        throw new InvalidConfigException(
            ConfigKeys.TIERS,
            tiersText,
            "unique tier names of letters, digits, '_' or '-', fastest first");
      }
    }
    for (String name : list(tiersText)) {
      String prefix = ConfigKeys.TIER_PREFIX + name;
      String kindKey = prefix + ConfigKeys.TIER_KIND;
      String pathsKey = prefix + ConfigKeys.TIER_PATHS;
      String capacityKey = prefix + ConfigKeys.TIER_CAPACITY;
      String providerKey = prefix + ConfigKeys.TIER_PROVIDER;
      known.add(kindKey);
      known.add(pathsKey);
      known.add(capacityKey);
      known.add(providerKey);
      String kindText = p.getProperty(kindKey);
      TierKind kind;
      if (kindText == null) {
        kind = kindNamed(name);
        if (kind == null) {
          throw new InvalidConfigException(
              kindKey, null, "one of PMEM, NVME, SSD, HDD (required when the name is no kind)");
        }
      } else {
        kind = kind(kindKey, kindText);
      }
      String pathsText = p.getProperty(pathsKey);
      if (pathsText == null || list(pathsText).isEmpty()) {
        throw new InvalidConfigException(pathsKey, pathsText, "at least one directory");
      }
      long capacity = size(capacityKey, p.getProperty(capacityKey, "-1"));
      String provider = p.getProperty(providerKey);
      b.tier(
          new TierConfig(
              name,
              kind,
              List.of(paths(pathsKey, pathsText)),
              capacity,
              provider == null ? null : provider.trim()));
    }
    String threshold = take(p, known, ConfigKeys.MIGRATE_THRESHOLD);
    if (threshold != null) {
      b.migrationThreshold(fraction(ConfigKeys.MIGRATE_THRESHOLD, threshold, true));
    }
    String high = take(p, known, ConfigKeys.MIGRATE_HIGH_WATERMARK);
    if (high != null) {
      b.highWatermark(fraction(ConfigKeys.MIGRATE_HIGH_WATERMARK, high, false));
    }
    String low = take(p, known, ConfigKeys.MIGRATE_LOW_WATERMARK);
    if (low != null) {
      b.lowWatermark(fraction(ConfigKeys.MIGRATE_LOW_WATERMARK, low, false));
    }
    String threads = take(p, known, ConfigKeys.MIGRATE_THREADS);
    if (threads != null) {
      b.migrationThreads(
          (int) integer(ConfigKeys.MIGRATE_THREADS, threads, "an integer from 1 to 64"));
    }
    String rate = take(p, known, ConfigKeys.MIGRATE_RATE);
    if (rate != null) {
      b.migrationRateBytesPerSecond(size(ConfigKeys.MIGRATE_RATE, rate));
    }
    String idle = take(p, known, ConfigKeys.MIGRATE_IDLE_MS);
    if (idle != null) {
      b.idleMillis(integer(ConfigKeys.MIGRATE_IDLE_MS, idle, "milliseconds >= 0"));
    }
    String interval = take(p, known, ConfigKeys.MIGRATE_INTERVAL_MS);
    if (interval != null) {
      b.intervalMillis(integer(ConfigKeys.MIGRATE_INTERVAL_MS, interval, "milliseconds > 0"));
    }
    String extent = take(p, known, ConfigKeys.PMEM_EXTENT_SIZE);
    if (extent != null) {
      b.pmemExtentSizeBytes(size(ConfigKeys.PMEM_EXTENT_SIZE, extent));
    }
    String backend = take(p, known, ConfigKeys.PMEM_BACKEND);
    if (backend != null) {
      b.pmemBackend(backend(backend));
    }
    String pretouch = take(p, known, ConfigKeys.PMEM_PRETOUCH);
    if (pretouch != null) {
      b.pmemPretouch(bool(ConfigKeys.PMEM_PRETOUCH, pretouch));
    }
    String fraction = take(p, known, ConfigKeys.PMEM_PRETOUCH_FRACTION);
    if (fraction != null) {
      b.pmemPretouchFraction(fraction(ConfigKeys.PMEM_PRETOUCH_FRACTION, fraction, false));
    }
    for (String name : new TreeSet<>(p.stringPropertyNames())) {
      if (name.startsWith("mixchannel.") && !known.contains(name)) {
        throw new InvalidConfigException(
            name, p.getProperty(name), "a known key (see ConfigKeys; tiers are " + tiersText + ")");
      }
    }
    return b.build();
  }

  private static MixChannelConfig parsePafka(Properties p) {
    MixChannelConfig.Builder b = MixChannelConfig.builder();
    String typesText = p.getProperty(ConfigKeys.PAFKA_TIER_TYPES, "PMEM,HDD");
    List<String> types = list(typesText);
    if (types.isEmpty() || types.size() > 2) {
      throw new InvalidConfigException(
          ConfigKeys.PAFKA_TIER_TYPES, typesText, "one or two of PMEM, NVME, SSD, HDD");
    }
    String firstPaths = p.getProperty(ConfigKeys.PAFKA_FIRST_PATHS);
    if (firstPaths == null || list(firstPaths).isEmpty()) {
      throw new InvalidConfigException(
          ConfigKeys.PAFKA_FIRST_PATHS, firstPaths, "at least one directory");
    }
    Path[] first = paths(ConfigKeys.PAFKA_FIRST_PATHS, firstPaths);
    String sizesText = p.getProperty(ConfigKeys.PAFKA_FIRST_SIZES, "-1");
    List<String> sizes = list(sizesText);
    if (sizes.size() != 1 && sizes.size() != first.length) {
      throw new InvalidConfigException(
          ConfigKeys.PAFKA_FIRST_SIZES,
          sizesText,
          "one size, or one per path of "
              + ConfigKeys.PAFKA_FIRST_PATHS
              + " ("
              + first.length
              + ")");
    }
    long capacity = 0;
    for (int i = 0; i < first.length; i++) {
      long size = size(ConfigKeys.PAFKA_FIRST_SIZES, sizes.get(sizes.size() == 1 ? 0 : i));
      capacity = (size == -1 || capacity == -1) ? -1 : Math.addExact(capacity, size);
    }
    b.tier(PAFKA_FIRST, kind(ConfigKeys.PAFKA_TIER_TYPES, types.get(0)), capacity, first);
    if (types.size() == 2) {
      String secondPaths = p.getProperty(ConfigKeys.PAFKA_SECOND_PATHS);
      if (secondPaths == null || list(secondPaths).isEmpty()) {
        throw new InvalidConfigException(
            ConfigKeys.PAFKA_SECOND_PATHS, secondPaths, "at least one directory (two tier types)");
      }
      b.tier(
          PAFKA_SECOND,
          kind(ConfigKeys.PAFKA_TIER_TYPES, types.get(1)),
          -1,
          paths(ConfigKeys.PAFKA_SECOND_PATHS, secondPaths));
    }
    String threshold = p.getProperty(ConfigKeys.PAFKA_MIGRATE_THRESHOLD);
    if (threshold != null) {
      b.migrationThreshold(fraction(ConfigKeys.PAFKA_MIGRATE_THRESHOLD, threshold, true));
    }
    String threads = p.getProperty(ConfigKeys.PAFKA_MIGRATE_THREADS);
    if (threads != null) {
      b.migrationThreads(
          (int) integer(ConfigKeys.PAFKA_MIGRATE_THREADS, threads, "an integer from 1 to 64"));
    }
    String ratio = p.getProperty(ConfigKeys.PAFKA_POOL_RATIO);
    b.pmemPretouchFraction(
        ratio == null
            ? ConfigKeys.DEFAULT_PAFKA_POOL_RATIO
            : fraction(ConfigKeys.PAFKA_POOL_RATIO, ratio, false));
    try {
      return b.build();
    } catch (InvalidConfigException e) {
      String key = PAFKA_NAMES.getOrDefault(e.property(), e.property());
      String expected = e.getMessage().substring(e.getMessage().indexOf(", expected ") + 11);
      throw new InvalidConfigException(key, e.value(), expected);
    }
  }

  private static String tierKey(String tier, String suffix) {
    return ConfigKeys.TIER_PREFIX + tier + suffix;
  }

  private static String take(Properties p, Set<String> known, String key) {
    known.add(key);
    return p.getProperty(key);
  }

  private static List<String> list(String text) {
    List<String> out = new ArrayList<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        out.add(part.trim());
      }
    }
    return out;
  }

  private static Path[] paths(String key, String text) {
    List<String> parts = list(text);
    Path[] out = new Path[parts.size()];
    for (int i = 0; i < out.length; i++) {
      try {
        out[i] = Path.of(parts.get(i));
      } catch (RuntimeException e) {
        throw new InvalidConfigException(key, parts.get(i), "a directory path");
      }
    }
    return out;
  }

  private static TierKind kindNamed(String name) {
    for (TierKind kind : TierKind.values()) {
      if (kind.name().equalsIgnoreCase(name)) {
        return kind;
      }
    }
    return null;
  }

  private static TierKind kind(String key, String text) {
    TierKind kind = kindNamed(text.trim());
    if (kind == null) {
      throw new InvalidConfigException(key, text, "one of PMEM, NVME, SSD, HDD");
    }
    return kind;
  }

  private static long size(String key, String text) {
    try {
      return Sizes.parse(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidConfigException(
          key, text, "a byte size such as 1073741824, 512m or 64g, or -1");
    }
  }

  private static long integer(String key, String text, String expected) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new InvalidConfigException(key, text, expected);
    }
  }

  private static double fraction(String key, String text, boolean minusOneAllowed) {
    String expected =
        minusOneAllowed ? "a fraction from 0 to 1, or -1 for none" : "a fraction from 0 to 1";
    double value;
    try {
      value = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new InvalidConfigException(key, text, expected);
    }
    if (minusOneAllowed && value == -1) {
      return value;
    }
    if (!(value >= 0 && value <= 1)) {
      throw new InvalidConfigException(key, text, expected);
    }
    return value;
  }

  private static boolean bool(String key, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("true") || t.equals("false")) {
      return Boolean.parseBoolean(t);
    }
    throw new InvalidConfigException(key, text, "true or false");
  }

  private static PmemBackend backend(String text) {
    for (PmemBackend backend : PmemBackend.values()) {
      if (backend.name().equalsIgnoreCase(text.trim())) {
        return backend;
      }
    }
    throw new InvalidConfigException(ConfigKeys.PMEM_BACKEND, text, "auto, llpl or jdk");
  }
}
