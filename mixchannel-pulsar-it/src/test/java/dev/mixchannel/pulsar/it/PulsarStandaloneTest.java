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
package dev.mixchannel.pulsar.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.bookkeeper.internal.JournalPlaceholder;
import dev.mixchannel.pulsar.it.BookieStorage.Placement;
import dev.mixchannel.pulsar.it.StandaloneProcess.Metadata;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.PulsarClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/**
 * A real Pulsar standalone (child JVM) with its bookie journal on MixChannel, configured by {@code
 * standalone.conf} alone: messages produced and consumed, each checked; the standalone killed with
 * SIGKILL while messages are in flight and restarted: every acknowledged message back, in order.
 * The ledger storage flushes every 10 minutes, so what comes back after a kill comes from the
 * journal. Beside it the same with the stock journal (the control) and in ZooKeeper metadata mode.
 * Each case is one standalone, started two or three times.
 */
@Tag("slow")
@ExpectedLog(
    logger = "org.apache.pulsar.client",
    reason = "the client warns about the broker it loses when the standalone is killed")
@ExpectedLog(
    logger = "org.apache.pulsar.client",
    level = Level.ERROR,
    reason = "the client logs the sends it fails when it is shut down after the kill as errors")
class PulsarStandaloneTest {

  private static final String TOPIC = "persistent://public/default/journal-check";
  private static final int CONSUMED = 2_000;
  private static final int ACKED_BEFORE_KILL = 2_000;
  private static final int JOURNAL_ONLY = 500;

  @Test
  void shouldBringBackEveryAcknowledgedMessageWhenAStandaloneWithItsJournalOnMixChannelIsKilled()
      throws Exception {
    runCase(
        Placement.MIXCHANNEL,
        Metadata.ROCKSDB,
        (standalone, storage, sent) -> {
          assertThat(standalone.log()).contains("opened the journal tiers", "Replaying journal");
          assertPlaceholders(standalone.journalDir());

          // Removal: messages only in the journal, SIGKILL, Evacuate, a start without the provider.
          NavigableSet<Long> acked = sent.acked();
          long next = sent.nextSeq();
          try (PulsarClient client = Traffic.client(standalone.serviceUrl());
              Producer<byte[]> producer = Traffic.producer(client, TOPIC)) {
            Traffic.send(producer, next, JOURNAL_ONLY, null);
          }
          LongStream.range(next, next + JOURNAL_ONLY).forEach(acked::add);
          standalone.kill();
          Jvm.ToolRun evacuation = Jvm.evacuate(standalone.home(), evacuateConf(standalone));
          assertThat(evacuation.exitCode()).as(evacuation.output()).isZero();
          assertThat(evacuation.output()).contains("every journal key is a journal file again");
          standalone.configure(storage.withoutProvider());
          standalone.bookieJar(false);
          standalone.start();
          assertThat(standalone.log()).doesNotContain("opened the journal tiers");
          assertReadBack(standalone, acked, next + JOURNAL_ONLY);
        });
  }

  @Test
  void shouldBringBackEveryAcknowledgedMessageWhenAStandaloneWithTheStockJournalIsKilled()
      throws Exception {
    runCase(
        Placement.DISK,
        Metadata.ROCKSDB,
        (standalone, storage, sent) -> {
          assertThat(standalone.log()).contains("Replaying journal");
          assertThat(standalone.log()).doesNotContain("opened the journal tiers");
          long journalBytes = 0;
          for (Path file : journalFiles(standalone.journalDir())) {
            journalBytes += Files.size(file);
          }
          assertThat(journalBytes).as("the stock journal's files hold its entries").isPositive();
        });
  }

  @Test
  void shouldBringBackEveryAcknowledgedMessageWhenAStandaloneInZooKeeperModeIsKilled()
      throws Exception {
    runCase(
        Placement.MIXCHANNEL,
        Metadata.ZOOKEEPER,
        (standalone, storage, sent) -> {
          assertThat(standalone.log())
              .contains("Forcing to chose ZooKeeper metadata", "opened the journal tiers");
          assertPlaceholders(standalone.journalDir());
        });
  }

  /** What a case checks once its standalone was killed and restarted. */
  private interface AfterRestart {
    void check(StandaloneProcess standalone, BookieStorage storage, Traffic.Killed sent)
        throws Exception;
  }

