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
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.Uuid;

/**
 * The Kafka benchmarks of issue 12 in one run: real single-node KRaft brokers (see {@link
 * BrokerLayout}), one after the other on this machine, each measured from the outside by clients in
 * this JVM. Per broker, after a warm-up:
 *
 * <ol>
 *   <li>produce latency p50/p99/p99.9 (HdrHistogram, microseconds): one synchronous send of one
 *       record at a time, {@code acks=all}, a flush per message;
 *   <li>metadata commits: client-quota changes one at a time (latency percentiles), then topics
 *       created and deleted one at a time (operations per second); both are commits to the KRaft
 *       metadata log, which the Raft leader forces after every batch;
 *   <li>P8: producer throughput with a flush per message, {@code acks=1};
 *   <li>producer throughput with Kafka's default flush settings, {@code acks=all}.
 * </ol>
 *
 * <p>"A flush per message" is the topic config {@code flush.messages=1}, the per-topic form of
 * {@code log.flush.interval.messages=1}; the broker itself keeps Kafka's default flush settings so
 * that the last phase measures them. The agent brokers get a PMem tier ({@code
 * mixchannel.tier.pmem}, on the PMem file system) and nothing else: their log dir is the last tier,
 * as in every v2 deployment; extra broker properties and agent settings come from {@link
 * BenchmarkSettings}. Every broker's directories are deleted after it ran, and the run's roots at
 * the end.
 */
public final class KafkaBenchmark {

  private static final String FLUSHED_TOPIC = "flushed";
  private static final String LATENCY_TOPIC = "latency";
  private static final String DEFAULT_FLUSH_TOPIC = "default-flush";

  private final Path libs;
  private final Path agentJar;
  private final BenchmarkSettings settings;

  /**
   * Configures a run.
   *
   * @param libs the Kafka jars the brokers run from
   * @param agentJar the MixChannel agent jar
   * @param settings what to measure and how long
   */
  public KafkaBenchmark(Path libs, Path agentJar, BenchmarkSettings settings) {
    // The brokers run in their own directories: relative paths would not resolve there.
    this.libs = libs.toAbsolutePath();
    this.agentJar = agentJar.toAbsolutePath();
    this.settings = settings;
  }

  /**
   * Runs every broker of the settings, one after the other, and writes the CSV ({@code
   * kafka-benchmark.csv} in the output directory).
   *
   * @return the report
   * @throws Exception when a broker or a client fails
   */
  public BenchmarkReport run() throws Exception {
    double loadAtStart = loadAverage();
    String id = Uuid.randomUuid().toString().replace("-", "").substring(0, 8);
    Path diskRoot = settings.disk().toAbsolutePath().resolve("mixchannel-bench-" + id);
    Path pmemRoot = settings.pmem().toAbsolutePath().resolve("mixchannel-bench-" + id);
    Files.createDirectories(settings.out());
    List<BrokerFigures> brokers = new ArrayList<>();
    try {
      for (BrokerLayout layout : settings.layouts()) {
        Path diskDir = diskRoot.resolve(layout.id());
        Path pmemDir = pmemRoot.resolve(layout.id());
        try {
          brokers.add(measure(layout, diskDir, pmemDir));
        } finally {
          deleteTree(diskDir);
          deleteTree(pmemDir);
        }
      }
    } finally {
      deleteTree(diskRoot);
      deleteTree(pmemRoot);
    }
    String title =
        String.format(
            Locale.ROOT,
            "Kafka %s, single-node KRaft, 1 partition, %d B records; load average at start %.2f",
            kafkaVersion(),
            settings.recordBytes(),
            loadAtStart);
    BenchmarkReport report = new BenchmarkReport(title, brokers);
    report.writeCsv(settings.out().resolve("kafka-benchmark.csv"));
    return report;
  }

