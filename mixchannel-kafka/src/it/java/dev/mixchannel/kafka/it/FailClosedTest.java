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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A stock Kafka never runs on a log dir whose segment bytes are on a fast tier (issue 17): a broker
 * with the agent writes and stops (clean, then kill -9); a broker without it on the same log dir
 * refuses to start and changes no file (file lists, sizes and hashes compared), and {@code
 * kafka-dump-log} without the agent fails on a hot segment; the broker with the agent then reads
 * every record; after {@code Evacuate} the stock broker starts and reads every record. With two
 * data log dirs (JBOD) the stock broker takes the marked one offline, unchanged, and serves the
 * other. With its PMem pool lost (an empty pool directory) the broker with the agent refuses the
 * log dir instead of serving empty segments, and reads every record once the pool is back. Runs
 * with {@code -Dmixchannel.kafka.failclosed=true} (both it modules in CI; the JBOD case where the
 * end-to-end tests run).
 */
@Tag("slow")
class FailClosedTest {

  private static final int RECORDS = 20_000;
  private static final int MORE = 5_000;
  private static final String TOPIC = "fc";
  private static final String REFUSAL = "Invalid meta.properties version string 'mixchannel-1'";

  @BeforeAll
  static void locate() {
    assumeTrue(
        Boolean.getBoolean("mixchannel.kafka.failclosed"),
        "fail-closed broker test off (-Dmixchannel.kafka.failclosed=true turns it on)");
  }

  @Test
  void shouldRefuseStockBrokerOnMarkedLogDirUntilEvacuateAndLoseNothing() throws Exception {
    String id = BrokerTests.newId();
    Path home = BrokerTests.work().resolve("failclosed-" + id);
    Path pmem = TestFiles.pmemDirectory("fc-" + id, home);
    try (KafkaBroker broker =
        new KafkaBroker(home, BrokerTests.libs(), BrokerTests.pmemTier(pmem, "32m", "0.9"))) {
      List<String> agent = BrokerTests.agent(broker.serverProperties());
      broker.format(Uuid.randomUuid().toString());
      broker.start(agent);
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), TOPIC);
      traffic.createTopic(Map.of("segment.bytes", "1048576"));
      traffic.produce(0, RECORDS);
      assertThat(broker.stop()).isIn(0, 143);
      Path logDir = broker.logDir();
      Path partition = logDir.resolve(traffic.partitionDir());
      List<String> segments = TestFiles.segmentFiles(partition);
      Path hot = partition.resolve(segments.get(segments.size() - 1));
      assertThat(FileSnapshot.isPlaceholder(hot)).as("the active segment is hot").isTrue();
      assertThat(Files.readString(logDir.resolve("meta.properties"))).contains("mixchannel-1");

      int cleanRefusal = refuse(broker, logDir, "after a clean stop");
      DumpLog.Result dump = DumpLog.run(broker, List.of(), "dump-hot-stock.log", hot);
      assertThat(dump.exitCode()).as(dump.output()).isNotZero();
      assertThat(dump.output()).contains("smaller than minimum record overhead");
      assertThat(dump.recordsOf(hot)).isEmpty();

      broker.start(agent);
      assertThat(traffic.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);
      traffic.produce(RECORDS, RECORDS + MORE);
      broker.kill();
      int killRefusal = refuse(broker, logDir, "after kill -9");

      broker.start(agent);
      long afterKill = traffic.consumeAndVerify(RECORDS + MORE);
      assertThat(afterKill).isEqualTo(RECORDS + MORE);
      assertThat(broker.stop()).isIn(0, 143);

      int divergentExit = plantDivergentCopies(broker, partition, agent);
      int lostExit = loseThePool(broker, partition, pmem, agent);
      broker.start(agent);
      long afterResolve = traffic.consumeAndVerify(RECORDS + MORE);
      assertThat(afterResolve).isEqualTo(RECORDS + MORE);
      assertThat(broker.stop()).isIn(0, 143);

