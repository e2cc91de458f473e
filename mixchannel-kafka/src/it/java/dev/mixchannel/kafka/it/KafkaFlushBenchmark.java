package dev.mixchannel.kafka.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * P8: producer throughput with {@code log.flush.interval.messages=1} (Kafka forces the segment
 * after every append), a broker with the MixChannel agent (PMem tier on tmpfs) against a stock
 * broker whose log dir is on disk, one after the other in one run. Kafka also forces the segment's
 * index files (memory-mapped files in the log dir) on every flush, so where the agent broker's log
 * dir lives matters: on disk by default, like the stock broker's, or on the PMem file system.
 *
 * <p>Settings (system properties): {@code mixchannel.kafka.bench.seconds} (measured seconds per
 * broker, default 20), {@code mixchannel.kafka.bench.record.bytes} (default 1024), {@code
 * mixchannel.kafka.bench.disk} (default {@code /var/tmp}), {@code mixchannel.kafka.bench.pmem}
 * (default {@code /dev/shm}), {@code mixchannel.kafka.bench.linger.ms} (default 5, Kafka 4's
 * default), {@code mixchannel.kafka.bench.batch.bytes} (default 16384), {@code
 * mixchannel.kafka.bench.agent.logdir.pmem} (default true: the agent broker's log dir is on the
 * PMem file system, the layout docs/kafka/README.md recommends; false puts it on disk like the
 * stock broker's), {@code mixchannel.kafka.bench.stock.pmem} (default true: also run a stock broker
 * whose log dir is on the PMem file system, the "same medium" comparison). It prints one line per
 * broker and the ratios.
 */
public final class KafkaFlushBenchmark {

  /**
   * One broker's result.
   *
   * @param name the broker's label
   * @param records records acknowledged in the measured window
   * @param megabytesPerSecond acknowledged value bytes per second, in MB (10^6 bytes)
   */
  public record Result(String name, long records, double megabytesPerSecond) {}

  private final Path libs;
  private final Path agentJar;
  private final Path disk;
  private final Path pmem;
  private final int seconds;
  private final int recordBytes;
  private final int lingerMillis;
  private final int batchBytes;
  private final boolean agentLogDirOnPmem;
  private final boolean stockOnPmem;

  /**
   * Configures a run.
   *
   * @param libs the Kafka jars
   * @param agentJar the agent jar
   * @param disk a directory on disk for log dirs and the disk tier
   * @param pmem a directory on tmpfs for the PMem tier
   * @param seconds measured seconds per broker
   * @param recordBytes the value size
   * @param lingerMillis the producer's {@code linger.ms}
   * @param batchBytes the producer's {@code batch.size}
   * @param agentLogDirOnPmem whether the agent broker's log dir (anchors, indexes, checkpoints)
   *     lives on the PMem file system too, rather than on disk
   * @param stockOnPmem whether to run a stock broker with its log dir on the PMem file system too
   */
  public KafkaFlushBenchmark(
      Path libs,
      Path agentJar,
      Path disk,
      Path pmem,
      int seconds,
      int recordBytes,
      int lingerMillis,
      int batchBytes,
      boolean agentLogDirOnPmem,
      boolean stockOnPmem) {
    this.libs = libs;
    this.agentJar = agentJar;
    this.disk = disk;
    this.pmem = pmem;
    this.seconds = seconds;
    this.recordBytes = recordBytes;
    this.lingerMillis = lingerMillis;
    this.batchBytes = batchBytes;
    this.agentLogDirOnPmem = agentLogDirOnPmem;
    this.stockOnPmem = stockOnPmem;
  }

  /**
   * A run configured from system properties (see the class comment).
   *
   * @param libs the Kafka jars
   * @param agentJar the agent jar
   * @return the benchmark
   */
  public static KafkaFlushBenchmark fromSystemProperties(Path libs, Path agentJar) {
    return new KafkaFlushBenchmark(
        libs,
        agentJar,
        Path.of(System.getProperty("mixchannel.kafka.bench.disk", "/var/tmp")),
        Path.of(System.getProperty("mixchannel.kafka.bench.pmem", "/dev/shm")),
        Integer.getInteger("mixchannel.kafka.bench.seconds", 20),
        Integer.getInteger("mixchannel.kafka.bench.record.bytes", 1024),
        Integer.getInteger("mixchannel.kafka.bench.linger.ms", 5),
        Integer.getInteger("mixchannel.kafka.bench.batch.bytes", 16384),
        Boolean.parseBoolean(
            System.getProperty("mixchannel.kafka.bench.agent.logdir.pmem", "true")),
        Boolean.parseBoolean(System.getProperty("mixchannel.kafka.bench.stock.pmem", "true")));
  }

