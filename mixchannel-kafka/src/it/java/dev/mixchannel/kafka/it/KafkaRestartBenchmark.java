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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Issue 19 item 6: how long a broker with many small partitions takes to restart, stock against the
 * agent, after a clean stop and after a kill -9. Two single-node KRaft brokers with their log dirs
 * on disk, the agent's with a PMem tier on the PMem file system (its log dir is the last tier); one
 * topic of {@link RestartSettings#partitions()} partitions with a few records each, so that the
 * time is the restart's cost, not the data's. Only one broker runs at a time.
 *
 * <p>Per round and broker (the order alternates between rounds): start it (not measured; in the
 * first round format it, create the topic and write the records), write one record to every
 * partition and stop it cleanly, start it (measured), write one record to every partition and kill
 * it, start it (measured), kill it (a clean stop of thousands of logs takes minutes on a loaded
 * machine, and the next unmeasured start does not care). A measured start runs from the child
 * process's launch to the moment one {@code ListOffsets} request answers every partition with its
 * expected log end offset ({@link PartitionsOnline}); the broker's own "Loaded N logs in X ms" line
 * is kept beside it.
 */
public final class KafkaRestartBenchmark {

  private static final String TOPIC = "restart";
  private static final Pattern LOADED = Pattern.compile("Loaded (\\d+) logs in (\\d+)ms");

  /** How the broker went down before a measured start. */
  public enum Stop {
    /** SIGTERM: Kafka's controlled shutdown, clean-shutdown markers written. */
    CLEAN("clean stop"),
    /** SIGKILL: every log recovered from its recovery point. */
    KILL("kill -9");

    private final String label;

    Stop(String label) {
      this.label = label;
    }

    /**
     * The table label.
     *
     * @return such as {@code kill -9}
     */
    public String label() {
      return label;
    }
  }

  /**
   * One measured start.
   *
   * @param agent whether the broker ran the agent
   * @param stop how it went down before
   * @param round the round, from 1
   * @param seconds from the process's launch to every partition online
   * @param logsLoadedMillis the broker's "Loaded N logs in X ms", or -1 when it logged none
   */
  public record Restart(
      boolean agent, Stop stop, int round, double seconds, long logsLoadedMillis) {}

  private final Path libs;
  private final Path agentJar;
  private final RestartSettings settings;
  private final byte[] value;

  /**
   * Configures a run.
   *
   * @param libs the Kafka jars the brokers run from
   * @param agentJar the MixChannel agent jar
   * @param settings what to measure
   */
  public KafkaRestartBenchmark(Path libs, Path agentJar, RestartSettings settings) {
    this.libs = libs.toAbsolutePath();
    this.agentJar = agentJar.toAbsolutePath();
    this.settings = settings;
    this.value = new byte[settings.recordBytes()];
  }

  /**
   * Runs every round and deletes the brokers' directories at the end.
   *
   * @return the measured starts, in the order they ran, and the table
   * @throws Exception when a broker fails, or a partition comes back without its records
   */
  public RestartReport run() throws Exception {
    double loadAtStart = loadAverage();
    String id = Uuid.randomUuid().toString().replace("-", "").substring(0, 8);
    Path diskRoot = settings.disk().toAbsolutePath().resolve("mixchannel-restart-" + id);
    Path pmemRoot = settings.pmem().toAbsolutePath().resolve("mixchannel-restart-" + id);
    Files.createDirectories(settings.out());
    List<Restart> restarts = new ArrayList<>();
    try (Subject stock = new Subject(false, diskRoot, pmemRoot);
        Subject agent = new Subject(true, diskRoot, pmemRoot)) {
      for (int round = 1; round <= settings.rounds(); round++) {
        List<Subject> order = round % 2 == 1 ? List.of(stock, agent) : List.of(agent, stock);
        for (Subject subject : order) {
          if (round == 1) {
            subject.setUp();
          } else {
            subject.startUnmeasured();
          }
          for (Stop stop : Stop.values()) {
            Restart restart = subject.restart(stop, round);
            System.out.println("restart measured: " + restart);
            restarts.add(restart);
          }
          // Unmeasured from here on: a kill is quicker than a clean stop of thousands of logs.
          subject.broker.kill();
        }
        System.out.println("restart round " + round + " of " + settings.rounds() + " done");
      }
    } finally {
      deleteTree(diskRoot);
      deleteTree(pmemRoot);
    }
    String title =
        String.format(
            Locale.ROOT,
            "Kafka restart: %d partitions of %d+ records of %d B, log dirs on disk (%s), agent's"
                + " PMem tier %s (%s extents) on %s; load average at start %.2f, at end %.2f",
            settings.partitions(),
            settings.records(),
            settings.recordBytes(),
            settings.disk(),
            settings.pmemCapacity(),
            settings.extentSize(),
            settings.pmem(),
            loadAtStart,
            loadAverage());
    return new RestartReport(title, restarts);
  }

  /** One broker and what it holds. */
  private final class Subject implements AutoCloseable {
    private final boolean agent;
    private final KafkaBroker broker;
    private final Path pmemDir;
    private long endOffset;

    Subject(boolean agent, Path diskRoot, Path pmemRoot) throws IOException {
      this.agent = agent;
      String name = agent ? "agent" : "stock";
      this.pmemDir = pmemRoot.resolve(name);
      Duration bound = Duration.ofSeconds(settings.onlineTimeoutSeconds());
      this.broker =
          new KafkaBroker(diskRoot.resolve(name), libs, config()).withTimeouts(bound, bound);
    }

    private Map<String, String> config() {
      Map<String, String> config = new LinkedHashMap<>();
      // Kafka's defaults: KafkaBroker's quick retention checks would load an idle broker.
      config.put("log.retention.check.interval.ms", "300000");
      config.put("log.initial.task.delay.ms", "30000");
      if (agent) {
        config.put("mixchannel.tiers", "pmem");
        config.put("mixchannel.tier.pmem.kind", "PMEM");
        config.put("mixchannel.tier.pmem.paths", pmemDir.resolve("pmem-tier").toString());
        config.put("mixchannel.tier.pmem.capacity", settings.pmemCapacity());
        config.put("mixchannel.pmem.extent.size", settings.extentSize());
        config.put("mixchannel.kafka.logdir.kind", "HDD");
      }
      return config;
    }

    private List<String> jvm(String recording) {
      List<String> jvm = new ArrayList<>();
      if (agent) {
        jvm.add("-javaagent:" + agentJar + "=" + broker.serverProperties());
      }
      if (recording != null) {
        Path file = settings.out().toAbsolutePath().resolve(recording + ".jfr");
        jvm.add("-XX:StartFlightRecording=name=restart,settings=profile,filename=" + file);
      }
      return jvm;
    }

    void setUp() throws Exception {
      broker.format(Uuid.randomUuid().toString());
      broker.startForBenchmark(jvm(null));
      try (Admin admin = Admin.create(adminConfig())) {
        admin
            .createTopics(List.of(new NewTopic(TOPIC, settings.partitions(), (short) 1)))
            .all()
            .get(settings.onlineTimeoutSeconds(), TimeUnit.SECONDS);
      }
      awaitOnline();
      for (int i = 0; i < settings.records(); i++) {
        writeOneRecordEach();
      }
      awaitOnline();
    }

    void startUnmeasured() throws Exception {
      broker.startForBenchmark(jvm(null));
      awaitOnline();
    }

    Restart restart(Stop stop, int round) throws Exception {
      writeOneRecordEach();
      if (stop == Stop.CLEAN) {
        broker.stop();
      } else {
        broker.kill();
      }
      int loadedBefore = loadedLines().size();
      String recording =
          settings.jfr()
              ? (agent ? "agent" : "stock")
                  + "-"
                  + stop.name().toLowerCase(Locale.ROOT)
                  + "-"
                  + round
              : null;
      long start = System.nanoTime();
      broker.startForBenchmark(jvm(recording));
      awaitOnline();
      double seconds = (System.nanoTime() - start) / 1e9;
      if (recording != null) {
        dumpRecording();
      }
      List<Long> loaded = loadedLines();
      long millis = loaded.size() > loadedBefore ? loaded.get(loaded.size() - 1) : -1;
      return new Restart(agent, stop, round, seconds, millis);
    }

    private void awaitOnline() throws Exception {
      PartitionsOnline.await(
          broker.bootstrap(),
          TOPIC,
          settings.partitions(),
          endOffset,
          Duration.ofSeconds(settings.onlineTimeoutSeconds()));
    }

    private void writeOneRecordEach() throws Exception {
      Properties config = new Properties();
      config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
      config.put(ProducerConfig.ACKS_CONFIG, "all");
      config.put(ProducerConfig.LINGER_MS_CONFIG, "5");
      config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
      config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
      config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
      List<Future<RecordMetadata>> sent = new ArrayList<>();
      try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
        for (int p = 0; p < settings.partitions(); p++) {
          sent.add(producer.send(new ProducerRecord<>(TOPIC, p, null, value)));
        }
        producer.flush();
        for (Future<RecordMetadata> future : sent) {
          future.get(settings.onlineTimeoutSeconds(), TimeUnit.SECONDS);
        }
      }
      endOffset++;
    }

    private Properties adminConfig() {
      Properties config = new Properties();
      config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
      return config;
    }

    /** The "Loaded N logs in X ms" figures of the broker's log, oldest first. */
    private List<Long> loadedLines() throws IOException {
      Path log = broker.home().resolve("server.log");
      List<Long> millis = new ArrayList<>();
      if (!Files.exists(log)) {
        return millis;
      }
      for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
        Matcher m = LOADED.matcher(line);
        if (m.find() && Integer.parseInt(m.group(1)) >= settings.partitions()) {
          millis.add(Long.parseLong(m.group(2)));
        }
      }
      return millis;
    }

    private void dumpRecording() throws Exception {
      Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
      Process dump =
          new ProcessBuilder(
                  jcmd.toString(), Long.toString(broker.pid()), "JFR.dump", "name=restart")
              .redirectErrorStream(true)
              .redirectOutput(broker.home().resolve("jcmd.log").toFile())
              .start();
      if (!dump.waitFor(60, TimeUnit.SECONDS)) {
        dump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new IllegalStateException("jcmd JFR.dump timed out: " + broker.tail("jcmd.log"));
      }
    }

    @Override
    public void close() throws InterruptedException {
      broker.close();
    }
  }

  /**
   * Runs the benchmark from the command line with the {@code mixchannel.kafka.restart.bench.*}
   * system properties (class path: the test classes and the Kafka jars) and prints the table.
   *
   * @param args {@code <kafka libs dir> <agent jar>}
   * @throws Exception when a broker fails
   */
  public static void main(String[] args) throws Exception {
    RestartSettings settings = RestartSettings.fromSystemProperties();
    RestartReport report =
        new KafkaRestartBenchmark(Path.of(args[0]), Path.of(args[1]), settings).run();
    System.out.print(report.table());
    Files.writeString(
        settings.out().resolve("kafka-restart.md"), report.table(), StandardCharsets.UTF_8);
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
}
