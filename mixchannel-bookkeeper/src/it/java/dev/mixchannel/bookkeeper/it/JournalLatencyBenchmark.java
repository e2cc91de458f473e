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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.bookkeeper.client.BKException;
import org.apache.bookkeeper.client.LedgerHandle;

/**
 * P9: add latency (HdrHistogram) and throughput of a real bookie (child JVM, DbLedgerStorage,
 * ensemble 1, 1 KiB entries, {@code journalSyncData=true}) with 1 and 64 adds in flight, under
 * BookKeeper's group-commit defaults and with {@code journalFlushWhenQueueEmpty=true}, for three
 * journals: on the PMem tier through the provider (PMem emulated on tmpfs, {@code
 * PMEM_IS_PMEM_FORCE=1} so that {@code force()} takes the cache-flush path), BookKeeper's own
 * journal on disk, and the same without fsync ({@code journalSyncData=false}: the floor). Ledgers
 * are on disk in every case. Also the cost of one journal preallocation write on the PMem tier.
 *
 * <p>Run: {@code mvn -B verify -pl mixchannel-bookkeeper -Dmixchannel.bk.bench=true
 * -Dtest=JournalLatencyBenchmarkTest -Dsurefire.failIfNoSpecifiedTests=false}; knobs {@code
 * -Dmixchannel.bk.bench.seconds=10 .warmup.seconds=3 .disk=<dir on disk> .pmem=/dev/shm}.
 */
public final class JournalLatencyBenchmark {

  /** Where a journal lives. */
  public enum Placement {
    /** The provider, PMem tier on tmpfs. */
    PMEM_PROVIDER("journal on PMem tier (provider)"),
    /** The provider with {@code mixchannel.bookkeeper.preallocate=true}. */
    PMEM_PROVIDER_PREALLOCATE("journal on PMem tier (provider), preallocation written"),
    /** BookKeeper's journal on disk. */
    DISK("stock journal on disk"),
    /** BookKeeper's journal on disk without fsync: the floor. */
    DISK_NO_FSYNC("stock journal on disk, no fsync (floor)"),
    /**
     * BookKeeper's journal on tmpfs with {@code journalSyncData=true}: the sync path of the bookie
     * (force-write thread) with an fsync that costs nothing.
     */
    TMPFS("stock journal on tmpfs (fsync free)");

    private final String label;