      assertThat(BrokerTests.evacuate(broker)).contains("removed the MixChannel mark of");
      assertThat(Files.readString(logDir.resolve("meta.properties"))).doesNotContain("mixchannel");
      broker.start(List.of());
      long stock = traffic.consumeAndVerify(RECORDS + MORE);
      assertThat(stock).isEqualTo(RECORDS + MORE);
      assertThat(broker.stop()).isIn(0, 143);
      System.out.printf(
          "[fail-closed %s] stock broker refused the marked log dir after a clean stop (exit %d)"
              + " and after kill -9 (exit %d), no file changed; kafka-dump-log without the agent"
              + " failed on a hot segment (exit %d); the agent broker read %d of %d; with a hot"
              + " segment's file written without the agent the agent broker refused to serve"
              + " (exit %d), both copies kept; with its PMem pool lost it refused again (exit %d),"
              + " no file changed; it read %d of %d once resolved and the pool back; after"
              + " Evacuate the stock broker read %d of %d%n",
          System.getProperty("mixchannel.kafka.version"),
          cleanRefusal,
          killRefusal,
          dump.exitCode(),
          afterKill,
          RECORDS + MORE,
          divergentExit,
          lostExit,
          afterResolve,
          RECORDS + MORE,
          stock,
          RECORDS + MORE);
      TestFiles.deleteTree(home);
    } finally {
      TestFiles.deleteTree(pmem);
    }
  }

  @Test
  void shouldTakeOnlyMarkedLogDirOfflineWhenStockBrokerRunsOnJbod() throws Exception {
    BrokerTests.assumeOn();
    String id = BrokerTests.newId();
    Path home = BrokerTests.work().resolve("failclosed-jbod-" + id);
    Path pmem = TestFiles.pmemDirectory("fcj-" + id, home);
    Map<String, String> config = BrokerTests.pmemTier(pmem, "32m", "0.9");
    config.put("log.dirs", home.resolve("logs-a") + "," + home.resolve("logs-b"));
    config.put("metadata.log.dir", home.resolve("metadata").toString());
    config.put("mixchannel.kafka.topics.exclude", "__.*|plain");
    try (KafkaBroker broker = new KafkaBroker(home, BrokerTests.libs(), config)) {
      List<String> agent = BrokerTests.agent(broker.serverProperties());
      broker.format(Uuid.randomUuid().toString());
      broker.start(agent);
      // The broker places each new partition in the log dir with the fewest: one topic in each.
      RecordTraffic plain = new RecordTraffic(broker.bootstrap(), "plain");
      plain.createTopic(Map.of("segment.bytes", "1048576"));
      RecordTraffic hot = new RecordTraffic(broker.bootstrap(), TOPIC);
      hot.createTopic(Map.of("segment.bytes", "1048576"));
      plain.produce(0, RECORDS);
      hot.produce(0, RECORDS);
      assertThat(broker.stop()).isIn(0, 143);
      Path a = home.resolve("logs-a");
      Path b = home.resolve("logs-b");
      Path marked = Files.isDirectory(a.resolve(hot.partitionDir())) ? a : b;
      Path other = marked.equals(a) ? b : a;
      assertThat(other.resolve(plain.partitionDir())).isDirectory();
      assertThat(Files.readString(marked.resolve("meta.properties"))).contains("mixchannel-1");
      assertThat(Files.readString(other.resolve("meta.properties"))).doesNotContain("mixchannel");

      Map<String, String> before = FileSnapshot.of(marked);
      broker.start(List.of());
      long plainRead = plain.consumeAndVerify(RECORDS);
      assertThat(plainRead).isEqualTo(RECORDS);
      assertThat(broker.stop()).isIn(0, 143);
      assertThat(refusals(broker)).as(broker.tail("server.log")).isPositive();
      assertThat(FileSnapshot.of(marked)).as("the marked log dir unchanged").isEqualTo(before);

      broker.start(agent);
      long hotRead = hot.consumeAndVerify(RECORDS);
      assertThat(hotRead).isEqualTo(RECORDS);
      assertThat(plain.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);
      assertThat(broker.stop()).isIn(0, 143);
      System.out.printf(
          "[fail-closed jbod %s] stock broker took the marked log dir offline unchanged and read"
              + " %d of %d from the other; the agent broker then read %d of %d from the marked"
              + " one%n",
          System.getProperty("mixchannel.kafka.version"), plainRead, RECORDS, hotRead, RECORDS);
      TestFiles.deleteTree(home);
    } finally {
      TestFiles.deleteTree(pmem);
    }
  }

  /**
   * Issue 17's scenario, planted by hand (a stock broker now refuses the marked dir): a hot
   * segment's file gets bytes written without the agent. The broker with the agent refuses to serve
   * (Kafka's log-dir failure: the single log dir holds the metadata log, so it exits), names the
   * segment and changes neither copy; the test then resolves it by hand, keeping the fast copy
   * (what {@code mixchannel-tool resolve --keep pmem} does: the file becomes its placeholder
   * again).
   */
  private static int plantDivergentCopies(KafkaBroker broker, Path partition, List<String> agent)
      throws Exception {
    List<String> segments = TestFiles.segmentFiles(partition);
    Path hot = partition.resolve(segments.get(segments.size() - 1));
    byte[] placeholder = Files.readAllBytes(hot);
    assertThat(FileSnapshot.isPlaceholder(hot)).isTrue();
    Files.writeString(hot, "records a broker without the agent acknowledged");
    Map<String, String> before = FileSnapshot.of(partition);
    int exit = broker.startRefused(agent);
    assertThat(exit).as(broker.tail("server.log")).isNotZero();
    assertThat(Files.readString(broker.home().resolve("server.log")))
        .contains("copies on two tiers differ")
        .contains(partition.getFileName() + "/" + hot.getFileName());
    assertThat(FileSnapshot.of(partition)).as("both copies kept").isEqualTo(before);
    Files.write(hot, placeholder);
    return exit;
  }

  /**
   * The fast tier lost, as a tmpfs pool is by a reboot or a PMem DAX mount that failed at boot: the
   * pool directory replaced by an empty one. The broker with the agent must not serve the hot
   * segments as empty: the adapter refuses the log dir (the single one holds the metadata log, so
   * Kafka exits), naming it, and changes no file of it; the test then puts the pool back.
   */
  private static int loseThePool(KafkaBroker broker, Path partition, Path pmem, List<String> agent)
      throws Exception {
    Path aside = pmem.resolveSibling(pmem.getFileName() + ".lost");
    Files.move(pmem, aside);
    Files.createDirectories(pmem);
    try {
      Map<String, String> before = FileSnapshot.of(partition);
      int exit = broker.startRefused(agent);
      assertThat(exit).as(broker.tail("server.log")).isNotZero();
      assertThat(Files.readString(broker.home().resolve("server.log")))
          .contains("no longer holds them")
          .contains("logDir=" + broker.logDir());
      assertThat(FileSnapshot.of(partition)).as("placeholders unchanged").isEqualTo(before);
      return exit;
    } finally {
      TestFiles.deleteTree(pmem);
      Files.move(aside, pmem);
    }
  }

  /** A stock broker on the marked log dir exits before it loads a partition, changing no file. */
  private static int refuse(KafkaBroker broker, Path logDir, String when) throws Exception {
    Map<String, String> before = FileSnapshot.of(logDir);
    int seen = refusals(broker);
    int exit = broker.startRefused(List.of());
    assertThat(exit).as("stock broker exit code " + when).isNotZero();
    assertThat(refusals(broker)).as(broker.tail("server.log")).isGreaterThan(seen);
    assertThat(FileSnapshot.of(logDir)).as("log dir unchanged " + when).isEqualTo(before);
    return exit;
  }

  /** How often the brokers' log says Kafka refused a marked log dir. */
  private static int refusals(KafkaBroker broker) throws java.io.IOException {
    Path log = broker.home().resolve("server.log");
    String text = Files.exists(log) ? Files.readString(log) : "";
    return text.split(java.util.regex.Pattern.quote(REFUSAL), -1).length - 1;
  }
}
