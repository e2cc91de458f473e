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
package dev.mixchannel.kafka.it;

/**
 * One figure that {@link KafkaBenchmark} measures for every broker: its label in the table, its
 * column name in the CSV, its unit, and which direction is better (for the ratios against the stock
 * broker on disk).
 */
public enum BenchmarkFigure {
  /** P8: producer throughput with a flush per message, {@code acks=1}. */
  FLUSHED_MEGABYTES_PER_SECOND(
      "p8_flushed_mb_per_s", "P8 throughput, flush per message, acks=1", "MB/s", Better.HIGHER),
  /** Produce latency, median. */
  PRODUCE_P50_MICROS(
      "produce_p50_us", "produce latency p50, acks=all, flush per message", "us", Better.LOWER),
  /** Produce latency, 99th percentile. */
  PRODUCE_P99_MICROS("produce_p99_us", "produce latency p99", "us", Better.LOWER),
  /** Produce latency, 99.9th percentile. */
  PRODUCE_P999_MICROS("produce_p999_us", "produce latency p99.9", "us", Better.LOWER),
  /** How many produce latencies were recorded. */
  PRODUCE_SAMPLES("produce_samples", "produce latency samples", "sends", Better.NEITHER),
  /** Producer throughput with Kafka's default flush settings, {@code acks=all}. */
  DEFAULT_FLUSH_MEGABYTES_PER_SECOND(
      "default_flush_mb_per_s",
      "throughput, default flush settings, acks=all",
      "MB/s",
      Better.HIGHER),
  /** Metadata commit latency (one client-quota change), median. */
  METADATA_COMMIT_P50_MICROS(
      "metadata_commit_p50_us", "metadata commit p50 (AlterClientQuotas)", "us", Better.LOWER),
  /** Metadata commit latency, 99th percentile. */
  METADATA_COMMIT_P99_MICROS("metadata_commit_p99_us", "metadata commit p99", "us", Better.LOWER),
  /** Metadata commit latency, 99.9th percentile. */
  METADATA_COMMIT_P999_MICROS(
      "metadata_commit_p999_us", "metadata commit p99.9", "us", Better.LOWER),
  /** Topic creations and deletions per second, one request at a time. */
  TOPIC_OPERATIONS_PER_SECOND(
      "topic_ops_per_s", "topic create + delete, one at a time", "ops/s", Better.HIGHER),
  /**
   * Bytes of the {@code __cluster_metadata} {@code .log} files as the log dir shows them (0 while
   * the metadata log's segments are served from a tier behind empty files).
   */
  METADATA_LOG_FILE_BYTES(
      "metadata_log_file_bytes",
      "__cluster_metadata .log bytes in the log dir",
      "bytes",
      Better.NEITHER),
  /**
   * Seconds from the broker's listener accepting connections until its process was quiet (see
   * {@link BrokerSettle}): the background work a start leaves, measured before any phase.
   */
  STARTUP_BUSY_SECONDS(
      "startup_busy_s", "busy after start until quiet (before measuring)", "s", Better.NEITHER),
  /** The machine's 1-minute load average when the broker's phases ended. */
  LOAD_AVERAGE("load_average_1m", "load average (1 min) at the broker's end", "", Better.NEITHER);

  /** Which direction of a figure is better. */
  public enum Better {
    /** Throughputs. */
    HIGHER,
    /** Latencies. */
    LOWER,
    /** Context only: no ratio. */
    NEITHER
  }

  private final String csvName;
  private final String label;
  private final String unit;
  private final Better better;

  BenchmarkFigure(String csvName, String label, String unit, Better better) {
    this.csvName = csvName;
    this.label = label;
    this.unit = unit;
    this.better = better;
  }

  /**
   * The figure's name in the CSV.
   *
   * @return a lower-case identifier
   */
  public String csvName() {
    return csvName;
  }

  /**
   * The figure's label in the table.
   *
   * @return a short description
   */
  public String label() {
    return label;
  }

  /**
   * The unit.
   *
   * @return such as {@code MB/s} or {@code us}; empty for a plain number
   */
  public String unit() {
    return unit;
  }

  /**
   * How many times better a value is than a baseline: {@code value / baseline} for a throughput,
   * {@code baseline / value} for a latency, so that above 1 always means better.
   *
   * @param value the value
   * @param baseline the baseline's value
   * @return the ratio, or NaN for a figure without a direction or a zero operand
   */
  public double timesBetter(double value, double baseline) {
    if (better == Better.NEITHER || value <= 0 || baseline <= 0) {
      return Double.NaN;
    }
    return better == Better.HIGHER ? value / baseline : baseline / value;
  }
}
