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
package dev.mixchannel.bookkeeper.it;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.bookkeeper.client.LedgerHandle;

/**
 * Issue 19 item 6: how long a bookie takes to replay its journal after a kill -9, with the journal
 * on the PMem tier through the provider against BookKeeper's own journal on disk, the same entries
 * in both. Each journal gets its own bookie and cluster (ledgers on disk, {@code
 * journalSyncData=true}, {@code flushInterval} of 10 minutes and a write cache that holds every
 * entry, so that nothing is checkpointed while writing and the whole round replays from the
 * journal). Per round and journal (the order alternates between rounds): add the entries (1 KiB, 64
 * in flight) to a fresh ledger, kill the bookie, start it (measured), check every entry.
 *
 * <p>Two figures per start: the bookie's own "Finished replaying journal in X ms", and the time
 * from the child process's launch until the cluster lists it as available (which includes the JVM's
 * start and, with the provider, opening and recovering the tiers).
 */
public final class BookieReplayBenchmark {

  private static final Pattern REPLAYED =
      Pattern.compile("Finished replaying journal in (\\d+) ms");

  /** Where a journal lives. */
  public enum Journal {
    /** The provider: the journal on the PMem tier (tmpfs, {@code PMEM_IS_PMEM_FORCE=1}). */
    PMEM_PROVIDER("journal on PMem tier (provider)"),
    /** BookKeeper's journal on disk: the baseline. */
    DISK("stock journal on disk");

    private final String label;

    Journal(String label) {
      this.label = label;
    }

    /**
     * The table label.
     *
     * @return the label
     */
    public String label() {
      return label;
    }
  }

  /**
   * One measured start after a kill -9.
   *
   * @param journal where the journal lives
   * @param round the round, from 1
   * @param replayMillis the bookie's "Finished replaying journal in X ms"
   * @param startSeconds from the process's launch until the bookie is available
   */
  public record Replay(Journal journal, int round, long replayMillis, double startSeconds) {}

  private final Path work;
  private final Path pmem;
  private final String pmemCapacity;
  private final int entries;
  private final boolean jfr;

  /**
   * Configures a run.
   *
   * @param work a directory on disk (journal on disk, ledgers, ZooKeeper)
   * @param pmem the directory under which the PMem tier's pool goes (tmpfs)
   * @param pmemCapacity the PMem tier's capacity (it must hold every journal of a run)
   * @param entries entries added before every kill
   * @param jfr whether every measured start records a JFR profile (dumped once it is available)
   */
  public BookieReplayBenchmark(
      Path work, Path pmem, String pmemCapacity, int entries, boolean jfr) {
    this.work = work;
    this.pmem = pmem;
    this.pmemCapacity = pmemCapacity;
    this.entries = entries;
    this.jfr = jfr;
  }

  /**
   * Runs the rounds.
   *
   * @param rounds how many times each journal is replayed
   * @return the measured starts, in the order they ran
   * @throws Exception when a bookie fails or an acknowledged entry does not come back
   */
  public List<Replay> run(int rounds) throws Exception {
    List<Replay> replays = new ArrayList<>();
    Map<Journal, Case> cases = new LinkedHashMap<>();
    try {
      for (Journal journal : Journal.values()) {
        cases.put(journal, start(journal));
      }
      for (int round = 1; round <= rounds; round++) {
        List<Journal> order =
            round % 2 == 1
                ? List.of(Journal.PMEM_PROVIDER, Journal.DISK)
                : List.of(Journal.DISK, Journal.PMEM_PROVIDER);
        for (Journal journal : order) {
          replays.add(replay(cases.get(journal), round));
        }
        System.out.println("replay round " + round + " of " + rounds + " done");
      }
      return replays;
    } finally {
      for (Case c : cases.values()) {
        c.close();
      }
    }
  }

  private Case start(Journal journal) throws Exception {
    Path home = work.resolve("replay-" + journal.name().toLowerCase(Locale.ROOT));
    TestTiers tiers = new TestTiers(home, pmem, pmemCapacity);
    Case c = new Case(journal, tiers, new BookieCluster(home));
    try {
      Map<String, String> config = new LinkedHashMap<>();
      if (journal == Journal.PMEM_PROVIDER) {
        config.putAll(tiers.providerConfig());
        config.put("mixchannel.migrate.threshold", "-1");
        c.bookie().environment("PMEM_IS_PMEM_FORCE", "1");
      }
      config.put("flushInterval", "600000");
      config.put("dbStorage_writeCacheMaxSizeMb", Integer.toString(Math.max(64, entries / 256)));
      c.bookie().configure(config);
      c.bookie().jvmOptions(jvm(null));
      c.bookie().start(c.cluster().admin());
      // A PMem pool pre-touches its free extents in the background after it opens.
      c.bookie().awaitQuiet(Duration.ofMinutes(3));
      return c;
    } catch (Exception e) {
      c.close();
      throw e;
    }
  }

  private List<String> jvm(Path recording) {
    List<String> jvm =
        new ArrayList<>(
            List.of("-Xms256m", "-Xmx1g", "-XX:MaxDirectMemorySize=1g", "-XX:+UseG1GC"));
    if (recording != null) {
      jvm.add("-XX:StartFlightRecording=name=replay,settings=profile,filename=" + recording);
    }
    return jvm;
  }

