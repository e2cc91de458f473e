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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.management.remote.JMXConnector;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A real KRaft broker in a child JVM: once with the MixChannel agent and once without it as the
 * control. With the agent: the active segment stays on the PMem tier behind an empty placeholder,
 * sealed segments are demoted into their own {@code .log} files in the log dir (the last tier),
 * which Kafka's {@code kafka-dump-log} reads without the agent; the tool with the agent neither
 * fails nor hangs while the broker holds the tiers, and reads a hot segment whole once the broker
 * is stopped; a deleted topic's keys go; retention deletes keys; kill -9 and recovery lose nothing;
 * {@code Evacuate} demotes every segment into its file and a broker without the agent reads
 * everything. Runs with {@code -Dmixchannel.kafka.e2e=true}.
 */
@Tag("slow")
class BrokerEndToEndTest {

  private static final int RECORDS = 50_000;
  private static final String TOPIC = "e2e";
  private static final long TOOL_EXIT_MILLIS = 60_000;
  private static final String EXCLUDED = "plain";

  @BeforeAll
  static void locate() {
    BrokerTests.assumeOn();
  }

  @Test
  void shouldKeepEveryRecordWhenBrokerRunsOnMixChannel() throws Exception {
    String id = BrokerTests.newId();
    Path home = BrokerTests.work().resolve("agent-" + id);
    Path pmem = TestFiles.pmemDirectory("e2e-" + id, home);
    Map<String, String> tiers = BrokerTests.pmemTier(pmem, "24m", "0.25");
    tiers.put("mixchannel.migrate.idle.ms", "2000");
    tiers.put("mixchannel.migrate.interval.ms", "500");
    tiers.put("mixchannel.kafka.sweep.interval.ms", "2000");
    tiers.put("mixchannel.kafka.topics.exclude", EXCLUDED);
    try (KafkaBroker broker = new KafkaBroker(home, BrokerTests.libs(), tiers)) {
      // The agent reads the broker's own server.properties: tiers and log.dirs in one file.
      List<String> agent = BrokerTests.agent(broker.serverProperties());
      broker.format(Uuid.randomUuid().toString());
      broker.start(agent);
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), TOPIC);
      traffic.createTopic(Map.of("segment.bytes", "1048576", "file.delete.delay.ms", "500"));
      traffic.produce(0, RECORDS);
      assertThat(traffic.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);
      // A topic the agent leaves to Kafka: its segments are Kafka's own files only, never keys.
      RecordTraffic excluded = new RecordTraffic(broker.bootstrap(), EXCLUDED);
      excluded.createTopic(Map.of("segment.bytes", "1048576"));
      excluded.produce(0, 3_000);
      Path excludedSegment =
          broker.logDir().resolve(excluded.partitionDir()).resolve(segmentName(0));
      assertThat(excludedSegment).isNotEmptyFile();

      Path partition = broker.logDir().resolve(traffic.partitionDir());
      List<String> files = TestFiles.segmentFiles(partition);
      assertThat(files).hasSizeGreaterThan(5);
      String active = files.get(files.size() - 1);
      Map<String, String> placed =
          awaitTiers(
              broker,
              partition,
              t ->
                  t.keySet().equals(Set.copyOf(files))
                      && "pmem".equals(t.get(active))
                      && t.containsValue(LOGDIR),
              "every segment keyed, the active one on pmem, sealed ones demoted into the log dir");