  /**
   * Runs the stock broker on disk, the stock broker on the PMem file system (when configured), then
   * the broker with the agent.
   *
   * @return the results: stock on disk first, the agent broker last
   * @throws Exception when a broker fails
   */
  public List<Result> run() throws Exception {
    String id = Uuid.randomUuid().toString().replace("-", "").substring(0, 8);
    Path stockHome = disk.resolve("mixchannel-bench-stock-" + id);
    Path stockPmemHome = pmem.resolve("mixchannel-bench-stock-" + id);
    Path agentHome = (agentLogDirOnPmem ? pmem : disk).resolve("mixchannel-bench-agent-" + id);
    Path diskTier = disk.resolve("mixchannel-bench-disktier-" + id);
    Path pool = pmem.resolve("mixchannel-bench-pmem-" + id);
    List<Result> results = new ArrayList<>();
    try {
      results.add(measure("stock broker, log on disk", stockHome, Map.of(), false));
      if (stockOnPmem) {
        results.add(measure("stock broker, log on tmpfs", stockPmemHome, Map.of(), false));
        deleteTree(stockPmemHome);
      }
      Map<String, String> tiers = new LinkedHashMap<>();
      tiers.put("mixchannel.tiers", "pmem,disk");
      tiers.put("mixchannel.tier.pmem.kind", "PMEM");
      tiers.put("mixchannel.tier.pmem.paths", pool.toString());
      tiers.put("mixchannel.tier.pmem.capacity", "4g");
      tiers.put("mixchannel.tier.disk.kind", "HDD");
      tiers.put("mixchannel.tier.disk.paths", diskTier.toString());
      tiers.put("mixchannel.migrate.threshold", "0.9");
      String where = agentLogDirOnPmem ? "log dir on tmpfs" : "log dir on disk";
      results.add(measure("agent broker, PMem tier, " + where, agentHome, tiers, true));
    } finally {
      deleteTree(stockHome);
      deleteTree(stockPmemHome);
      deleteTree(agentHome);
      deleteTree(pool);
      deleteTree(diskTier);
    }
    return results;
  }

  private Result measure(String name, Path home, Map<String, String> extra, boolean agent)
      throws Exception {
    Map<String, String> config = new LinkedHashMap<>(extra);
    config.put("log.flush.interval.messages", "1");
    config.put("num.io.threads", "4");
    try (KafkaBroker broker = new KafkaBroker(home, libs, config)) {
      broker.format(Uuid.randomUuid().toString());
      List<String> jvm =
          agent ? List.of("-javaagent:" + agentJar + "=" + broker.serverProperties()) : List.of();
      broker.startForBenchmark(jvm);
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), "bench");
      traffic.createTopic(Map.of("segment.bytes", Integer.toString(256 << 20)));
      produce(broker.bootstrap(), 3);
      long records = produce(broker.bootstrap(), seconds);
      broker.stop();
      double mb = records * (double) recordBytes / seconds / 1e6;
      return new Result(name, records, mb);
    }
  }

  /** Sends for a number of seconds with acks=1 and at most 5 requests in flight. */
  private long produce(String bootstrap, int durationSeconds) throws Exception {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.ACKS_CONFIG, "1");
    p.put(ProducerConfig.LINGER_MS_CONFIG, Integer.toString(lingerMillis));
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(batchBytes));
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
    byte[] value = new byte[recordBytes];
    AtomicLong acked = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    Semaphore window = new Semaphore(10_000);
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(durationSeconds);
      while (System.nanoTime() < end && failure.get() == null) {
        window.acquire();
        producer.send(
            new ProducerRecord<>("bench", 0, null, value),
            (metadata, e) -> {
              window.release();
              if (e != null) {
                failure.compareAndSet(null, e);
              } else if (System.nanoTime() < end) {
                acked.incrementAndGet();
              }
            });
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw failure.get();
    }
    return acked.get();
  }

  /**
   * Runs the benchmark from the command line (class path: the test classes and the Kafka jars).
   *
   * @param args {@code <kafka libs dir> <agent jar>}
   * @throws Exception when a broker fails
   */
  public static void main(String[] args) throws Exception {
    print(fromSystemProperties(Path.of(args[0]), Path.of(args[1])).run());
  }

  /**
   * Prints the results and the ratios: each broker against the stock broker on disk, and the agent
   * broker against the stock broker on the PMem file system when that one ran.
   *
   * @param results stock on disk first, the agent broker last
   */
  public static void print(List<Result> results) {
    double stockDisk = results.get(0).megabytesPerSecond();
    for (Result r : results) {
      System.out.printf(
          Locale.ROOT,
          "%-48s %10d records %9.1f MB/s %6.1fx stock on disk%n",
          r.name(),
          r.records(),
          r.megabytesPerSecond(),
          r.megabytesPerSecond() / stockDisk);
    }
    Result agent = results.get(results.size() - 1);
    System.out.printf(
        Locale.ROOT, "ratio agent/stock on disk: %.1fx%n", agent.megabytesPerSecond() / stockDisk);
    if (results.size() == 3) {
      System.out.printf(
          Locale.ROOT,
          "ratio agent/stock on tmpfs (same medium): %.2fx%n",
          agent.megabytesPerSecond() / results.get(1).megabytesPerSecond());
    }
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
}
