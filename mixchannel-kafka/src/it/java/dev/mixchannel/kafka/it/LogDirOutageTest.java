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

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import javax.management.remote.JMXConnector;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A broker with two log dirs, a partition in each: the second log dir is renamed away (what an
 * unmount or a disk answering EIO looks like to the broker) until Kafka has marked it offline and
 * the agent has swept more than twice, then renamed back, and the broker restarted: every record of
 * both partitions is read back. With the agent every segment is on the PMem tier behind an empty
 * placeholder, so a key deleted because its placeholder could not be seen would lose its records;
 * no key may be quarantined or deleted meanwhile. The control runs without the agent. Runs with
 * {@code -Dmixchannel.kafka.e2e=true}.
 */
@Tag("slow")
class LogDirOutageTest {

  private static final int RECORDS = 6_000;
  private static final int PADDING = 1_000;
  private static final String TOPIC = "outage";
  private static final int SWEEPS = 3;

  @BeforeAll
  static void locate() {
    BrokerTests.assumeOn();
  }

  @Test
  void shouldKeepEveryRecordWhenLogDirIsAwayAndBack() throws Exception {
    String id = BrokerTests.newId();
    Path home = BrokerTests.work().resolve("outage-agent-" + id);
    Path pmem = TestFiles.pmemDirectory("outage-" + id, home);
    Map<String, String> config = brokerConfig(home);
    // Every segment stays hot: its log-dir file is an empty placeholder all along.
    config.putAll(BrokerTests.pmemTier(pmem, "32m", "0.9"));
    config.put("mixchannel.kafka.sweep.interval.ms", "1000");
    try (KafkaBroker broker = new KafkaBroker(home, BrokerTests.libs(), config)) {
      run(broker, BrokerTests.agent(broker.serverProperties()), "agent");
      TestFiles.deleteTree(home);
    } finally {
      TestFiles.deleteTree(pmem);
    }
  }

  @Test
  void shouldKeepEveryRecordWhenLogDirIsAwayAndBackWithoutAgent() throws Exception {
    Path home = BrokerTests.work().resolve("outage-control-" + BrokerTests.newId());
    try (KafkaBroker broker = new KafkaBroker(home, BrokerTests.libs(), brokerConfig(home))) {
      run(broker, List.of(), "control");
      TestFiles.deleteTree(home);
    }
  }

  /** Two log dirs (the first holds the metadata log); checkpoints every second. */
  private static Map<String, String> brokerConfig(Path home) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("log.dirs", home.resolve("logs") + "," + home.resolve("logs2"));
    // Kafka notices a vanished log dir when it next writes a checkpoint file there.
    config.put("log.flush.offset.checkpoint.interval.ms", "1000");
    config.put("log.flush.start.offset.checkpoint.interval.ms", "1000");
    return config;
  }

  private static void run(KafkaBroker broker, List<String> jvmOptions, String what)
      throws Exception {
    boolean agent = !jvmOptions.isEmpty();
    broker.format(Uuid.randomUuid().toString());
    broker.start(jvmOptions);
    RecordTraffic first = new RecordTraffic(broker.bootstrap(), TOPIC, 0, PADDING);
    RecordTraffic second = new RecordTraffic(broker.bootstrap(), TOPIC, 1, PADDING);
    first.createTopic(2, Map.of("segment.bytes", "1048576"));
    first.produce(0, RECORDS);
    second.produce(0, RECORDS);
    assertThat(first.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);
    assertThat(second.consumeAndVerify(RECORDS)).isEqualTo(RECORDS);

    Path logDir = broker.logDirs().get(0);
    Path away = broker.logDirs().get(1);
    boolean firstInFirstDir = Files.isDirectory(logDir.resolve(first.partitionDir()));
    RecordTraffic inAway = firstInFirstDir ? second : first;
    assertThat(logDir.resolve((firstInFirstDir ? first : second).partitionDir())).isDirectory();
    assertThat(away.resolve(inAway.partitionDir())).as("a partition in each log dir").isDirectory();
    List<String> files = TestFiles.segmentFiles(away.resolve(inAway.partitionDir()));
    assertThat(files).hasSizeGreaterThan(3);
    if (agent) {
      for (String file : files) {
        assertThat(FileSnapshot.isPlaceholder(away.resolve(inAway.partitionDir()).resolve(file)))
            .as("every segment hot, its file a placeholder")
            .isTrue();
      }
    }

    Path renamed = away.resolveSibling(away.getFileName() + "-away");
    Files.move(away, renamed, StandardCopyOption.ATOMIC_MOVE);
    long outageNanos = System.nanoTime();
    awaitOffline(broker, away);
    if (agent) {
      awaitSweeps(broker, SWEEPS, "while the log dir is away");
    } else {
      Thread.sleep(SWEEPS * 1000L);
    }
    Files.move(renamed, away, StandardCopyOption.ATOMIC_MOVE);
    long outageMillis = (System.nanoTime() - outageNanos) / 1_000_000;
    if (agent) {
      // Back, but Kafka holds it offline until the restart.
      awaitSweeps(broker, SWEEPS, "while the log dir is back but offline");
      try (JMXConnector jmx = broker.jmx()) {
        AgentView view = new AgentView(jmx.getMBeanServerConnection());
        assertThat(view.counter("SweepQuarantines")).as("keys quarantined").isZero();
        assertThat(view.counter("SweepDeletes")).as("keys deleted by the sweep").isZero();
        assertThat(view.counter("Deletes")).as("keys deleted").isZero();
      }
    }
    assertThat(broker.stop()).isIn(0, 143);
    broker.start(jvmOptions);
    long readFirst = first.consumeAndVerify(RECORDS);
    long readSecond = second.consumeAndVerify(RECORDS);
    assertThat(readFirst).isEqualTo(RECORDS);
    assertThat(readSecond).isEqualTo(RECORDS);
    assertThat(broker.stop()).isIn(0, 143);
    System.out.printf(
        "[outage %s] log dir away for %d ms; read back %d of %d (partition %s, the log dir that"
            + " went away) and %d of %d (the other)%n",
        what,
        outageMillis,
        inAway == first ? readFirst : readSecond,
        RECORDS,
        inAway.partitionDir(),
        inAway == first ? readSecond : readFirst,
        RECORDS);
  }

  /** Waits up to 30 s until the broker describes a log dir as failed. */
  private static void awaitOffline(KafkaBroker broker, Path logDir) throws Exception {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Map<String, LogDirDescription> last = Map.of();
    try (Admin admin = Admin.create(p)) {
      while (System.nanoTime() < deadline) {
        last = admin.describeLogDirs(List.of(1)).allDescriptions().get(30, TimeUnit.SECONDS).get(1);
        LogDirDescription description = last.get(logDir.toString());
        if (description != null && description.error() != null) {
          return;
        }
        Thread.sleep(250);
      }
    }
    throw new AssertionError("Kafka did not mark " + logDir + " offline in 30 s: " + last);
  }

  /** Waits (bounded) until the agent has completed a number of sweeps more. */
  private static void awaitSweeps(KafkaBroker broker, int sweeps, String when) throws Exception {
    try (JMXConnector jmx = broker.jmx()) {
      AgentView view = new AgentView(jmx.getMBeanServerConnection());
      long target = view.counter("Sweeps") + sweeps;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (view.counter("Sweeps") < target) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("the agent did not sweep " + sweeps + " times " + when);
        }
        Thread.sleep(200);
      }
    }
  }
}