      // kafka-dump-log reads a cold segment's own file without the agent; with the agent while
      // the broker holds the tiers it reads the files as they are (a hot one as its empty
      // placeholder) and exits promptly.
      String cold = firstOn(placed, LOGDIR);
      long coldEnd = baseOffset(files.get(files.indexOf(cold) + 1));
      DumpLog.Result plain =
          DumpLog.run(broker, List.of(), "dump-cold.log", partition.resolve(cold));
      assertThat(plain.exitCode()).as(plain.output()).isZero();
      assertRecords(plain.recordsOf(partition.resolve(cold)), baseOffset(cold), coldEnd, traffic);
      DumpLog.Result running =
          DumpLog.run(
              broker,
              agent,
              "dump-agent-running.log",
              partition.resolve(cold),
              excludedSegment,
              partition.resolve(active));
      assertThat(running.exitCode()).as("refused the hot segment").isNotZero();
      assertThat(running.output()).contains("held by another process");
      assertThat(running.millis()).isLessThan(TOOL_EXIT_MILLIS);
      assertRecords(running.recordsOf(partition.resolve(cold)), baseOffset(cold), coldEnd, traffic);
      assertThat(running.recordsOf(partition.resolve(active))).isEmpty();
      assertRecords(running.recordsOf(excludedSegment), 0, 3_000, excluded);
      try (JMXConnector jmx = broker.jmx()) {
        assertThat(new AgentView(jmx.getMBeanServerConnection()).tiersByKey().keySet())
            .noneMatch(key -> key.contains("/" + excluded.partitionDir() + "/"));
      }

      long deletedTopicMillis = shouldDropKeysOfDeletedTopic(broker);
      try (JMXConnector jmx = broker.jmx()) {
        // The fast tiers' figures beside Kafka's (DescribeLogDirs describes the log dir's disk).
        AgentView view = new AgentView(jmx.getMBeanServerConnection());
        long capacity = view.counter("FastTierCapacityBytes");
        assertThat(capacity).isPositive().isLessThanOrEqualTo(24L << 20);
        assertThat(view.counter("FastTierFreeBytes")).isBetween(0L, capacity);
      }

      traffic.alterTopic(Map.of("retention.bytes", "3145728"));
      awaitTiers(
          broker,
          partition,
          t ->
              t.size() <= 5
                  && t.keySet().stream().noneMatch(k -> k.endsWith(".deleted"))
                  && t.keySet().equals(Set.copyOf(segmentFilesOrNone(partition))),
          "old segments deleted from the tiers by retention");
      long start = traffic.earliestOffset();
      assertThat(start).isPositive();
      // No more deletions from here on, so every later read must start at the same offset.
      traffic.alterTopic(Map.of("retention.bytes", "-1"));

      broker.kill();
      broker.start(agent);
      long afterKill = traffic.consumeAndVerify(RECORDS);
      assertThat(afterKill).isEqualTo(RECORDS - start);
      traffic.produce(RECORDS, RECORDS + 1_000);
      assertThat(traffic.consumeAndVerify(RECORDS + 1_000)).isEqualTo(RECORDS + 1_000 - start);
      assertThat(broker.stop()).isIn(0, 143);

      // With the broker stopped, the tool with the agent reads a hot segment whole.
      List<String> left = TestFiles.segmentFiles(partition);
      String hot = left.get(left.size() - 1);
      assertThat(FileSnapshot.isPlaceholder(partition.resolve(hot)))
          .as("the active segment is a placeholder")
          .isTrue();
      DumpLog.Result stopped =
          DumpLog.run(broker, agent, "dump-agent-stopped.log", partition.resolve(hot));
      assertThat(stopped.exitCode()).as(stopped.output()).isZero();
      assertThat(stopped.millis()).isLessThan(TOOL_EXIT_MILLIS);
      assertRecords(
          stopped.recordsOf(partition.resolve(hot)), baseOffset(hot), RECORDS + 1_000, traffic);

      // Evacuate demotes everything: every segment is its own file again.
      assertThat(BrokerTests.evacuate(broker)).contains("done:");
      for (String file : TestFiles.segmentFiles(partition)) {
        assertThat(Files.size(partition.resolve(file))).as(file).isPositive();
      }

