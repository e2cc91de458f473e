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

import java.util.List;

/**
 * The property keys {@link MixChannelConfig#fromProperties} reads, in two families that may not be
 * mixed: {@code mixchannel.*} (N tiers) and Pafka's keys (two tiers named {@code first} and {@code
 * second}), so a Pafka {@code server.properties} works unchanged.
 */
public final class ConfigKeys {

  /** Comma-separated tier names, fastest first. */
  public static final String TIERS = "mixchannel.tiers";

  /** Prefix of the per-tier keys: {@code mixchannel.tier.<name>.kind|paths|capacity|provider}. */
  public static final String TIER_PREFIX = "mixchannel.tier.";

  /** Suffix of a tier's kind key. */
  public static final String TIER_KIND = ".kind";

  /** Suffix of a tier's paths key. */
  public static final String TIER_PATHS = ".paths";

  /** Suffix of a tier's capacity key. */
  public static final String TIER_CAPACITY = ".capacity";

  /** Suffix of a tier's provider key: the {@link TierProvider} that opens it. */
  public static final String TIER_PROVIDER = ".provider";

  /** Sets both watermarks; {@code -1} turns migration off. */
  public static final String MIGRATE_THRESHOLD = "mixchannel.migrate.threshold";

  /** Used fraction above which a tier demotes. */
  public static final String MIGRATE_HIGH_WATERMARK = "mixchannel.migrate.high.watermark";

  /** Used fraction below which a tier promotes, and down to which it demotes. */
  public static final String MIGRATE_LOW_WATERMARK = "mixchannel.migrate.low.watermark";

  /** Copy worker threads. */
  public static final String MIGRATE_THREADS = "mixchannel.migrate.threads";

  /** Migration copy rate limit in bytes per second, {@code -1} for none. */
  public static final String MIGRATE_RATE = "mixchannel.migrate.rate.bytes.per.sec";

  /** Milliseconds without a write after which a channel counts as sealed. */
  public static final String MIGRATE_IDLE_MS = "mixchannel.migrate.idle.ms";

  /** Milliseconds between two runs of the migration policy. */
  public static final String MIGRATE_INTERVAL_MS = "mixchannel.migrate.interval.ms";

  /** PMem extent size: a power of two from 1m to 256m. */
  public static final String PMEM_EXTENT_SIZE = "mixchannel.pmem.extent.size";

  /** PMem backend: auto, llpl or jdk. */
  public static final String PMEM_BACKEND = "mixchannel.pmem.backend";

  /**
   * Whether the never-used extents of a new pool are pre-touched in the background (a reopened
   * pool's free extents are zeroed and touched regardless).
   */
  public static final String PMEM_PRETOUCH = "mixchannel.pmem.pretouch";

  /** The fraction of a new pool's data area to pre-touch. */
  public static final String PMEM_PRETOUCH_FRACTION = "mixchannel.pmem.pretouch.fraction";

  /** Pafka: the kinds of the two tiers, such as {@code PMEM,HDD}. */
  public static final String PAFKA_TIER_TYPES = "storage.tiers.types";

  /** Pafka: the first tier's directories. */
  public static final String PAFKA_FIRST_PATHS = "storage.tiers.first.paths";

  /** Pafka: the first tier's capacity per directory, or {@code -1}. */
  public static final String PAFKA_FIRST_SIZES = "storage.tiers.first.sizes";

  /** Pafka: the second tier's directories. */
  public static final String PAFKA_SECOND_PATHS = "storage.tiers.second.paths";

  /** Pafka: the migration threshold, {@code -1} for none. */
  public static final String PAFKA_MIGRATE_THRESHOLD = "storage.migrate.threshold";

  /** Pafka: the migration threads. */
  public static final String PAFKA_MIGRATE_THREADS = "storage.migrate.threads";

  /** Pafka: the fraction of a new PMem pool to pre-touch. */
  public static final String PAFKA_POOL_RATIO = "log.pmem.pool.ratio";

  /** Default of {@link #MIGRATE_THRESHOLD} (Pafka's default too). */
  public static final double DEFAULT_THRESHOLD = 0.5;

  /** Default of {@link #MIGRATE_THREADS}. */
  public static final int DEFAULT_THREADS = 1;

  /** Default of {@link #MIGRATE_RATE}: unlimited. */
  public static final long DEFAULT_RATE_BYTES_PER_SECOND = -1;

  /** Default of {@link #MIGRATE_IDLE_MS}: one minute. */
  public static final long DEFAULT_IDLE_MILLIS = 60_000;

  /** Default of {@link #MIGRATE_INTERVAL_MS}. */
  public static final long DEFAULT_INTERVAL_MILLIS = 1_000;

  /** Default of {@link #PMEM_EXTENT_SIZE}: 4 MiB. */
  public static final long DEFAULT_EXTENT_SIZE_BYTES = 4L << 20;

