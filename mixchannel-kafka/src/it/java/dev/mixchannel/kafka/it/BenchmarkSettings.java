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

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What one {@link KafkaBenchmark} run measures and how long. {@link #fromSystemProperties()} reads
 * the {@code mixchannel.kafka.bench.*} knobs that docs/benchmarks.md lists; {@link #smoke} is the
 * few-second configuration CI runs to prove the harness works.
 *
 * @param layouts the brokers, in the order they run
 * @param disk a directory on disk (log dirs of the disk layouts)
 * @param pmem a directory on the PMem file system (the PMem tier, log dirs of the tmpfs layouts)
 * @param out where the CSV (and JFR recordings) go
 * @param settleMaxSeconds how long to wait at most, after a broker starts, for its process to be
 *     quiet (see {@link BrokerSettle})
 * @param warmupSeconds unmeasured seconds before each produce phase and after each broker start
 * @param flushedSeconds measured seconds of the P8 phase (flush per message)
 * @param latencySeconds measured seconds of the produce-latency phase
 * @param defaultFlushSeconds measured seconds of the default-flush throughput phase
 * @param metadataCommits measured client-quota changes (metadata commits), one at a time
 * @param metadataTopics topics created and then deleted, one request at a time
 * @param metadataMaxSeconds a bound on each metadata workload's measured part
 * @param recordBytes the value size of every produced record
 * @param lingerMillis the throughput producers' {@code linger.ms}
 * @param batchBytes the throughput producers' {@code batch.size}
 * @param pmemCapacity the agent's PMem tier capacity, such as {@code 4g}
 * @param benchmarkJvm brokers with a 1 GiB heap and full JIT (false: the quick-start JVM)
 * @param jfr whether every broker records a JFR profile into {@code out}
 * @param brokerLines more broker properties for every broker (an empty value removes one of the
 *     harness's own settings)
 * @param agentLines more agent settings for the agent brokers only, applied after {@code
 *     brokerLines} (an empty value removes one of the harness's, such as the migration threshold)
 */
public record BenchmarkSettings(
    List<BrokerLayout> layouts,
    Path disk,
    Path pmem,
    Path out,
    int settleMaxSeconds,
    int warmupSeconds,
    int flushedSeconds,
    int latencySeconds,
    int defaultFlushSeconds,
    int metadataCommits,
    int metadataTopics,
    int metadataMaxSeconds,
    int recordBytes,
    int lingerMillis,
    int batchBytes,
    String pmemCapacity,
    boolean benchmarkJvm,
    boolean jfr,
    Map<String, String> brokerLines,
    Map<String, String> agentLines) {

  private static final String PREFIX = "mixchannel.kafka.bench.";

  /** Copies the collections. */
  public BenchmarkSettings {
    layouts = List.copyOf(layouts);
    brokerLines = new LinkedHashMap<>(brokerLines);
    agentLines = new LinkedHashMap<>(agentLines);
  }

  /**
   * The settings from {@code mixchannel.kafka.bench.*} system properties, with the defaults of a
   * full run (about 90 s per broker).
   *
   * @return the settings
   */
  public static BenchmarkSettings fromSystemProperties() {
    return new BenchmarkSettings(
        BrokerLayout.parse(text("brokers", "stock-disk,stock-tmpfs,agent-tmpfs,agent-disk")),
        Path.of(text("disk", "/var/tmp")),
        Path.of(text("pmem", "/dev/shm")),
        Path.of(text("out", "target/kafka-benchmark")),
        number("settle.max.seconds", 120),
        number("warmup.seconds", 2),
        number("seconds", 15),
        number("latency.seconds", 15),
        number("default.flush.seconds", 15),
        number("metadata.commits", 600),
        number("metadata.topics", 100),
        number("metadata.max.seconds", 20),
        number("record.bytes", 1024),
        number("linger.ms", 5),
        number("batch.bytes", 16384),
        text("pmem.capacity", "2g"),
        true,
        Boolean.parseBoolean(text("jfr", "false")),
        lines(text("broker.properties", "")),
        lines(text("agent.settings", "")));
  }

  /**
   * A run of about 15 s per broker that only proves the harness works: one second per produce
   * phase, a few metadata operations, quick-start JVMs, a small PMem tier.
   *
   * @param layouts the brokers
   * @param out where the CSV goes
   * @return the settings
   */
  public static BenchmarkSettings smoke(List<BrokerLayout> layouts, Path out) {
    return new BenchmarkSettings(
        layouts,
        Path.of(text("disk", "/var/tmp")),
        Path.of(text("pmem", "/dev/shm")),
        out,
        5,
        0,
        1,
        1,
        1,
        20,
        3,
        10,
        1024,
        5,
        16384,
        "256m",
        false,
        false,
        Map.of(),
        Map.of());
  }

  /**
   * Parses extra settings lines: {@code key=value} entries separated by {@code ;} or new lines, or
   * {@code @<file>} for a properties file.
   *
   * @param text the lines
   * @return the entries, in order
   */
  static Map<String, String> lines(String text) {
    Map<String, String> entries = new LinkedHashMap<>();
    if (text.startsWith("@")) {
      Properties properties = new Properties();
      try (Reader in =
          Files.newBufferedReader(Path.of(text.substring(1)), StandardCharsets.UTF_8)) {
        properties.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read settings lines: file=" + text.substring(1), e);
      }
      properties.stringPropertyNames().forEach(k -> entries.put(k, properties.getProperty(k)));
      return entries;
    }
    for (String line : text.split("[;\n]")) {
      String entry = line.trim();
      if (entry.isEmpty() || entry.startsWith("#")) {
        continue;
      }
      int equals = entry.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException(
            "bad settings line: line=" + entry + ", expected key=value");
      }
      entries.put(entry.substring(0, equals).trim(), entry.substring(equals + 1).trim());
    }
    return entries;
  }

  private static String text(String key, String defaultValue) {
    return System.getProperty(PREFIX + key, defaultValue);
  }

  private static int number(String key, int defaultValue) {
    String value = text(key, Integer.toString(defaultValue));
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "bad benchmark setting: " + PREFIX + key + "=" + value + ", expected an integer", e);
    }
  }
}
