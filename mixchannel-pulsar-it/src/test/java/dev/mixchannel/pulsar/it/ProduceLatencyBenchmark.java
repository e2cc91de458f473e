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

import dev.mixchannel.pulsar.it.BookieStorage.Placement;
import dev.mixchannel.pulsar.it.StandaloneProcess.Metadata;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.pulsar.client.api.Producer;
import org.apache.pulsar.client.api.PulsarClient;

/**
 * P9b: produce latency of a real Pulsar standalone (child JVM, 1 GiB heap, RocksDB metadata on
 * disk) with 1 KiB messages, synchronous sends, batching off, {@code journalSyncData=true} and
 * {@code journalFlushWhenQueueEmpty=true}, for three bookies: the journal on MixChannel's PMem tier
 * (tmpfs, {@code PMEM_IS_PMEM_FORCE=1} so that {@code force()} takes the cache-flush path of real
 * PMem; ledgers on disk), BookKeeper's journal on disk, and all bookie data on tmpfs (the floor:
 * the same sync path with an fsync that costs nothing). All three run at once; the rounds measure
 * each in turn, the same number of messages each, so that the load of a shared machine falls on all
 * alike. Then journal replay after SIGKILL: a fresh standalone per journal, a fixed number of
 * messages written, killed, restarted.
 */
final class ProduceLatencyBenchmark {

  private static final String TOPIC = "persistent://public/default/p9b";
  private static final Pattern REPLAY = Pattern.compile("Finished replaying journal in (\\d+) ms");
  private static final Pattern TIME = Pattern.compile("^(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) ");

  /** The benchmark standalones' JVM: as a production broker would have, with a smaller heap. */
  private static final List<String> BENCH_JVM =
      List.of("-Xms1g", "-Xmx1g", "-XX:MaxDirectMemorySize=1g", "-XX:+UseG1GC");

  private final Path work;
  private final Path tmpfs;
  private final String pmemCapacity;

  /**
   * Creates a run.
   *
   * @param work a directory on disk (journals and ledgers on disk, metadata, logs)
   * @param tmpfs where the PMem tier's pool and the floor's bookie data go
   * @param pmemCapacity the PMem tier's capacity (it must hold every journal of a run)
   */
  ProduceLatencyBenchmark(Path work, Path tmpfs, String pmemCapacity) {
    this.work = work;
    this.tmpfs = tmpfs;
    this.pmemCapacity = pmemCapacity;
  }

  /**
   * Measures produce latency: every placement's standalone started first and left to go quiet, then
   * {@code rounds} rounds, each sending {@code warmup} messages and then measuring {@code messages}
   * on every placement in turn. A placement's histogram adds up its rounds.
   *
   * @param placements the journals
   * @param warmup messages sent before each measurement
   * @param messages messages measured per placement and round
   * @param rounds how many rounds
   * @return one result per placement
   * @throws Exception when a standalone fails
   */
  List<Result> latency(List<Placement> placements, int warmup, int messages, int rounds)
      throws Exception {
    List<Case> cases = new ArrayList<>();
    try {
      for (Placement placement : placements) {
        cases.add(start(placement, "latency", Map.of()));
      }
      Map<Case, Histogram> histograms = new LinkedHashMap<>();
      Map<Case, Double> seconds = new LinkedHashMap<>();
      long seq = 0;
      for (int round = 1; round <= rounds; round++) {
        for (Case c : cases) {
          Histogram latency = histograms.computeIfAbsent(c, k -> new Histogram(60_000_000L, 3));
          try (PulsarClient client = Traffic.client(c.standalone().serviceUrl());
              Producer<byte[]> producer = Traffic.producer(client, TOPIC)) {
            Traffic.send(producer, seq, warmup, null);
            seq += warmup;
            long start = System.nanoTime();
            Traffic.send(producer, seq, messages, latency);
            seq += messages;
            seconds.merge(c, (System.nanoTime() - start) / 1e9, Double::sum);
          }
        }
        System.out.println("P9b round " + round + " of " + rounds + " done");
      }
      List<Result> results = new ArrayList<>();
      for (Case c : cases) {
        results.add(new Result(c.storage().placement(), histograms.get(c), seconds.get(c)));
      }
      return results;
    } finally {
      closeAll(cases);
    }
  }

