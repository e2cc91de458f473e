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

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * The immutable configuration of a tier manager: its tiers (fastest first), the migration policy
 * and the PMem settings. Build one with {@link #builder()}, or read one with {@link
 * #fromProperties(Properties)} / {@link #load(Path)}. Every value is validated when the config is
 * built; an {@link InvalidConfigException} names the property, the bad value and what was expected.
 * Instances are thread-safe.
 */
public final class MixChannelConfig {

  private final List<TierConfig> tiers;
  private final boolean migrationEnabled;
  private final double highWatermark;
  private final double lowWatermark;
  private final int migrationThreads;
  private final long migrationRateBytesPerSecond;
  private final long idleMillis;
  private final long intervalMillis;
  private final long pmemExtentSizeBytes;
  private final PmemBackend pmemBackend;
  private final boolean pmemPretouch;
  private final double pmemPretouchFraction;

  private MixChannelConfig(Builder b) {
    this.tiers = List.copyOf(b.tiers);
    this.migrationEnabled = b.threshold != -1;
    this.highWatermark = b.highWatermark;
    this.lowWatermark = b.lowWatermark;
    this.migrationThreads = b.threads;
    this.migrationRateBytesPerSecond = b.rateBytesPerSecond;
    this.idleMillis = b.idleMillis;
    this.intervalMillis = b.intervalMillis;
    this.pmemExtentSizeBytes = b.extentSizeBytes;
    this.pmemBackend = b.backend;
    this.pmemPretouch = b.pretouch;
    this.pmemPretouchFraction = b.pretouchFraction;
  }

  /**
   * A new builder with every default set and no tiers.
   *
   * @return the builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads a configuration from properties of either family (see {@link ConfigKeys}); keys of other
   * programs (such as the rest of a Kafka {@code server.properties}) are ignored.
   *
   * @param properties the properties
   * @return the validated configuration
   * @throws InvalidConfigException for a missing, unknown or bad value, or a mix of both families
   */
  public static MixChannelConfig fromProperties(Properties properties) {
    return ConfigParser.parse(properties);
  }

  /**
   * Reads a configuration from a properties file.
   *
   * @param file the file (ISO-8859-1 {@code .properties} syntax)
   * @return the validated configuration
   * @throws IOException when the file cannot be read
   * @throws InvalidConfigException for a bad value
   */
  public static MixChannelConfig load(Path file) throws IOException {
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      properties.load(in);
    }
    return fromProperties(properties);
  }

  /**
   * This configuration as {@code mixchannel.*} properties: {@code fromProperties(toProperties())}
   * equals this configuration.
   *
   * @return new properties
   */
  public Properties toProperties() {
    return ConfigWriter.write(this);
  }

  /**
   * The tiers, fastest first.
   *
   * @return an unmodifiable list of at least one tier
   */
  public List<TierConfig> tiers() {
    return tiers;
  }

  /**
   * Finds a tier by name.
   *
   * @param name the tier name
   * @return the tier
   * @throws IllegalArgumentException when no tier has that name; the message lists the names
   */
  public TierConfig tier(String name) {
    for (TierConfig tier : tiers) {
      if (tier.name().equals(name)) {
        return tier;
      }
    }
    List<String> names = new ArrayList<>();
    tiers.forEach(t -> names.add(t.name()));
    throw new IllegalArgumentException("unknown tier: name=" + name + ", tiers=" + names);
  }

  /**
   * Whether background migration runs ({@code false} when the threshold is {@code -1}).
   *
   * @return whether migration is on
   */
  public boolean migrationEnabled() {
    return migrationEnabled;
  }

  /**
   * The used fraction above which a tier demotes.
   *
   * @return a fraction in {@code [0, 1]}
   */
  public double highWatermark() {
    return highWatermark;
  }

  /**
   * The used fraction demotion stops at, and below which a tier promotes.
   *
   * @return a fraction in {@code [0, highWatermark()]}
   */
  public double lowWatermark() {
    return lowWatermark;
  }

  /**
   * The number of copy worker threads.
   *
   * @return from 1 to {@value ConfigKeys#MAX_THREADS}
   */
  public int migrationThreads() {
    return migrationThreads;
  }

  /**
   * The migration copy rate limit.
   *
   * @return bytes per second, or {@code -1} for no limit
   */
  public long migrationRateBytesPerSecond() {
    return migrationRateBytesPerSecond;
  }

  /**
   * How long a channel must go unwritten to count as sealed.
   *
   * @return milliseconds, {@code >= 0}
   */
  public long idleMillis() {
    return idleMillis;
  }

  /**
   * The period of the migration policy.
   *
   * @return milliseconds, {@code > 0}
   */
  public long intervalMillis() {
    return intervalMillis;
  }

  /**
   * The PMem extent size.
   *
   * @return a power of two from 1 MiB to 256 MiB
   */
  public long pmemExtentSizeBytes() {
    return pmemExtentSizeBytes;
  }

  /**
   * The PMem memory backend.
   *
   * @return the backend choice
   */
  public PmemBackend pmemBackend() {
    return pmemBackend;
  }

  /**
   * Whether the never-used extents of a new pool are pre-touched in the background. The free
   * extents of a reopened pool are zeroed and touched in the background regardless: zeroing them is
   * what keeps a key from showing another key's bytes after a power loss.
   *
   * @return whether to pre-touch
   */
  public boolean pmemPretouch() {
    return pmemPretouch;
  }

  /**
   * The fraction of a new pool's data area that is pre-touched ({@code
   * mixchannel.pmem.pretouch.fraction}, or Pafka's {@code log.pmem.pool.ratio}).
   *
   * @return a fraction in {@code (0, 1]}
   */
  public double pmemPretouchFraction() {
    return pmemPretouchFraction;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MixChannelConfig other && toProperties().equals(other.toProperties());
  }

  @Override
  public int hashCode() {
    return toProperties().hashCode();
  }

  @Override
  public String toString() {
    return "MixChannelConfig" + new java.util.TreeMap<>(toProperties());
  }

  /**
   * Builds a {@link MixChannelConfig}. Setters record values; {@link #build()} validates them all
   * and names the property of the first bad one. Not thread-safe.
   */
  public static final class Builder {
    private final List<TierConfig> tiers = new ArrayList<>();
    private double threshold = ConfigKeys.DEFAULT_THRESHOLD;
    private Double highWatermarkSet;
    private Double lowWatermarkSet;
    private double highWatermark;
    private double lowWatermark;
    private int threads = ConfigKeys.DEFAULT_THREADS;
    private long rateBytesPerSecond = ConfigKeys.DEFAULT_RATE_BYTES_PER_SECOND;
    private long idleMillis = ConfigKeys.DEFAULT_IDLE_MILLIS;
    private long intervalMillis = ConfigKeys.DEFAULT_INTERVAL_MILLIS;
    private long extentSizeBytes = ConfigKeys.DEFAULT_EXTENT_SIZE_BYTES;
    private PmemBackend backend = PmemBackend.AUTO;
    private boolean pretouch = true;
    private double pretouchFraction = 1.0;

    private Builder() {}

    /**
     * Adds a tier after those already added (add them fastest first).
     *
     * @param name the unique tier name
     * @param kind the medium
     * @param capacityBytes the capacity in bytes, or {@code -1} for the free space
     * @param paths the tier's directories, at least one
     * @return this builder
     */
    public Builder tier(String name, TierKind kind, long capacityBytes, Path... paths) {
      tiers.add(new TierConfig(name, kind, List.of(paths), capacityBytes));
      return this;
    }

    /**
     * Adds a tier, slower than every tier added before, opened by a {@link TierProvider} of the
     * given name.
     *
     * @param tier the tier
     * @return this builder
     */
    public Builder tier(TierConfig tier) {
      tiers.add(Objects.requireNonNull(tier, "tier"));
      return this;
    }

    /**
     * Sets both watermarks, or turns migration off with {@code -1}.
     *
     * @param threshold a fraction in {@code [0, 1]}, or {@code -1}
     * @return this builder
     */
    public Builder migrationThreshold(double threshold) {
      this.threshold = threshold;
      return this;
    }

    /**
     * Sets the high watermark, overriding the threshold.
     *
     * @param fraction a fraction in {@code [0, 1]}
     * @return this builder
     */
    public Builder highWatermark(double fraction) {
      this.highWatermarkSet = fraction;
      return this;
    }

    /**
     * Sets the low watermark, overriding the threshold.
     *
     * @param fraction a fraction in {@code [0, highWatermark]}
     * @return this builder
     */
    public Builder lowWatermark(double fraction) {
      this.lowWatermarkSet = fraction;
      return this;
    }

    /**
     * Sets the number of copy workers.
     *
     * @param threads from 1 to {@value ConfigKeys#MAX_THREADS}
     * @return this builder
     */
    public Builder migrationThreads(int threads) {
      this.threads = threads;
      return this;
    }

    /**
     * Sets the copy rate limit.
     *
     * @param bytesPerSecond a positive rate, or {@code -1} for none
     * @return this builder
     */
    public Builder migrationRateBytesPerSecond(long bytesPerSecond) {
      this.rateBytesPerSecond = bytesPerSecond;
      return this;
    }

    /**
     * Sets how long a channel must go unwritten to count as sealed.
     *
     * @param millis milliseconds, {@code >= 0}
     * @return this builder
     */
    public Builder idleMillis(long millis) {
      this.idleMillis = millis;
      return this;
    }

    /**
     * Sets the period of the migration policy.
     *
     * @param millis milliseconds, {@code > 0}
     * @return this builder
     */
    public Builder intervalMillis(long millis) {
      this.intervalMillis = millis;
      return this;
    }

    /**
     * Sets the PMem extent size.
     *
     * @param bytes a power of two from 1 MiB to 256 MiB
     * @return this builder
     */
    public Builder pmemExtentSizeBytes(long bytes) {
      this.extentSizeBytes = bytes;
      return this;
    }

    /**
     * Sets the PMem backend.
     *
     * @param backend the backend
     * @return this builder
     */
    public Builder pmemBackend(PmemBackend backend) {
      this.backend = backend;
      return this;
    }

    /**
     * Sets whether new pools pre-touch their never-used extents in the background.
     *
     * @param pretouch whether to pre-touch
     * @return this builder
     */
    public Builder pmemPretouch(boolean pretouch) {
      this.pretouch = pretouch;
      return this;
    }

    /**
     * Sets the fraction of a new pool to pre-touch (Pafka's {@code log.pmem.pool.ratio}).
     *
     * @param fraction a fraction in {@code (0, 1]}
     * @return this builder
     */
    public Builder pmemPretouchFraction(double fraction) {
      this.pretouchFraction = fraction;
      return this;
    }

    /**
     * Validates every value and builds the configuration.
     *
     * @return the configuration
     * @throws InvalidConfigException naming the property of the first bad value
     */
    public MixChannelConfig build() {
      ConfigChecks.tiers(tiers);
      ConfigChecks.threshold(threshold);
      double base = threshold == -1 ? ConfigKeys.DEFAULT_THRESHOLD : threshold;
      highWatermark = highWatermarkSet != null ? highWatermarkSet : base;
      lowWatermark = lowWatermarkSet != null ? lowWatermarkSet : Math.min(base, highWatermark);
      ConfigChecks.watermarks(highWatermark, lowWatermark);
      ConfigChecks.migration(threads, rateBytesPerSecond, idleMillis, intervalMillis);
      ConfigChecks.pmem(extentSizeBytes, backend, pretouchFraction);
      return new MixChannelConfig(this);
    }
  }
}