    Placement(String label) {
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
   * One measurement.
   *
   * @param placement the journal
   * @param flushWhenQueueEmpty whether {@code journalFlushWhenQueueEmpty=true}
   * @param inFlight adds in flight
   * @param adds adds completed in the measured window
   * @param seconds the measured window
   * @param latency add latencies in microseconds
   */
  public record Result(
      Placement placement,
      boolean flushWhenQueueEmpty,
      int inFlight,
      long adds,
      double seconds,
      Histogram latency) {

    /**
     * Throughput in MiB/s of entry bytes.
     *
     * @return the throughput
     */
    public double mibPerSecond() {
      return adds * (double) Traffic.ENTRY_BYTES / seconds / (1 << 20);
    }

    /**
     * A markdown table row.
     *
     * @return the row
     */
    public String row() {
      return String.format(
          Locale.ROOT,
          "| %s | %s | %d | %d | %d | %d | %.0f | %.2f |",
          placement.label(),
          flushWhenQueueEmpty ? "flush when queue empty" : "defaults (group wait 2 ms)",
          inFlight,
          latency.getValueAtPercentile(50),
          latency.getValueAtPercentile(99),
          latency.getValueAtPercentile(99.9),
          adds / seconds,
          mibPerSecond());
    }
  }

  private final Path work;
  private final Path pmem;
  private final double warmupSeconds;
  private final double seconds;
  private final String pmemCapacity;

  /**
   * Creates a run.
   *
   * @param work a directory on disk (journals on disk, ledgers, ZooKeeper)
   * @param pmem the directory under which the PMem tier's pool goes (tmpfs)
   * @param warmupSeconds warm-up per measurement
   * @param seconds measured time per measurement
   * @param pmemCapacity the PMem tier's capacity (it must hold every journal of a run)
   */
  public JournalLatencyBenchmark(
      Path work, Path pmem, double warmupSeconds, double seconds, String pmemCapacity) {
    this.pmemCapacity = pmemCapacity;
    this.work = work;
    this.pmem = pmem;
    this.warmupSeconds = warmupSeconds;
    this.seconds = seconds;
  }

  /**
   * Runs every placement with each setting and window. Each (placement, setting) gets its own
   * bookie and cluster, all started first; then {@code rounds} rounds measure every case in turn,
   * so that the load of a shared machine falls on all cases alike. The histograms and counts of a
   * case add up over the rounds.
   *
   * @param placements the journals
   * @param settings {@code journalFlushWhenQueueEmpty} values
   * @param inFlights the windows
   * @param rounds how many times each case is measured
   * @return the results
   * @throws Exception when a bookie fails
   */
  public List<Result> run(
      List<Placement> placements, List<Boolean> settings, List<Integer> inFlights, int rounds)
      throws Exception {
    List<Case> cases = new ArrayList<>();
    try {
      for (Placement placement : placements) {
        for (boolean flushWhenEmpty : settings) {
          cases.add(startCase(placement, flushWhenEmpty, cases.size() + 1));
        }
      }
      List<Result> results = new ArrayList<>();
      for (Case c : cases) {
        for (int inFlight : inFlights) {
          results.add(
              new Result(
                  c.placement(),
                  c.flushWhenEmpty(),
                  inFlight,
                  0,
                  0,
                  new ConcurrentHistogram(60_000_000L, 3)));
        }
      }
      for (int round = 0; round < rounds; round++) {
        int i = 0;
        for (Case c : cases) {
          for (int inFlight : inFlights) {
            Result sum = results.get(i);
            LedgerHandle ledger = c.cluster().createLedger(1, 1, 1);
            measure(ledger, inFlight, warmupSeconds, null);
            long adds = measure(ledger, inFlight, seconds, sum.latency());
            ledger.close();
            results.set(
                i++,
                new Result(
                    sum.placement(),
                    sum.flushWhenQueueEmpty(),
                    inFlight,
                    sum.adds() + adds,
                    sum.seconds() + seconds,
                    sum.latency()));
          }
        }
        System.out.println("round " + (round + 1) + " of " + rounds + " done");
      }
      return results;
    } finally {
      for (Case c : cases) {
        c.close();
      }
    }
  }

  private Case startCase(Placement placement, boolean flushWhenEmpty, int n) throws Exception {
    Path home = work.resolve("case-" + n);
    TestTiers tiers = new TestTiers(home, pmem, pmemCapacity);
    BookieCluster cluster = null;
    BookieProcess bookie = null;
    try {
      cluster = new BookieCluster(home);
      bookie = cluster.bookie("bookie", config(placement, flushWhenEmpty, tiers));
      List<String> jvm =
          new ArrayList<>(
              List.of("-Xms256m", "-Xmx1g", "-XX:MaxDirectMemorySize=1g", "-XX:+UseG1GC"));
      if (Boolean.getBoolean("mixchannel.bk.bench.jfr")) {
        // A flight recording per bookie, kept beside the case directories (which are deleted).
        jvm.add(
            "-XX:StartFlightRecording=settings=profile,filename="
                + work.resolve("case-" + n + "-" + placement + "-" + flushWhenEmpty + ".jfr"));
      }
      bookie.jvmOptions(jvm);
      if (isProvider(placement)) {
        bookie.environment("PMEM_IS_PMEM_FORCE", "1");
      }
      bookie.start(cluster.admin());
      // A PMem pool pre-touches its free extents in the background once the tiers open (JFR
      // showed it taking a core); measure after such start-up work, for every case alike.
      if (!bookie.awaitQuiet(java.time.Duration.ofMinutes(3))) {
        System.out.println("bookie still busy after 3 minutes: " + placement);
      }
      return new Case(placement, flushWhenEmpty, home, tiers, cluster, bookie);
    } catch (Exception e) {
      new Case(placement, flushWhenEmpty, home, tiers, cluster, bookie).close();
      throw e;
    }
  }

  /** One bookie with its cluster and tiers. */
  private record Case(
      Placement placement,
      boolean flushWhenEmpty,
      Path home,
      TestTiers tiers,
      BookieCluster cluster,
      BookieProcess bookie)
      implements AutoCloseable {
    @Override
    public void close() throws Exception {
      try {
        if (bookie != null) {
          bookie.stop();
          bookie.close();
        }
        if (cluster != null) {
          cluster.close();
        }
      } finally {
        tiers.close();
        delete(home);
      }
    }
  }

  private static Map<String, String> config(
      Placement placement, boolean flushWhenEmpty, TestTiers tiers) {
    Map<String, String> config = new LinkedHashMap<>();
    if (isProvider(placement)) {
      config.putAll(tiers.providerConfig());
      // Every journal of a run fits the PMem tier: no migration while cases take turns idling.
      config.put("mixchannel.migrate.threshold", "-1");
    }
    if (placement == Placement.PMEM_PROVIDER_PREALLOCATE) {
      config.put("mixchannel.bookkeeper.preallocate", "true");
    }
    if (placement == Placement.TMPFS) {
      config.put("journalDirectories", tiers.pmemDir().resolve("journal").toString());
    }
    config.put("journalSyncData", Boolean.toString(placement != Placement.DISK_NO_FSYNC));
    config.put("journalFlushWhenQueueEmpty", Boolean.toString(flushWhenEmpty));
    config.put("numAddWorkerThreads", "0");
    config.put("dbStorage_writeCacheMaxSizeMb", "128");
    return config;
  }

  private static boolean isProvider(Placement placement) {
    return placement == Placement.PMEM_PROVIDER || placement == Placement.PMEM_PROVIDER_PREALLOCATE;
  }

  /** Adds 1 KiB entries for a while with a window; records latencies when given a histogram. */
  private static long measure(
      LedgerHandle ledger, int inFlight, double forSeconds, Histogram latency) throws Exception {
    Semaphore window = new Semaphore(inFlight);
    AtomicLong completed = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    byte[] payload = new byte[Traffic.ENTRY_BYTES];
    long end = System.nanoTime() + (long) (forSeconds * 1e9);
    while (System.nanoTime() < end) {
      if (!window.tryAcquire(60, TimeUnit.SECONDS)) {
        throw new IOException("adds stalled");
      }
      long start = System.nanoTime();
      ledger.asyncAddEntry(
          payload,
          (rc, lh, entryId, ctx) -> {
            if (rc == BKException.Code.OK) {
              if (latency != null) {
                latency.recordValue((System.nanoTime() - start) / 1000);
              }
              completed.incrementAndGet();
            } else {
              failed.incrementAndGet();
            }
            window.release();
          },
          null);
    }
    if (!window.tryAcquire(inFlight, 60, TimeUnit.SECONDS)) {
      throw new IOException("adds did not finish");
    }
    if (failed.get() > 0) {
      throw new IOException("adds failed: " + failed.get());
    }
    return completed.get();
  }

  /**
   * The table header.
   *
   * @return two markdown lines
   */
  public static String header() {
    return "| journal | settings | in flight | p50 µs | p99 µs | p99.9 µs | adds/s | MiB/s |\n"
        + "|---|---|---|---|---|---|---|---|";
  }

  /**
   * The time of the journal's preallocation write (512 zero bytes at 16 MiB - 512, after a 512-byte
   * header) on a fresh key of a PMem tier, as BookKeeper does on every journal roll and every 16
   * MiB; the provider drops this write unless {@code mixchannel.bookkeeper.preallocate=true}.
   *
   * @param rounds how many keys to measure
   * @return the times in microseconds, sorted
   * @throws IOException when the tier fails
   */
  public long[] preallocationMicros(int rounds) throws IOException {
    Path home = Files.createDirectories(work.resolve("prealloc"));
    long[] micros = new long[rounds];
    try (TestTiers tiers = new TestTiers(home, pmem, "256m");
        dev.mixchannel.tiering.TierManager manager = tiers.open()) {
      java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(512);
      java.nio.ByteBuffer zeros = java.nio.ByteBuffer.allocate(512);
      for (int i = 0; i < rounds; i++) {
        String key = "prealloc/" + i;
        try (dev.mixchannel.tiering.MixChannel channel =
            manager.open(
                key,
                java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)) {
          channel.write(header.clear());
          long start = System.nanoTime();
          channel.write(zeros.clear(), (16L << 20) - 512);
          micros[i] = (System.nanoTime() - start) / 1000;
        }
        manager.delete(key);
      }
    } finally {
      delete(home);
    }
    java.util.Arrays.sort(micros);
    return micros;
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