      broker.start(List.of());
      long read = traffic.consumeAndVerify(RECORDS + 1_000);
      assertThat(read).isEqualTo(RECORDS + 1_000 - start);
      assertThat(broker.stop()).isIn(0, 143);
      System.out.printf(
          "[e2e agent] read %d of %d after kill -9; kafka-dump-log printed %d of %d records of a"
              + " cold segment without the agent and %d with the agent while the broker ran (in %d"
              + " ms), %d of %d of the hot segment with the agent and the broker stopped (in %d ms);"
              + " a deleted topic's keys were gone %d ms after the deletion; read %d of %d after"
              + " Evacuate without the agent%n",
          afterKill,
          RECORDS - start,
          plain.recordsOf(partition.resolve(cold)).size(),
          coldEnd - baseOffset(cold),
          running.recordsOf(partition.resolve(cold)).size(),
          running.millis(),
          stopped.recordsOf(partition.resolve(hot)).size(),
          RECORDS + 1_000 - baseOffset(hot),
          stopped.millis(),
          deletedTopicMillis,
          read,
          RECORDS + 1_000 - start);
      TestFiles.deleteTree(home);
    } finally {
      TestFiles.deleteTree(pmem);
    }
  }

  @Test
  void shouldKeepEveryRecordWhenBrokerRunsWithoutAgent() throws Exception {
    Path home = BrokerTests.work().resolve("control-" + BrokerTests.newId());
    try (KafkaBroker broker = new KafkaBroker(home, BrokerTests.libs(), Map.of())) {
      broker.format(Uuid.randomUuid().toString());
      broker.start(List.of());
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), TOPIC);
      traffic.createTopic(Map.of("segment.bytes", "1048576", "file.delete.delay.ms", "500"));
      traffic.produce(0, RECORDS);
      assertThat(traffic.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);
      Path partition = broker.logDir().resolve(traffic.partitionDir());
      List<String> files = TestFiles.segmentFiles(partition);
      assertThat(files).hasSizeGreaterThan(5);

      DumpLog.Result plain =
          DumpLog.run(broker, List.of(), "dump-sealed.log", partition.resolve(files.get(0)));
      assertThat(plain.exitCode()).as(plain.output()).isZero();
      assertRecords(
          plain.recordsOf(partition.resolve(files.get(0))),
          baseOffset(files.get(0)),
          baseOffset(files.get(1)),
          traffic);

      traffic.alterTopic(Map.of("retention.bytes", "3145728"));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (TestFiles.segmentFiles(partition).size() > 5 && System.nanoTime() < deadline) {
        Thread.sleep(250);
      }
      long start = traffic.earliestOffset();
      assertThat(start).isPositive();
      // No more deletions from here on, so every later read must start at the same offset.
      traffic.alterTopic(Map.of("retention.bytes", "-1"));

      broker.kill();
      broker.start(List.of());
      long afterKill = traffic.consumeAndVerify(RECORDS);
      assertThat(afterKill).isEqualTo(RECORDS - start);
      assertThat(broker.stop()).isIn(0, 143);
      broker.start(List.of());
      long read = traffic.consumeAndVerify(RECORDS);
      assertThat(read).isEqualTo(RECORDS - start);
      assertThat(broker.stop()).isIn(0, 143);
      System.out.printf(
          "[e2e control] read %d of %d after kill -9, %d of %d after a clean restart;"
              + " kafka-dump-log printed %d of %d records of a sealed segment%n",
          afterKill,
          RECORDS - start,
          read,
          RECORDS - start,
          plain.recordsOf(partition.resolve(files.get(0))).size(),
          baseOffset(files.get(1)) - baseOffset(files.get(0)));
      TestFiles.deleteTree(home);
    }
  }

  /**
   * Kafka deletes a topic by renaming its partition directory ({@code -delete}) and deleting the
   * renamed directory by path: the adapter's sweep deletes the keys Kafka could not tell it about.
   *
   * @return milliseconds from the deletion until the keys were gone
   */
  private static long shouldDropKeysOfDeletedTopic(KafkaBroker broker) throws Exception {
    RecordTraffic doomed = new RecordTraffic(broker.bootstrap(), "doomed");
    doomed.createTopic(Map.of("segment.bytes", "1048576"));
    doomed.produce(0, 8_000);
    Predicate<String> ofDoomed = key -> key.split("/")[1].startsWith("doomed-0");
    awaitKeys(broker, keys -> keys.stream().anyMatch(ofDoomed), "keys of topic doomed");
    long startNanos = System.nanoTime();
    doomed.deleteTopic();
    awaitKeys(
        broker, keys -> keys.stream().noneMatch(ofDoomed), "no keys of the deleted topic doomed");
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private static final String LOGDIR = "logdir";

  private static String segmentName(long baseOffset) {
    return String.format("%020d.log", baseOffset);
  }

  /**
   * Waits up to 30 s for the agent's view of a partition's segments to satisfy a condition and to
   * agree with the files: a segment on the log-dir tier is a file with bytes, one on a fast tier an
   * empty placeholder.
   */
  private static Map<String, String> awaitTiers(
      KafkaBroker broker, Path partition, Predicate<Map<String, String>> condition, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Map<String, String> last = Map.of();
    try (JMXConnector jmx = broker.jmx()) {
      AgentView view = new AgentView(jmx.getMBeanServerConnection());
      while (System.nanoTime() < deadline) {
        last = partitionTiers(view, partition.getFileName().toString());
        if (condition.test(last) && filesAgree(partition, last)) {
          return last;
        }
        Thread.sleep(250);
      }
    }
    throw new AssertionError("timed out waiting for " + what + "; last view: " + last);
  }

  private static void awaitKeys(KafkaBroker broker, Predicate<Set<String>> condition, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Set<String> last = Set.of();
    try (JMXConnector jmx = broker.jmx()) {
      AgentView view = new AgentView(jmx.getMBeanServerConnection());
      while (System.nanoTime() < deadline) {
        last = view.tiersByKey().keySet();
        if (condition.test(last)) {
          return;
        }
        Thread.sleep(250);
      }
    }
    throw new AssertionError("timed out waiting for " + what + "; last keys: " + last);
  }

  private static boolean filesAgree(Path partition, Map<String, String> tiers) {
    try {
      for (Map.Entry<String, String> e : tiers.entrySet()) {
        long size = Files.size(partition.resolve(e.getKey()));
        if (LOGDIR.equals(e.getValue())
            == (size == 0 || FileSnapshot.isPlaceholder(partition.resolve(e.getKey())))) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** One partition's segment files mapped to the tier holding each. */
  private static Map<String, String> partitionTiers(AgentView view, String partitionDir)
      throws IOException {
    Map<String, String> byFile = new LinkedHashMap<>();
    view.tiersByKey()
        .forEach(
            (key, tier) -> {
              String[] parts = key.split("/");
              if (parts.length == 3 && parts[1].equals(partitionDir)) {
                byFile.put(parts[2], tier);
              }
            });
    return byFile;
  }

  private static List<String> segmentFilesOrNone(Path partition) {
    try {
      return TestFiles.segmentFiles(partition);
    } catch (IOException e) {
      return List.of();
    }
  }

  private static String firstOn(Map<String, String> tiers, String tier) {
    List<String> on = new ArrayList<>();
    tiers.forEach(
        (file, t) -> {
          if (t.equals(tier)) {
            on.add(file);
          }
        });
    on.sort(null);
    return on.get(0);
  }

  private static long baseOffset(String segmentFile) {
    return Long.parseLong(segmentFile.substring(0, 20));
  }

  /** The records printed are exactly those of offsets {@code from} to {@code to - 1}. */
  private static void assertRecords(
      List<OffsetValue> printed, long from, long to, RecordTraffic traffic) {
    assertThat((long) printed.size()).as("records printed").isEqualTo(to - from);
    for (int i = 0; i < printed.size(); i++) {
      OffsetValue expected = new OffsetValue(from + i, traffic.valueAt(from + i));
      assertThat(printed.get(i)).as("record %d printed", i).isEqualTo(expected);
    }
  }
}
