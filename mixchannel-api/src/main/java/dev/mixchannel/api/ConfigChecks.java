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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The validation rules of a {@link MixChannelConfig}, each written once: the builder and the
 * properties parser both call them, so an error names the same property and expectation whichever
 * way the configuration was made. Every check throws an {@link InvalidConfigException} naming the
 * property, the bad value and what was expected.
 */
final class ConfigChecks {

  private static final Pattern TIER_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private ConfigChecks() {}

  /**
   * Whether a tier name is made of letters, digits, {@code _} or {@code -} (1 to 64 of them).
   *
   * @param name the name, may be null
   * @return whether it is a valid tier name
   */
  static boolean isTierName(String name) {
    return name != null && TIER_NAME.matcher(name).matches();
  }

  /**
   * The tiers: at least one, valid unique names, a kind each, listed fastest first, and no path of
   * one inside (or containing) another's.
   *
   * @param tiers the tiers as added
   */
  static void tiers(List<TierConfig> tiers) {
    if (tiers.isEmpty()) {
      throw new InvalidConfigException(
          ConfigKeys.TIERS, null, "at least one tier name, fastest first (e.g. pmem,hdd)");
    }
    Set<String> names = new HashSet<>();
    List<Path> seen = new ArrayList<>();
    TierKind previous = null;
    for (TierConfig tier : tiers) {
      String prefix = ConfigKeys.TIER_PREFIX + tier.name();
      if (!isTierName(tier.name())) {
        throw new InvalidConfigException(
            ConfigKeys.TIERS, tier.name(), "tier names of letters, digits, '_' or '-'");
      }
      if (!names.add(tier.name())) {
        throw new InvalidConfigException(ConfigKeys.TIERS, tier.name(), "unique tier names");
      }
      if (tier.kind() == null) {
        throw new InvalidConfigException(
            prefix + ConfigKeys.TIER_KIND, null, "one of PMEM, NVME, SSD, HDD");
      }
      if (previous != null && tier.kind().compareTo(previous) < 0) {
        throw outOfOrder(tiers, tier, previous);
      }
      previous = tier.kind();
      for (Path path : tier.paths()) {
        noClash(prefix + ConfigKeys.TIER_PATHS, path, path, seen);
      }
    }
  }

  /**
   * Adds a tier directory to those seen, refusing one that contains or lies in another.
   *
   * @param property the property that names it
   * @param given the directory as configured, for the message
   * @param path the directory, absolute and normalized
   * @param seen the directories seen so far, absolute and normalized; {@code path} is added
   */
  static void noClash(String property, Path given, Path path, List<Path> seen) {
    for (Path other : seen) {
      if (path.startsWith(other) || other.startsWith(path)) {
        throw new InvalidConfigException(
            property,
            given.toString(),
            "a directory no other tier path contains or lies in (clashes with " + other + ")");
      }
    }
    seen.add(path);
  }

  private static InvalidConfigException outOfOrder(
      List<TierConfig> tiers, TierConfig tier, TierKind previous) {
    List<String> order = new ArrayList<>();
    tiers.forEach(t -> order.add(t.name() + "=" + t.kind()));
    return new InvalidConfigException(
        ConfigKeys.TIERS,
        String.join(",", order),
        "tiers listed fastest first (PMEM, NVME, SSD, HDD): "
            + tier.name()
            + " comes after a "
            + previous
            + " tier");
  }

  /**
   * The migration threshold: a fraction from 0 to 1, or -1 for none.
   *
   * @param threshold the threshold
   */
  static void threshold(double threshold) {
    if (threshold != -1 && !(threshold >= 0 && threshold <= 1)) {
      throw bad(ConfigKeys.MIGRATE_THRESHOLD, threshold, "a fraction from 0 to 1, or -1 for none");
    }
  }

  /**
   * The watermarks: the high one a fraction from 0 to 1, the low one from 0 to the high one.
   *
   * @param high the high watermark
   * @param low the low watermark
   */
  static void watermarks(double high, double low) {
    if (!(high >= 0 && high <= 1)) {
      throw bad(ConfigKeys.MIGRATE_HIGH_WATERMARK, high, "a fraction from 0 to 1");
    }
    if (!(low >= 0 && low <= high)) {
      throw bad(
          ConfigKeys.MIGRATE_LOW_WATERMARK, low, "a fraction from 0 to the high watermark " + high);
    }
  }

  /**
   * The migrator's settings.
   *
   * @param threads copy workers, from 1 to {@value ConfigKeys#MAX_THREADS}
   * @param rateBytesPerSecond a positive rate, or -1 for none
   * @param idleMillis {@code >= 0}
   * @param intervalMillis {@code > 0}
   */
  static void migration(
      int threads, long rateBytesPerSecond, long idleMillis, long intervalMillis) {
    if (threads < 1 || threads > ConfigKeys.MAX_THREADS) {
      throw bad(
          ConfigKeys.MIGRATE_THREADS, threads, "an integer from 1 to " + ConfigKeys.MAX_THREADS);
    }
    if (rateBytesPerSecond != -1 && rateBytesPerSecond <= 0) {
      throw bad(ConfigKeys.MIGRATE_RATE, rateBytesPerSecond, "a positive byte rate, or -1");
    }
    if (idleMillis < 0) {
      throw bad(ConfigKeys.MIGRATE_IDLE_MS, idleMillis, "milliseconds >= 0");
    }
    if (intervalMillis <= 0) {
      throw bad(ConfigKeys.MIGRATE_INTERVAL_MS, intervalMillis, "milliseconds > 0");
    }
  }

  /**
   * The PMem settings.
   *
   * @param extentSizeBytes a power of two from 1 MiB to 256 MiB
   * @param backend not null
   * @param pretouchFraction a fraction in {@code (0, 1]}
   */
  static void pmem(long extentSizeBytes, PmemBackend backend, double pretouchFraction) {
    if (Long.bitCount(extentSizeBytes) != 1
        || extentSizeBytes < ConfigKeys.MIN_EXTENT_SIZE_BYTES
        || extentSizeBytes > ConfigKeys.MAX_EXTENT_SIZE_BYTES) {
      throw bad(ConfigKeys.PMEM_EXTENT_SIZE, extentSizeBytes, "a power of two from 1m to 256m");
    }
    if (backend == null) {
      throw new InvalidConfigException(ConfigKeys.PMEM_BACKEND, null, "auto, llpl or jdk");
    }
    if (!(pretouchFraction > 0 && pretouchFraction <= 1)) {
      throw bad(ConfigKeys.PMEM_PRETOUCH_FRACTION, pretouchFraction, "a fraction in (0, 1]");
    }
  }

  private static InvalidConfigException bad(String key, double value, String expected) {
    return new InvalidConfigException(key, Sizes.formatNumber(value), expected);
  }
}