  /**
   * Measures journal replay after SIGKILL: for each placement a fresh standalone whose ledger
   * storage does not flush (so that the whole journal is replayed), {@code messages} messages
   * written with up to 32 in flight, SIGKILL, a restart; every acknowledged message is read back.
   *
   * @param placements the journals
   * @param messages how many messages the replayed journal holds
   * @return one result per placement
   * @throws Exception when a standalone fails or a message is missing
   */
  List<Replay> replay(List<Placement> placements, int messages) throws Exception {
    List<Replay> results = new ArrayList<>();
    for (Placement placement : placements) {
      List<Case> cases = new ArrayList<>();
      try {
        Case c =
            start(
                placement,
                "replay",
                Map.of("flushInterval", "3600000", "dbStorage_writeCacheMaxSizeMb", "256"));
        cases.add(c);
        Traffic.Killed killed;
        try (PulsarClient client = Traffic.client(c.standalone().serviceUrl())) {
          killed = Traffic.sendUntilKilled(client, TOPIC, 0, messages, c.standalone());
        }
        Duration restart = c.standalone().start();
        String log = c.standalone().log();
        List<Long> read;
        try (PulsarClient client = Traffic.client(c.standalone().serviceUrl())) {
          read = Traffic.readAll(client, TOPIC);
        }
        if (!read.containsAll(killed.acked())) {
          throw new AssertionError("acknowledged messages missing after the replay: " + placement);
        }
        results.add(
            new Replay(
                placement,
                killed.acked().size(),
                replayMillis(log),
                millisBetween(log, "Replaying journal", "opened the journal tiers"),
                restart));
      } finally {
        closeAll(cases);
      }
    }
    return results;
  }

  private Case start(Placement placement, String name, Map<String, String> settings)
      throws Exception {
    Path home = Jvm.newHome(name + "-" + placement.name().toLowerCase(Locale.ROOT));
    BookieStorage storage = new BookieStorage(placement, home, tmpfs, pmemCapacity);
    StandaloneProcess standalone = null;
    try {
      standalone = new StandaloneProcess(home, storage.bookieBase(), Metadata.ROCKSDB);
      standalone.configure(storage.config());
      standalone.configure(Map.of("flushInterval", "60000"));
      standalone.configure(settings);
      standalone.bookieJar(placement == Placement.MIXCHANNEL);
      standalone.jvmOptions(BENCH_JVM);
      if (placement == Placement.MIXCHANNEL) {
        standalone.environment("PMEM_IS_PMEM_FORCE", "1");
      }
      standalone.start();
      // A PMem pool pre-touches its free extents in the background once the tiers open: measure
      // after such start-up work, for every placement alike.
      if (!standalone.awaitQuiet(Duration.ofMinutes(3))) {
        System.out.println("standalone still busy after 3 minutes: " + placement);
      }
      return new Case(home, storage, standalone);
    } catch (Exception e) {
      new Case(home, storage, standalone).close();
      throw e;
    }
  }

  private static void closeAll(List<Case> cases) throws Exception {
    for (Case c : cases) {
      c.close();
    }
  }

  private static long replayMillis(String log) {
    Matcher m = REPLAY.matcher(log);
    if (!m.find()) {
      throw new AssertionError("no journal replay in the standalone's log");
    }
    return Long.parseLong(m.group(1));
  }

  /** Milliseconds between the first log lines containing each text, or -1 when one is missing. */
  private static long millisBetween(String log, String first, String second) {
    LocalTime from = null;
    for (String line : log.split("\n")) {
      Matcher time = TIME.matcher(line);
      if (!time.find()) {
        continue;
      }
      if (from == null && line.contains(first)) {
        from = LocalTime.parse(time.group(1));
      } else if (from != null && line.contains(second)) {
        return Duration.between(from, LocalTime.parse(time.group(1))).toMillis();
      }
    }
    return -1;
  }

  /** One standalone with its bookie's storage. */
  private record Case(Path home, BookieStorage storage, StandaloneProcess standalone)
      implements AutoCloseable {
    @Override
    public void close() throws Exception {
      try {
        if (standalone != null) {
          standalone.stop();
          standalone.close();
        }
      } finally {
        storage.close();
        BookieStorage.delete(home);
      }
    }
  }

  /**
   * The produce latency of one placement.
   *
   * @param placement the journal
   * @param latency send latencies in microseconds
   * @param seconds the time the measured sends took
   */
  record Result(Placement placement, Histogram latency, double seconds) {

    /**
     * A markdown table row.
     *
     * @return the row
     */
    String row() {
      return String.format(
          Locale.ROOT,
          "| %s | %d | %d | %d | %d | %.0f |",
          placement.label(),
          latency.getTotalCount(),
          latency.getValueAtPercentile(50),
          latency.getValueAtPercentile(99),
          latency.getValueAtPercentile(99.9),
          latency.getTotalCount() / seconds);
    }
  }

  /**
   * Journal replay after SIGKILL.
   *
   * @param placement the journal
   * @param messages acknowledged messages in the journal
   * @param replayMillis BookKeeper's "Finished replaying journal in" figure
   * @param tiersMillis of which opening the tiers (from the first replay line to the provider's
   *     "opened the journal tiers"), or -1 without the provider
   * @param restart from the restarted process's launch to its broker serving requests
   */
  record Replay(
      Placement placement, long messages, long replayMillis, long tiersMillis, Duration restart) {

    /**
     * A markdown table row.
     *
     * @return the row
     */
    String row() {
      return String.format(
          Locale.ROOT,
          "| %s | %d | %d | %s | %.1f |",
          placement.label(),
          messages,
          replayMillis,
          tiersMillis < 0 ? "-" : Long.toString(tiersMillis),
          restart.toMillis() / 1000.0);
    }
  }
}
