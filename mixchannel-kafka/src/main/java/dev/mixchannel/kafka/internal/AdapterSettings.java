package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.MixChannelConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

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
 */
public record AdapterSettings(
    Path source,
    MixChannelConfig config,
    List<Path> logDirs,
    long sweepIntervalMillis,
    long shutdownWaitMillis) {

  /** Prefix of the adapter's own keys. */
  public static final String PREFIX = "mixchannel.kafka.";

  /** Milliseconds between two orphan sweeps; 0 turns the sweep off. */
  public static final String SWEEP_INTERVAL_MS = PREFIX + "sweep.interval.ms";

  /** Milliseconds the shutdown hook waits for Kafka's shutdown hook before closing the tiers. */
  public static final String SHUTDOWN_WAIT_MS = PREFIX + "shutdown.wait.ms";

  /** Default of {@link #SWEEP_INTERVAL_MS}. */
  public static final long DEFAULT_SWEEP_INTERVAL_MS = 30_000;

  /** Default of {@link #SHUTDOWN_WAIT_MS}. */
  public static final long DEFAULT_SHUTDOWN_WAIT_MS = 120_000;

  /** Kafka's switch for tiered (remote) storage, which copies segment files by path. */
  public static final String REMOTE_STORAGE = "remote.log.storage.system.enable";

  /**
   * Copies the log dir list.
   *
   * @param source the file
   * @param config the tiers
   * @param logDirs the log dirs
   * @param sweepIntervalMillis the sweep period
   * @param shutdownWaitMillis the shutdown wait
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
   * @throws InvalidConfigException for a bad value, a log dir that clashes with a tier path, or
   *     Kafka tiered storage switched on
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
   * @throws InvalidConfigException for a bad value, a log dir that clashes with a tier path, or
   *     Kafka tiered storage switched on
   */
  public static AdapterSettings parse(Path source, Properties properties) {
    Properties tierProperties = new Properties();
    for (String name : properties.stringPropertyNames()) {
      if (!name.startsWith(PREFIX)) {
        tierProperties.setProperty(name, properties.getProperty(name));
      }
    }
    for (String name : properties.stringPropertyNames()) {
      if (name.startsWith(PREFIX)
          && !name.equals(SWEEP_INTERVAL_MS)
          && !name.equals(SHUTDOWN_WAIT_MS)) {
        throw new InvalidConfigException(
            name,
            properties.getProperty(name),
            "a known key (" + SWEEP_INTERVAL_MS + ", " + SHUTDOWN_WAIT_MS + ")");
      }
    }
    if (Boolean.parseBoolean(properties.getProperty(REMOTE_STORAGE, "false").trim())) {
      throw new InvalidConfigException(
          REMOTE_STORAGE,
          properties.getProperty(REMOTE_STORAGE),
          "false: Kafka tiered storage copies segment files by path and would read empty anchors");
    }
    MixChannelConfig config = MixChannelConfig.fromProperties(tierProperties);
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
    long sweep = millis(properties, SWEEP_INTERVAL_MS, DEFAULT_SWEEP_INTERVAL_MS);
    long wait = millis(properties, SHUTDOWN_WAIT_MS, DEFAULT_SHUTDOWN_WAIT_MS);
    LogDirs.of(logDirs, config);
    return new AdapterSettings(source, config, logDirs, sweep, wait);
  }

  private static long millis(Properties properties, String key, long defaultValue) {
    String text = properties.getProperty(key);
    if (text == null) {
      return defaultValue;
    }
    try {
      long value = Long.parseLong(text.trim());
      if (value >= 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      throw new InvalidConfigException(key, text, "milliseconds >= 0");
    }
    throw new InvalidConfigException(key, text, "milliseconds >= 0");
  }
}
