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

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.PrefixedSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The adapter's settings, read from one properties file: the tiers ({@code mixchannel.*} or Pafka's
 * keys, see {@link MixChannelConfig#fromProperties}), the Kafka log dirs ({@code log.dirs} or
 * {@code log.dir}, plus {@code metadata.log.dir}) and the adapter's own {@code mixchannel.kafka.*}
 * keys. The file may be the broker's {@code server.properties}: every other key is ignored.
 * Immutable.
 *
 * @param source the file the settings came from
 * @param config the tier configuration
 * @param logDirs the configured log dirs, empty to learn them from the segment files
 * @param sweepIntervalMillis milliseconds between two orphan sweeps, 0 for none
 * @param shutdownWaitMillis how long the shutdown hook waits for Kafka's own shutdown before it
 *     closes the tiers
 * @param quarantineRetentionMillis how long a quarantined key is kept before it is deleted
 * @param logDirKind the medium of the log dirs (the last tier)
 * @param excludedTopics the topics whose segments Kafka keeps in its own files only
 * @param allowedKafkaVersion a Kafka version outside the tested range the agent runs on anyway
 *     ({@value #VERSION_ALLOW}), empty for none
 */
public record AdapterSettings(
    Path source,
    MixChannelConfig config,
    List<Path> logDirs,
    long sweepIntervalMillis,
    long shutdownWaitMillis,
    long quarantineRetentionMillis,
    TierKind logDirKind,
    Pattern excludedTopics,
    String allowedKafkaVersion) {

  /** Prefix of the adapter's own keys. */
  public static final String PREFIX = "mixchannel.kafka.";

  /** Milliseconds between two orphan sweeps; 0 turns the sweep off. */
  public static final String SWEEP_INTERVAL_MS = PREFIX + "sweep.interval.ms";

  /** Milliseconds the shutdown hook waits for Kafka's shutdown hook before closing the tiers. */
  public static final String SHUTDOWN_WAIT_MS = PREFIX + "shutdown.wait.ms";

  /** Milliseconds a quarantined key (an orphan) is kept before the sweep deletes it. */
  public static final String QUARANTINE_RETENTION_MS = PREFIX + "quarantine.retention.ms";

  /** The medium of the log dirs: HDD, SSD or NVME. */
  public static final String LOGDIR_KIND = PREFIX + "logdir.kind";

  /** A regular expression of topics whose segments stay in Kafka's own files only. */
  public static final String TOPICS_EXCLUDE = PREFIX + "topics.exclude";

  /**
   * A Kafka version outside the range the agent was tested on ({@link KafkaVersionCheck}) that the
   * agent runs on anyway: the exact version string Kafka reports, such as {@code 4.5.0}.
   */
  public static final String VERSION_ALLOW = PREFIX + "version.allow";

  /** The name of the last tier, the broker's log dirs. */
  public static final String LOGDIR_TIER = "logdir";

  /** Default of {@link #QUARANTINE_RETENTION_MS}: 7 days. */
  public static final long DEFAULT_QUARANTINE_RETENTION_MS = 7L * 24 * 3600 * 1000;

  /**
   * Default of {@link #TOPICS_EXCLUDE}: KRaft's metadata log, which gains nothing measurable on a
   * fast tier (its commits wait on the controller, not on the fsync: docs/benchmarks.md, Kafka) and
   * stays readable by path for {@code kafka-metadata-shell}. An empty value excludes nothing.
   */
  public static final String DEFAULT_TOPICS_EXCLUDE = "__cluster_metadata";

  private static final List<String> KEYS =
      List.of(
          SWEEP_INTERVAL_MS,
          SHUTDOWN_WAIT_MS,
          QUARANTINE_RETENTION_MS,
          LOGDIR_KIND,
          TOPICS_EXCLUDE,
          VERSION_ALLOW);

  /** Default of {@link #SWEEP_INTERVAL_MS}. */
  public static final long DEFAULT_SWEEP_INTERVAL_MS = 30_000;

  /** Default of {@link #SHUTDOWN_WAIT_MS}. */
  public static final long DEFAULT_SHUTDOWN_WAIT_MS = 120_000;

  /**
   * Copies the log dir list.
   *
   * @param source the file
   * @param config the tiers
   * @param logDirs the log dirs
   * @param sweepIntervalMillis the sweep period
   * @param shutdownWaitMillis the shutdown wait
   * @param quarantineRetentionMillis how long a quarantined key is kept
   * @param logDirKind the medium of the log dirs
   * @param excludedTopics the topics kept in Kafka's own files only
   * @param allowedKafkaVersion an untested Kafka version to run on anyway, empty for none
   */
  public AdapterSettings {
    logDirs = List.copyOf(logDirs);
  }

  /**
   * Reads and validates a settings file.
   *
   * @param file the properties file
   * @return the settings
   * @throws IOException when the file cannot be read
   * @throws InvalidConfigException for a bad value, or a log dir that clashes with a tier path
   */
  public static AdapterSettings load(Path file) throws IOException {
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      properties.load(in);
    }
    return parse(file, properties);
  }

  /**
   * Validates settings given as properties.
   *
   * @param source the file they came from, for messages
   * @param properties the properties
   * @return the settings
   * @throws InvalidConfigException for a bad value, or a log dir that clashes with a tier path
   */
  public static AdapterSettings parse(Path source, Properties properties) {
    PrefixedSettings own = PrefixedSettings.of(properties, PREFIX, KEYS);
    MixChannelConfig config = MixChannelConfig.fromProperties(own.others());
    List<Path> logDirs = new ArrayList<>();
    String dirs = properties.getProperty("log.dirs", properties.getProperty("log.dir"));
    if (dirs != null) {
      for (String dir : dirs.split(",")) {
        if (!dir.isBlank()) {
          logDirs.add(Path.of(dir.trim()));
        }
      }
    }
    String metadataDir = properties.getProperty("metadata.log.dir");
    if (metadataDir != null && !metadataDir.isBlank() && !logDirs.isEmpty()) {
      logDirs.add(Path.of(metadataDir.trim()));
    }
    long sweep = own.millis(SWEEP_INTERVAL_MS, DEFAULT_SWEEP_INTERVAL_MS);
    long wait = own.millis(SHUTDOWN_WAIT_MS, DEFAULT_SHUTDOWN_WAIT_MS);
    long retention = own.millis(QUARANTINE_RETENTION_MS, DEFAULT_QUARANTINE_RETENTION_MS);
    TierKind kind = logDirKind(properties);
    Pattern excluded = excludedTopics(properties);
    if (config.tiers().stream().anyMatch(t -> t.name().equals(LOGDIR_TIER))) {
      throw new InvalidConfigException(
          "mixchannel.tiers",
          LOGDIR_TIER,
          "tier names other than "
              + LOGDIR_TIER
              + ": the Kafka adapter adds the log dirs as the last tier of that name");
    }
    LogDirs.of(logDirs, config);
    String allowed = properties.getProperty(VERSION_ALLOW, "").trim();
    return new AdapterSettings(
        source, config, logDirs, sweep, wait, retention, kind, excluded, allowed);
  }

  private static TierKind logDirKind(Properties properties) {
    String text = properties.getProperty(LOGDIR_KIND, TierKind.HDD.name()).trim();
    try {
      TierKind kind = TierKind.valueOf(text.toUpperCase(java.util.Locale.ROOT));
      if (kind != TierKind.PMEM) {
        return kind;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new InvalidConfigException(LOGDIR_KIND, text, "HDD, SSD or NVME");
  }

  private static Pattern excludedTopics(Properties properties) {
    String text = properties.getProperty(TOPICS_EXCLUDE, DEFAULT_TOPICS_EXCLUDE).trim();
    try {
      return Pattern.compile(text);
    } catch (PatternSyntaxException e) {
      throw new InvalidConfigException(
          TOPICS_EXCLUDE, text, "a Java regular expression (" + e.getDescription() + ")");
    }
  }

  /**
   * Whether a topic's segments stay in Kafka's own files only.
   *
   * @param topic the topic
   * @return whether {@link #excludedTopics()} matches it whole
   */
  public boolean excludes(String topic) {
    return !excludedTopics.pattern().isEmpty() && excludedTopics.matcher(topic).matches();
  }
}