  private BrokerFigures measure(BrokerLayout layout, Path diskDir, Path pmemDir) throws Exception {
    Path home = (layout.logDirOnPmem() ? pmemDir : diskDir).resolve("broker");
    try (KafkaBroker broker = new KafkaBroker(home, libs, brokerConfig(layout, pmemDir))) {
      broker.format(Uuid.randomUuid().toString());
      List<String> jvm = new ArrayList<>();
      if (layout.agent()) {
        // The agent reads its settings from the broker's server.properties.
        jvm.add("-javaagent:" + agentJar + "=" + broker.serverProperties());
      }
      if (settings.jfr()) {
        Path recording = settings.out().toAbsolutePath().resolve(layout.id() + ".jfr");
        jvm.add("-XX:StartFlightRecording=dumponexit=true,settings=profile,filename=" + recording);
      }
      if (settings.benchmarkJvm()) {
        broker.startForBenchmark(jvm);
      } else {
        broker.start(jvm);
      }
      Map<BenchmarkFigure, Double> figures = new EnumMap<>(BenchmarkFigure.class);
      figures.put(
          BenchmarkFigure.STARTUP_BUSY_SECONDS,
          BrokerSettle.seconds(broker, settings.settleMaxSeconds()));
      measurePhases(broker, figures);
      figures.put(BenchmarkFigure.METADATA_LOG_FILE_BYTES, (double) metadataLogFileBytes(broker));
      figures.put(BenchmarkFigure.LOAD_AVERAGE, loadAverage());
      broker.stop();
      return new BrokerFigures(layout, figures);
    }
  }

  private void measurePhases(KafkaBroker broker, Map<BenchmarkFigure, Double> figures)
      throws Exception {
    Map<String, String> flushed = topicConfig(true);
    new RecordTraffic(broker.bootstrap(), FLUSHED_TOPIC).createTopic(flushed);
    new RecordTraffic(broker.bootstrap(), LATENCY_TOPIC).createTopic(flushed);
    new RecordTraffic(broker.bootstrap(), DEFAULT_FLUSH_TOPIC).createTopic(topicConfig(false));
    ProducerLoad load =
        new ProducerLoad(
            broker.bootstrap(),
            settings.recordBytes(),
            settings.lingerMillis(),
            settings.batchBytes());
    int warmup = settings.warmupSeconds();
    // The broker's JIT and, with the agent, the tiers' first-open work happen here.
    load.warmUp(FLUSHED_TOPIC, warmup);

    Histogram produce = load.latencyMicros(LATENCY_TOPIC, warmup, settings.latencySeconds());
    putPercentiles(
        figures,
        produce,
        BenchmarkFigure.PRODUCE_P50_MICROS,
        BenchmarkFigure.PRODUCE_P99_MICROS,
        BenchmarkFigure.PRODUCE_P999_MICROS);
    figures.put(BenchmarkFigure.PRODUCE_SAMPLES, (double) produce.getTotalCount());

    try (MetadataLoad metadata = new MetadataLoad(broker.bootstrap())) {
      int commits = settings.metadataCommits();
      Histogram commitMicros =
          metadata.commitMicros(Math.max(1, commits / 10), commits, settings.metadataMaxSeconds());
      putPercentiles(
          figures,
          commitMicros,
          BenchmarkFigure.METADATA_COMMIT_P50_MICROS,
          BenchmarkFigure.METADATA_COMMIT_P99_MICROS,
          BenchmarkFigure.METADATA_COMMIT_P999_MICROS);
      int topics = settings.metadataTopics();
      metadata.topicOperationsPerSecond("warmup-", Math.max(1, topics / 10), warmup + 1);
      figures.put(
          BenchmarkFigure.TOPIC_OPERATIONS_PER_SECOND,
          metadata.topicOperationsPerSecond("topic-", topics, settings.metadataMaxSeconds()));
    }

    figures.put(
        BenchmarkFigure.FLUSHED_MEGABYTES_PER_SECOND,
        load.megabytesPerSecond(FLUSHED_TOPIC, "1", warmup, settings.flushedSeconds()));
    figures.put(
        BenchmarkFigure.DEFAULT_FLUSH_MEGABYTES_PER_SECOND,
        load.megabytesPerSecond(
            DEFAULT_FLUSH_TOPIC, "all", warmup, settings.defaultFlushSeconds()));
  }