  /**
   * One standalone: {@link #killAndRestart}, the case's own checks, a clean stop. Its directory is
   * removed when the case passes and kept, with the standalone's logs, when it fails.
   */
  private static void runCase(Placement placement, Metadata metadata, AfterRestart after)
      throws Exception {
    Path home = Jvm.newHome(placement.name().toLowerCase(Locale.ROOT) + "-" + metadata);
    try (BookieStorage storage = new BookieStorage(placement, home, shm(), "128m");
        StandaloneProcess standalone =
            new StandaloneProcess(home, storage.bookieBase(), metadata)) {
      standalone.configure(storage.config());
      standalone.bookieJar(placement == Placement.MIXCHANNEL);
      after.check(standalone, storage, killAndRestart(standalone));
      standalone.stop();
    }
    BookieStorage.delete(home);
  }

  /**
   * Starts the standalone, sends and consumes {@value #CONSUMED} messages, sends more until {@value
   * #ACKED_BEFORE_KILL} more are acknowledged and kills it, restarts it and reads the topic back.
   *
   * @return every acknowledged sequence number, and the first one not sent
   */
  private static Traffic.Killed killAndRestart(StandaloneProcess standalone) throws Exception {
    standalone.start();
    NavigableSet<Long> acked = new TreeSet<>();
    try (PulsarClient client = Traffic.client(standalone.serviceUrl())) {
      // Through P9b's measuring loop, which this checks here.
      Histogram latency = new Histogram(60_000_000L, 3);
      try (Producer<byte[]> producer = Traffic.producer(client, TOPIC)) {
        Traffic.send(producer, 0, CONSUMED, latency);
      }
      assertThat(latency.getTotalCount()).isEqualTo(CONSUMED);
      List<Long> consumed = Traffic.consume(client, TOPIC, "check", CONSUMED);
      assertThat(consumed).containsExactlyElementsOf(range(0, CONSUMED));
    }
    LongStream.range(0, CONSUMED).forEach(acked::add);

    Traffic.Killed killed;
    try (PulsarClient client = Traffic.client(standalone.serviceUrl())) {
      killed = Traffic.sendUntilKilled(client, TOPIC, CONSUMED, ACKED_BEFORE_KILL, standalone);
    }
    assertThat(killed.acked()).hasSizeGreaterThanOrEqualTo(ACKED_BEFORE_KILL);
    acked.addAll(killed.acked());

    standalone.start();
    assertReadBack(standalone, acked, killed.nextSeq());
    return new Traffic.Killed(acked, killed.nextSeq());
  }

  /**
   * Reads the whole topic: every acknowledged message, in order, each intact; messages sent but not
   * acknowledged may be there too (written before the kill, acknowledgement lost), in their place.
   */
  private static void assertReadBack(
      StandaloneProcess standalone, NavigableSet<Long> acked, long nextSeq) throws Exception {
    List<Long> read;
    try (PulsarClient client = Traffic.client(standalone.serviceUrl())) {
      read = Traffic.readAll(client, TOPIC);
    }
    assertThat(read).isSorted().doesNotHaveDuplicates();
    assertThat(read).containsAll(acked);
    assertThat(read.get(read.size() - 1)).isLessThan(nextSeq);
  }

  /**
   * Every journal file is a placeholder a stock bookie refuses, or empty (a journal the bookie
   * created just before the kill, before its first entry), and at least one is a placeholder.
   */
  private static void assertPlaceholders(Path journalDir) throws IOException {
    List<Path> files = journalFiles(journalDir);
    assertThat(files).isNotEmpty();
    List<JournalPlaceholder.State> states = new ArrayList<>();
    for (Path file : files) {
      states.add(JournalPlaceholder.stateOf(file));
    }
    assertThat(states)
        .as("journal files %s", files)
        .isSubsetOf(JournalPlaceholder.State.WHOLE, JournalPlaceholder.State.EMPTY)
        .contains(JournalPlaceholder.State.WHOLE);
  }

  private static List<Path> journalFiles(Path journalDir) throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> children =
        Files.newDirectoryStream(journalDir.resolve("current"), "*.txn")) {
      children.forEach(files::add);
    }
    return files;
  }

  /**
   * The configuration an operator gives Evacuate: standalone.conf plus the bookie's directories.
   */
  private static Path evacuateConf(StandaloneProcess standalone) throws IOException {
    Map<String, String> dirs = new LinkedHashMap<>();
    dirs.put("journalDirectories", standalone.journalDir().toString());
    dirs.put("ledgerDirectories", standalone.journalDir().toString());
    StringBuilder text =
        new StringBuilder(Files.readString(standalone.confFile(), StandardCharsets.UTF_8));
    dirs.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
    Path conf = standalone.confFile().resolveSibling("evacuate.conf");
    Files.writeString(conf, text.toString(), StandardCharsets.UTF_8);
    return conf;
  }

  private static List<Long> range(long from, long to) {
    return LongStream.range(from, to).boxed().toList();
  }

  private static Path shm() {
    return Path.of("/dev/shm");
  }
}
