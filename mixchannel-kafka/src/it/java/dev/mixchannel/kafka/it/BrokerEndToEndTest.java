package dev.mixchannel.kafka.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import javax.management.remote.JMXConnector;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real KRaft broker in a child JVM: once with the MixChannel agent (records in the tiers, sealed
 * segments migrating to the disk tier, retention deleting keys, kill -9 and recovery, evacuation
 * and a restart without the agent), and once without it as the control. Runs with {@code
 * -Dmixchannel.kafka.e2e=true}.
 */
class BrokerEndToEndTest {

  private static final int RECORDS = 50_000;
  private static final String TOPIC = "e2e";
  private static final String PARTITION_DIR = TOPIC + "-0";

  private static Path work;
  private static Path libs;
  private static Path agentJar;

  @BeforeAll
  static void locate() {
    assumeTrue(
        Boolean.parseBoolean(System.getProperty("mixchannel.kafka.e2e", "false")),
        "end-to-end broker test off (-Dmixchannel.kafka.e2e=true turns it on)");
    work = Path.of(System.getProperty("mixchannel.kafka.work"));
    libs = Path.of(System.getProperty("mixchannel.kafka.libs"));
    agentJar = Path.of(System.getProperty("mixchannel.kafka.agent"));
  }

  @Test
  void shouldKeepEveryRecordWhenBrokerRunsOnMixChannel() throws Exception {
    Path home = work.resolve("agent-" + UUID.randomUUID().toString().substring(0, 8));
    Path pmem = pmemDirectory(home);
    Map<String, String> tiers = new LinkedHashMap<>();
    tiers.put("mixchannel.tiers", "pmem,disk");
    tiers.put("mixchannel.tier.pmem.kind", "PMEM");
    tiers.put("mixchannel.tier.pmem.paths", pmem.toString());
    tiers.put("mixchannel.tier.pmem.capacity", "24m");
    tiers.put("mixchannel.tier.disk.kind", "HDD");
    tiers.put("mixchannel.tier.disk.paths", home.resolve("disk").toString());
    tiers.put("mixchannel.pmem.extent.size", "1m");
    tiers.put("mixchannel.pmem.pretouch", "false");
    tiers.put("mixchannel.migrate.threshold", "0.25");
    tiers.put("mixchannel.migrate.idle.ms", "2000");
    tiers.put("mixchannel.migrate.interval.ms", "500");
    tiers.put("mixchannel.kafka.sweep.interval.ms", "2000");
    try (KafkaBroker broker = new KafkaBroker(home, libs, tiers)) {
      // The agent reads the broker's own server.properties: tiers and log.dirs in one file.
      List<String> agent = List.of("-javaagent:" + agentJar + "=" + broker.serverProperties());
      broker.format(Uuid.randomUuid().toString());
      broker.start(agent);
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), TOPIC);
      traffic.createTopic(Map.of("segment.bytes", "1048576", "file.delete.delay.ms", "500"));
      traffic.produce(0, RECORDS);
      assertThat(traffic.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);

      List<String> anchors = anchors(broker.logDir());
      assertThat(anchors).hasSizeGreaterThan(5);
      for (String anchor : anchors) {
        assertThat(broker.logDir().resolve(PARTITION_DIR).resolve(anchor)).isEmptyFile();
      }
      String active = anchors.get(anchors.size() - 1);
      Map<String, String> tiersByFile =
          awaitTiers(
              broker,
              t ->
                  t.size() == anchors.size()
                      && "pmem".equals(t.get(active))
                      && t.containsValue("disk"),
              "segments keyed, the active one on pmem and sealed ones migrated to disk");
      assertThat(tiersByFile.keySet()).containsExactlyInAnyOrderElementsOf(anchors);

      traffic.alterTopic(Map.of("retention.bytes", "3145728"));
      Map<String, String> retained =
          awaitTiers(
              broker,
              t -> t.size() <= 5 && t.keySet().stream().noneMatch(k -> k.endsWith(".deleted")),
              "old segments deleted from the tiers by retention");
      assertThat(retained.keySet()).containsExactlyInAnyOrderElementsOf(anchors(broker.logDir()));
      long start = traffic.earliestOffset();
      assertThat(start).isPositive();
      // No more deletions from here on, so every later read must start at the same offset.
      traffic.alterTopic(Map.of("retention.bytes", "-1"));

