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

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import javax.management.remote.JMXConnector;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Kafka tiered storage (KIP-405) on a real broker with a remote storage manager that copies each
 * segment by path ({@link PathCopyingStorageManager}, as Kafka's {@code LocalTieredStorage} does):
 * records are produced, the sealed segments uploaded and deleted locally, and every record is read
 * back from the beginning, the older ones from the remote tier only, then again after a restart. No
 * upload may be empty or shorter than the size Kafka's metadata gives it.
 *
 * <p>With the agent every segment is on the PMem tier (behind an empty placeholder) until Kafka
 * uploads it, so only the agent's demotion at the upload makes the file complete. The broker runs
 * three rounds, one per way to turn tiered storage on: {@code remote.log.storage.system.enable} in
 * {@code server.properties} (which is the agent's settings file), by {@code --override}, and with
 * the agent reading a separate settings file; each round's records are read again after the restart
 * into the next. The control runs one round without the agent. Runs with {@code
 * -Dmixchannel.kafka.e2e=true}; the agent's run also with {@code -Dmixchannel.kafka.tiered=true}
 * (the release modules whose other broker tests are off).
 */
@Tag("slow")
class TieredStorageTest {

  private static final int ROUND = 6_000;
  private static final int PADDING = 1_000;
  private static final String TOPIC = "tiered";
  private static final String SWITCH = "remote.log.storage.system.enable";

  private static Path testClasses;

  @BeforeAll
  static void locate() throws Exception {
    assumeTrue(
        BrokerTests.isOn() || Boolean.getBoolean("mixchannel.kafka.tiered"),
        "broker tests off (-Dmixchannel.kafka.e2e=true or -Dmixchannel.kafka.tiered=true turns"
            + " this one on)");
    testClasses =
        Path.of(
            PathCopyingStorageManager.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
  }

  @Test
  void shouldReadEveryRecordFromRemoteTierWhenBrokerRunsWithAgent() throws Exception {
    String id = BrokerTests.newId();
    Path home = BrokerTests.work().resolve("tiered-agent-" + id);
    Path pmem = TestFiles.pmemDirectory("tiered-" + id, home);
    Path remote = home.resolve("remote");
    // Far more room than the test writes: segments stay hot until the upload demotes them.
    Map<String, String> tiers = BrokerTests.pmemTier(pmem, "64m", "0.9");
    Map<String, String> config = new LinkedHashMap<>(tiers);
    config.putAll(remoteStorage(remote));
    config.put(SWITCH, "true");
    try (KafkaBroker broker =
        new KafkaBroker(home, BrokerTests.libs(), config, List.of(testClasses))) {
      List<String> agent = BrokerTests.agent(broker.serverProperties());
      broker.format(Uuid.randomUuid().toString());
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), TOPIC, 0, PADDING);

      // 1: the switch in server.properties, which is also the agent's settings file.
      broker.start(agent);
      traffic.createTopic(topicConfigs());
      round(broker, traffic, remote, 0, ROUND, "agent, switch in server.properties", true);

      // 2: the switch by --override only.
      broker.stop();
      broker.updateProperties(Map.of(), List.of(SWITCH));
      broker.start(agent, List.of("--override", SWITCH + "=true"));
      readAfterRestart(traffic, ROUND, "agent, after restart with --override");
      round(broker, traffic, remote, ROUND, 2 * ROUND, "agent, switch by --override", true);

      // 3: the agent reads a separate settings file; server.properties has no MixChannel key.
      broker.stop();
      Path settings = home.resolve("mixchannel.properties");
      Properties separate = new Properties();
      separate.putAll(tiers);
      separate.setProperty("log.dirs", broker.logDir().toString());
      try (OutputStream out = Files.newOutputStream(settings)) {
        separate.store(out, "the agent's own settings");
      }
      broker.updateProperties(Map.of(SWITCH, "true"), new ArrayList<>(tiers.keySet()));
      List<String> separateAgent = BrokerTests.agent(settings);
      broker.start(separateAgent);
      readAfterRestart(traffic, 2 * ROUND, "agent, after restart with a separate settings file");
      round(broker, traffic, remote, 2 * ROUND, 3 * ROUND, "agent, separate settings file", true);

      broker.stop();
      broker.start(separateAgent);
      readAfterRestart(traffic, 3 * ROUND, "agent, after the last restart");
      assertThat(broker.stop()).isIn(0, 143);
      TestFiles.deleteTree(home);
    } finally {
      TestFiles.deleteTree(pmem);
    }
  }

  @Test
  void shouldReadEveryRecordFromRemoteTierWhenBrokerRunsWithoutAgent() throws Exception {
    BrokerTests.assumeOn();
    Path home = BrokerTests.work().resolve("tiered-control-" + BrokerTests.newId());
    Path remote = home.resolve("remote");
    Map<String, String> config = new LinkedHashMap<>(remoteStorage(remote));
    config.put(SWITCH, "true");
    try (KafkaBroker broker =
        new KafkaBroker(home, BrokerTests.libs(), config, List.of(testClasses))) {
      broker.format(Uuid.randomUuid().toString());
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), TOPIC, 0, PADDING);
      broker.start(List.of());
      traffic.createTopic(topicConfigs());
      round(broker, traffic, remote, 0, ROUND, "control", false);
      broker.stop();
      broker.start(List.of());
      readAfterRestart(traffic, ROUND, "control, after restart");
      assertThat(broker.stop()).isIn(0, 143);
      TestFiles.deleteTree(home);
    }
  }

  /** The broker settings of tiered storage with the path-copying manager, but not the switch. */
  private static Map<String, String> remoteStorage(Path remote) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("remote.log.storage.manager.class.name", PathCopyingStorageManager.class.getName());
    config.put("rsm.config." + PathCopyingStorageManager.DIR, remote.toString());
    config.put("remote.log.metadata.manager.listener.name", "PLAINTEXT");
    config.put("rlmm.config.remote.log.metadata.topic.replication.factor", "1");
    config.put("rlmm.config.remote.log.metadata.topic.num.partitions", "1");
    config.put("rlmm.config.remote.log.metadata.topic.min.isr", "1");
    config.put("remote.log.manager.task.interval.ms", "1000");
    return config;
  }

  /** Small segments, uploaded and then deleted locally as soon as Kafka can. */
  private static Map<String, String> topicConfigs() {
    return Map.of(
        "remote.storage.enable", "true",
        "segment.bytes", "1048576",
        "local.retention.bytes", "1",
        "file.delete.delay.ms", "500");
  }

  /**
   * Produces records {@code from} to {@code to - 1}, waits (bounded) until every sealed segment is
   * uploaded and deleted locally, checks the uploads, and reads every record from offset 0.
   */
  private static void round(
      KafkaBroker broker,
      RecordTraffic traffic,
      Path remote,
      long from,
      long to,
      String way,
      boolean agent)
      throws Exception {
    traffic.produce(from, to);
    Path partition = broker.logDir().resolve(traffic.partitionDir());
    long localStart = awaitOffloaded(traffic, partition, from + (to - from) / 2);
    List<RemoteUpload> uploads = RemoteUpload.list(remote);
    assertComplete(uploads, localStart);
    long uploadedThisRound = uploads.stream().filter(u -> u.startOffset() >= from).count();
    assertThat(uploadedThisRound).as("segments uploaded in this round").isGreaterThanOrEqualTo(4);
    if (agent) {
      try (JMXConnector jmx = broker.jmx()) {
        AgentView view = new AgentView(jmx.getMBeanServerConnection());
        assertThat(view.counter("DemotionsForReaders"))
            .as("segments demoted into their files for the upload")
            .isGreaterThanOrEqualTo(uploadedThisRound);
      }
    }
    long read = traffic.consumeAndVerify(to);
    assertThat(read).isEqualTo(to);
    System.out.printf(
        "[tiered %s] read %d of %d records; %d below the local log start offset (remote tier"
            + " only); %d segments uploaded in all, none short%n",
        way, read, to, localStart, uploads.size());
  }

  private static void readAfterRestart(RecordTraffic traffic, long end, String what)
      throws Exception {
    long read = traffic.consumeAndVerify(end);
    assertThat(read).isEqualTo(end);
    System.out.printf(
        "[tiered %s] read %d of %d records; %d below the local log start offset%n",
        what, read, end, traffic.earliestLocalOffset());
  }

  /**
   * Waits up to 90 s until only the active segment is left in the partition directory and the local
   * log start offset has passed {@code atLeast}.
   */
  private static long awaitOffloaded(RecordTraffic traffic, Path partition, long atLeast)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    long localStart = -1;
    List<String> files = List.of();
    while (System.nanoTime() < deadline) {
      localStart = traffic.earliestLocalOffset();
      files = TestFiles.segmentFiles(partition);
      if (files.size() == 1 && localStart >= atLeast) {
        return localStart;
      }
      Thread.sleep(500);
    }
    throw new AssertionError(
        "segments not uploaded and deleted locally in 90 s: localStart="
            + localStart
            + ", files="
            + files);
  }

  /**
   * No upload is empty or shorter than its metadata says, and the uploads cover every offset from 0
   * to the local log start offset without a gap.
   */
  private static void assertComplete(List<RemoteUpload> uploads, long localStart) {
    assertThat(uploads).isNotEmpty();
    long next = 0;
    for (RemoteUpload upload : uploads) {
      assertThat(upload.copiedBytes()).as("bytes of %s", upload).isPositive();
      assertThat(upload.copiedBytes()).as("bytes of %s", upload).isEqualTo(upload.metadataBytes());
      assertThat(upload.startOffset()).as("start of %s", upload).isEqualTo(next);
      next = upload.endOffset() + 1;
    }
    assertThat(next).as("end of the uploads").isGreaterThanOrEqualTo(localStart);
  }
}