  /** Smallest {@link #PMEM_EXTENT_SIZE}: 1 MiB. */
  public static final long MIN_EXTENT_SIZE_BYTES = 1L << 20;

  /** Largest {@link #PMEM_EXTENT_SIZE}: 256 MiB. */
  public static final long MAX_EXTENT_SIZE_BYTES = 256L << 20;

  /** Default of {@link #PAFKA_POOL_RATIO} when the Pafka family is used. */
  public static final double DEFAULT_PAFKA_POOL_RATIO = 0.8;

  /** Largest {@link #MIGRATE_THREADS}. */
  public static final int MAX_THREADS = 64;

  /** Every key with its default and meaning, in the order the README lists them. */
  public static final List<ConfigKey> ALL =
      List.of(
          new ConfigKey(TIERS, "(required)", "Tier names, fastest first, comma-separated.", false),
          new ConfigKey(
              "mixchannel.tier.<name>.kind",
              "the name, when it is a kind",
              "PMEM, NVME, SSD or HDD; tiers must be listed fastest first.",
              false),
          new ConfigKey(
              "mixchannel.tier.<name>.paths",
              "(required)",
              "Directories of the tier, comma-separated; a PMem tier keeps one pool file in each.",
              false),
          new ConfigKey(
              "mixchannel.tier.<name>.capacity",
              "-1",
              "Bytes the tier may hold (suffixes k, m, g, t: powers of 1024), or -1 for the free"
                  + " space of its file systems.",
              false),
          new ConfigKey(
              "mixchannel.tier.<name>.provider",
              "pmem for PMEM, file for the others",
              "The TierProvider that opens the tier: a built-in one or one found with"
                  + " java.util.ServiceLoader (see Plugging a tier of your own).",
              false),
          new ConfigKey(
              MIGRATE_THRESHOLD,
              "0.5",
              "Sets both watermarks: the used fraction each tier is kept at; -1 turns migration"
                  + " off.",
              false),
          new ConfigKey(
              MIGRATE_HIGH_WATERMARK,
              "the threshold",
              "Above this used fraction a tier demotes its oldest sealed channels.",
              false),
          new ConfigKey(
              MIGRATE_LOW_WATERMARK,
              "the threshold",
              "Demotion stops at this used fraction; below it the tier promotes the newest"
                  + " channels of the next tier that fit.",
              false),
          new ConfigKey(MIGRATE_THREADS, "1", "Copy worker threads (1 to 64).", false),
          new ConfigKey(
              MIGRATE_RATE,
              "-1",
              "Migration copy rate limit in bytes per second (suffixes allowed), -1 for none.",
              false),
          new ConfigKey(
              MIGRATE_IDLE_MS,
              "60000",
              "A channel not written for this long counts as sealed (eligible for demotion).",
              false),
          new ConfigKey(
              MIGRATE_INTERVAL_MS, "1000", "Milliseconds between two policy runs.", false),
          new ConfigKey(
              PMEM_EXTENT_SIZE,
              "4m",
              "Size of a PMem extent, the unit a channel grows by: a power of two from 1m to 256m.",
              false),
          new ConfigKey(
              PMEM_BACKEND,
              "auto",
              "auto (LLPL when libpmem loads, else JDK), llpl or jdk.",
              false),
          new ConfigKey(
              PMEM_PRETOUCH,
              "true",
              "Pre-touch the never-used extents of a new pool in the background, so writes never"
                  + " page-fault. The free extents of a reopened pool are zeroed and touched in the"
                  + " background either way.",
              false),
          new ConfigKey(
              PMEM_PRETOUCH_FRACTION,
              "1.0",
              "Fraction of a new pool's data area that is pre-touched, in (0, 1].",
              false),
          new ConfigKey(
              PAFKA_TIER_TYPES,
              "PMEM,HDD",
              "Kinds of the tiers named first and second (one or two entries).",
              true),
          new ConfigKey(PAFKA_FIRST_PATHS, "(required)", "Directories of the first tier.", true),
          new ConfigKey(
              PAFKA_FIRST_SIZES,
              "-1",
              "Capacity of each first-tier directory in bytes (one value, or one per path); -1"
                  + " for the free space.",
              true),
          new ConfigKey(
              PAFKA_SECOND_PATHS,
              "(required with two types)",
              "Directories of the second tier; its capacity is the free space.",
              true),
          new ConfigKey(
              PAFKA_MIGRATE_THRESHOLD,
              "0.5",
              "High and low watermark of the first tier; -1 turns migration off.",
              true),
          new ConfigKey(PAFKA_MIGRATE_THREADS, "1", "Copy worker threads.", true),
          new ConfigKey(
              PAFKA_POOL_RATIO,
              "0.8",
              "Fraction of a new PMem pool pre-touched in the background.",
              true));

  private ConfigKeys() {}
}