  private Map<String, String> brokerConfig(BrokerLayout layout, Path pmemDir) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("num.io.threads", "4");
    apply(config, settings.brokerLines());
    if (layout.agent()) {
      config.put("mixchannel.tiers", "pmem");
      config.put("mixchannel.tier.pmem.kind", "PMEM");
      config.put("mixchannel.tier.pmem.paths", pmemDir.resolve("pmem-tier").toString());
      config.put("mixchannel.tier.pmem.capacity", settings.pmemCapacity());
      config.put("mixchannel.kafka.logdir.kind", layout.logDirOnPmem() ? "NVME" : "HDD");
      config.put("mixchannel.migrate.threshold", "0.9");
      apply(config, settings.agentLines());
    }
    return config;
  }

  /**
   * Segments of 128 MiB and at most 512 MiB kept per partition, so that no phase fills the PMem
   * tier (2 GiB by default) and the stock brokers keep as much.
   */
  private static Map<String, String> topicConfig(boolean flushPerMessage) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("segment.bytes", Integer.toString(128 << 20));
    config.put("retention.bytes", Integer.toString(512 << 20));
    if (flushPerMessage) {
      config.put("flush.messages", "1");
    }
    return config;
  }

  /** Extra lines override the harness's entries; an empty value removes one. */
  private static void apply(Map<String, String> config, Map<String, String> lines) {
    lines.forEach(
        (key, value) -> {
          if (value.isEmpty()) {
            config.remove(key);
          } else {
            config.put(key, value);
          }
        });
  }

  private static void putPercentiles(
      Map<BenchmarkFigure, Double> figures,
      Histogram micros,
      BenchmarkFigure p50,
      BenchmarkFigure p99,
      BenchmarkFigure p999) {
    if (micros.getTotalCount() == 0) {
      return;
    }
    figures.put(p50, (double) micros.getValueAtPercentile(50));
    figures.put(p99, (double) micros.getValueAtPercentile(99));
    figures.put(p999, (double) micros.getValueAtPercentile(99.9));
  }

  /** What the log dir shows of the metadata log's segment files, read from the outside. */
  private static long metadataLogFileBytes(KafkaBroker broker) throws IOException {
    Path partition = broker.logDir().resolve("__cluster_metadata-0");
    try (Stream<Path> files = Files.list(partition)) {
      long bytes = 0;
      for (Path file : files.filter(f -> f.toString().endsWith(".log")).toList()) {
        bytes += Files.size(file);
      }
      return bytes;
    }
  }

  /** The release of the brokers' Kafka jars, from the name of their kafka-clients jar. */
  private String kafkaVersion() throws IOException {
    try (Stream<Path> jars = Files.list(libs)) {
      return jars.map(jar -> jar.getFileName().toString())
          .filter(name -> name.matches("kafka-clients-[0-9].*\\.jar"))
          .map(name -> name.substring("kafka-clients-".length(), name.length() - ".jar".length()))
          .findFirst()
          .orElse("(unknown release)");
    }
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /**
   * Runs the benchmark from the command line with the {@code mixchannel.kafka.bench.*} system
   * properties (class path: the test classes, HdrHistogram and the Kafka jars), prints the table
   * and writes the CSV.
   *
   * @param args {@code <kafka libs dir> <agent jar>}
   * @throws Exception when a broker fails
   */
  public static void main(String[] args) throws Exception {
    BenchmarkSettings settings = BenchmarkSettings.fromSystemProperties();
    System.out.print(
        new KafkaBenchmark(Path.of(args[0]), Path.of(args[1]), settings).run().table());
  }
}