  private Replay replay(Case c, int round) throws Exception {
    BookieProcess bookie = c.bookie();
    LedgerHandle ledger = c.cluster().createLedger(1, 1, 1);
    NavigableSet<Long> acked = Traffic.write(ledger, entries, 64, -1, () -> {});
    if (acked.size() != entries) {
      throw new IllegalStateException("adds failed: acked=" + acked.size() + " of " + entries);
    }
    bookie.kill();
    Path recording =
        jfr
            ? work.toAbsolutePath()
                .resolve(
                    "replay-" + c.journal().name().toLowerCase(Locale.ROOT) + "-" + round + ".jfr")
            : null;
    bookie.jvmOptions(jvm(recording));
    bookie.start(c.cluster().admin());
    double seconds = bookie.lastStartSeconds();
    if (recording != null) {
      dumpRecording(bookie);
    }
    Matcher m = REPLAYED.matcher(bookie.log());
    if (!m.find()) {
      throw new IllegalStateException("the bookie logged no journal replay: " + c.journal());
    }
    long millis = Long.parseLong(m.group(1));
    Traffic.recoverAndVerify(c.cluster(), ledger.getId(), acked);
    bookie.jvmOptions(jvm(null));
    return new Replay(c.journal(), round, millis, seconds);
  }

  private static void dumpRecording(BookieProcess bookie) throws Exception {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process dump =
        new ProcessBuilder(jcmd.toString(), Long.toString(bookie.pid()), "JFR.dump", "name=replay")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!dump.waitFor(60, TimeUnit.SECONDS)) {
      dump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new IllegalStateException("jcmd JFR.dump timed out: pid=" + bookie.pid());
    }
  }

  /**
   * A markdown table of every start, then the medians and the ratios to the disk journal.
   *
   * @param replays the measured starts
   * @param entries entries per round
   * @param pmemCapacity the PMem tier's capacity
   * @return the table with its title
   */
  public static String table(List<Replay> replays, int entries, String pmemCapacity) {
    StringBuilder out =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Bookie journal replay after kill -9: %d entries of %d B per round, PMem tier %s;"
                    + " load average at end %.2f%n%n",
                entries,
                Traffic.ENTRY_BYTES,
                pmemCapacity,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
    out.append("| round | journal | replay ms (bookie's log) | launch to available s |\n")
        .append("|---|---|---|---|\n");
    for (Replay r : replays) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %d | %.2f |%n",
              r.round(),
              r.journal().label(),
              r.replayMillis(),
              r.startSeconds()));
    }
    double replayRatio =
        median(replays, Journal.PMEM_PROVIDER, true) / median(replays, Journal.DISK, true);
    double startRatio =
        median(replays, Journal.PMEM_PROVIDER, false) / median(replays, Journal.DISK, false);
    out.append(
        String.format(
            Locale.ROOT,
            "%n| median | replay ms | launch to available s |%n|---|---|---|%n"
                + "| %s | %.0f | %.2f |%n| %s | %.0f | %.2f |%n"
                + "| provider / disk (wanted ≤ 1.2) | **%.2f** | **%.2f** |%n",
            Journal.PMEM_PROVIDER.label(),
            median(replays, Journal.PMEM_PROVIDER, true),
            median(replays, Journal.PMEM_PROVIDER, false),
            Journal.DISK.label(),
            median(replays, Journal.DISK, true),
            median(replays, Journal.DISK, false),
            replayRatio,
            startRatio));
    return out.toString();
  }

  /**
   * Runs the benchmark from the command line (class path: the test class path of
   * mixchannel-bookkeeper) and prints the table.
   *
   * @param args {@code <work dir on disk> <pmem dir> <capacity> <entries> <rounds> <jfr>}
   * @throws Exception when a bookie fails
   */
  public static void main(String[] args) throws Exception {
    int entries = Integer.parseInt(args[3]);
    List<Replay> replays =
        new BookieReplayBenchmark(
                Files.createDirectories(Path.of(args[0])),
                Path.of(args[1]),
                args[2],
                entries,
                Boolean.parseBoolean(args[5]))
            .run(Integer.parseInt(args[4]));
    System.out.println(table(replays, entries, args[2]));
  }

  private static double median(List<Replay> replays, Journal journal, boolean replay) {
    double[] values =
        replays.stream()
            .filter(r -> r.journal() == journal)
            .mapToDouble(r -> replay ? r.replayMillis() : r.startSeconds())
            .sorted()
            .toArray();
    if (values.length == 0) {
      return Double.NaN;
    }
    int mid = values.length / 2;
    return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  }

  /** One bookie with its cluster and tiers. */
  private static final class Case implements AutoCloseable {
    private final Journal journal;
    private final TestTiers tiers;
    private final BookieCluster cluster;
    private final BookieProcess bookie;

    Case(Journal journal, TestTiers tiers, BookieCluster cluster) throws Exception {
      this.journal = journal;
      this.tiers = tiers;
      this.cluster = cluster;
      this.bookie = cluster.bookie("bookie", Map.of());
    }

    Journal journal() {
      return journal;
    }

    BookieCluster cluster() {
      return cluster;
    }

    BookieProcess bookie() {
      return bookie;
    }

    @Override
    public void close() throws Exception {
      try {
        bookie.stop();
        bookie.close();
        cluster.close();
      } finally {
        tiers.close();
      }
    }
  }
}