      broker.kill();
      broker.start(agent);
      assertThat(traffic.consumeAndVerify(RECORDS)).isEqualTo(RECORDS - start);
      traffic.produce(RECORDS, RECORDS + 1_000);
      assertThat(traffic.consumeAndVerify(RECORDS + 1_000)).isEqualTo(RECORDS + 1_000 - start);
      assertThat(broker.stop()).isIn(0, 143);

      int evacuated =
          broker.runTool(
              List.of(agentJar),
              "dev.mixchannel.kafka.Evacuate",
              "evacuate.log",
              broker.serverProperties().toString());
      assertThat(evacuated).as(broker.tail("evacuate.log")).isZero();
      assertThat(broker.tail("evacuate.log")).contains("done:");

      broker.start(List.of());
      assertThat(traffic.consumeAndVerify(RECORDS + 1_000)).isEqualTo(RECORDS + 1_000 - start);
      assertThat(broker.stop()).isIn(0, 143);
    } finally {
      deleteTree(pmem);
    }
  }

  @Test
  void shouldKeepEveryRecordWhenBrokerRunsWithoutAgent() throws Exception {
    Path home = work.resolve("control-" + UUID.randomUUID().toString().substring(0, 8));
    try (KafkaBroker broker = new KafkaBroker(home, libs, Map.of())) {
      broker.format(Uuid.randomUuid().toString());
      broker.start(List.of());
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), TOPIC);
      traffic.createTopic(Map.of("segment.bytes", "1048576", "file.delete.delay.ms", "500"));
      traffic.produce(0, RECORDS);
      assertThat(traffic.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);
      assertThat(anchors(broker.logDir())).hasSizeGreaterThan(5);

      traffic.alterTopic(Map.of("retention.bytes", "3145728"));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (anchors(broker.logDir()).size() > 5 && System.nanoTime() < deadline) {
        Thread.sleep(250);
      }
      long start = traffic.earliestOffset();
      assertThat(start).isPositive();
      // No more deletions from here on, so every later read must start at the same offset.
      traffic.alterTopic(Map.of("retention.bytes", "-1"));

      broker.kill();
      broker.start(List.of());
      assertThat(traffic.consumeAndVerify(RECORDS)).isEqualTo(RECORDS - start);
      assertThat(broker.stop()).isIn(0, 143);
    }
  }

  /** Waits up to 30 s for the agent's view of the topic's segments to satisfy a condition. */
  private static Map<String, String> awaitTiers(
      KafkaBroker broker, Predicate<Map<String, String>> condition, String what) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Map<String, String> last = Map.of();
    try (JMXConnector jmx = broker.jmx()) {
      AgentView view = new AgentView(jmx.getMBeanServerConnection());
      while (System.nanoTime() < deadline) {
        last = topicTiers(view);
        if (condition.test(last)) {
          return last;
        }
        Thread.sleep(250);
      }
    }
    throw new AssertionError("timed out waiting for " + what + "; last view: " + last);
  }

  /** The topic's segment files mapped to the tier holding each. */
  private static Map<String, String> topicTiers(AgentView view) throws IOException {
    Map<String, String> byFile = new LinkedHashMap<>();
    view.tiersByKey()
        .forEach(
            (key, tier) -> {
              String[] parts = key.split("/");
              if (parts[1].equals(PARTITION_DIR)) {
                byFile.put(parts[2], tier);
              }
            });
    return byFile;
  }

  /** The segment files of the topic's partition, sorted by name. */
  private static List<String> anchors(Path logDir) throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> files =
        Files.newDirectoryStream(logDir.resolve(PARTITION_DIR), "*.log*")) {
      for (Path file : files) {
        names.add(file.getFileName().toString());
      }
    }
    names.sort(Comparator.naturalOrder());
    return names;
  }

  private static Path pmemDirectory(Path home) throws IOException {
    Path shm = Path.of("/dev/shm");
    if (Files.isDirectory(shm) && Files.isWritable(shm)) {
      return Files.createDirectories(shm.resolve("mixchannel-e2e-" + home.getFileName()));
    }
    return Files.createDirectories(home.resolve("pmem"));
  }

  private static void deleteTree(Path root) throws IOException {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
