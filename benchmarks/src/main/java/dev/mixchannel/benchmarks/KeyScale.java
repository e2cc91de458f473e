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
package dev.mixchannel.benchmarks;

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import dev.mixchannel.tiering.internal.ManagerCore;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Goal P13, keys at scale: N keys of 4 KiB in 1,000 partition directories ({@code p0000/…}) of a
 * manager with a 1 GiB PMem tier (1 MiB extents, backend {@code auto}) in front of a file tier on
 * disk, for N = 1,000 and 10,000 (and 100,000 with {@code --100k}). For each N: the create time per
 * key, the close and reopen time, the heap per key (as {@link HeapFootprint} estimates it), {@code
 * keys()} and one policy round (the calling thread's CPU time, the median of 5 after 10 warm-ups:
 * on a loaded machine the wall time mostly measures the other jobs), and opening (open, read 4 KiB,
 * close) every key from 1 and from 8 threads. Then how each grows per 10x keys: 10 is linear.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.KeyScale [--100k]
 * </pre>
 *
 * Directories: {@code mixchannel.bench.shm} (the PMem tier), {@code mixchannel.bench.disk}.
 */
public final class KeyScale {

  static final int PARTITIONS = 1_000;
  static final int KEY_BYTES = 4096;
  static final long PMEM_BYTES = 1L << 30;
  static final long EXTENT_BYTES = 1L << 20;
  static final int THREADS = 8;
  static final int REPEATS = 5;
  static final int WARM_UPS = 10;

  private KeyScale() {}

  /** One N's figures, in milliseconds (heap in bytes per key). */
  record Row(
      int keys,
      double createMsPerKey,
      double reopenMs,
      double heapBytesPerKey,
      double keysMs,
      double policyRoundMs,
      double opensOneThreadMs,
      double opensEightThreadsMs) {

    /**
     * The figures.
     *
     * @param keys the key count
     * @param createMsPerKey the create time per key
     * @param reopenMs close and reopen of the manager
     * @param heapBytesPerKey heap per key after the creates
     * @param keysMs one {@code keys()} (the median, CPU time)
     * @param policyRoundMs one policy round (the median, CPU time)
     * @param opensOneThreadMs opening every key from one thread
     * @param opensEightThreadsMs opening every key from 8 threads
     */
    Row {}

    double[] values() {
      return new double[] {
        createMsPerKey * keys,
        reopenMs,
        heapBytesPerKey * keys,
        keysMs,
        policyRoundMs,
        opensOneThreadMs,
        opensEightThreadsMs
      };
    }
  }

  static final String[] NAMES = {
    "create all",
    "close+reopen",
    "heap",
    "keys()",
    "policy round",
    "open all, 1 thread",
    "open all, 8 threads"
  };

  /**
   * Runs the sizes and prints the table.
   *
   * @param args {@code --100k} adds 100,000 keys; {@code --keys 1000,5000} sets the sizes
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    List<Integer> sizes = new ArrayList<>(List.of(1_000, 10_000));
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--100k" -> sizes.add(100_000);
        case "--keys" -> sizes = Arrays.stream(args[++i].split(",")).map(Integer::valueOf).toList();
        default -> throw new IllegalArgumentException("unknown option: " + args[i]);
      }
    }
    System.out.println(Machine.describe());
    List<Row> rows = new ArrayList<>();
    for (int n : sizes) {
      Row row = run(n);
      rows.add(row);
      print(row);
    }
    System.out.println("\nP13 growth per 10x keys (10 = linear):");
    for (int i = 1; i < rows.size(); i++) {
      Row a = rows.get(i - 1);
      Row b = rows.get(i);
      double scale = Math.log10((double) b.keys() / a.keys());
      StringBuilder line =
          new StringBuilder(String.format(Locale.ROOT, "  %,d -> %,d:", a.keys(), b.keys()));
      for (int m = 0; m < NAMES.length; m++) {
        double growth = Math.pow(b.values()[m] / a.values()[m], 1 / scale);
        line.append(String.format(Locale.ROOT, " %s %.1fx;", NAMES[m], growth));
      }
      System.out.println(line);
    }
  }

  private static Row run(int n) throws Exception {
    Path shm = BenchDirs.fresh(BenchDirs.shm());
    Path disk = BenchDirs.fresh(BenchDirs.disk());
    try {
      MixChannelConfig config = config(shm, disk);
      ByteBuffer data = Records.direct(KEY_BYTES);
      long heapBefore = HeapFootprint.usedHeap();
      TierManager manager = TierManager.builder(config).startMigrator(false).build();
      long start = System.nanoTime();
      for (int i = 0; i < n; i++) {
        try (MixChannel c = manager.open(name(i), CREATE_NEW, WRITE)) {
          data.clear();
          c.write(data);
        }
      }
      double createMs = millisSince(start);
      double heapPerKey = (double) (HeapFootprint.usedHeap() - heapBefore) / n;
      start = System.nanoTime();
      manager.close();
      manager = TierManager.builder(config).startMigrator(false).build();
      double reopenMs = millisSince(start);
      try {
        if (manager.keys().size() != n) {
          throw new IllegalStateException("reopened with " + manager.keys().size() + " keys");
        }
        TierManager m = manager;
        double keysMs = median(() -> m.keys().size());
        ManagerCore core = (ManagerCore) manager;
        double policyMs = median(core::doWork);
        double one = openAll(manager, n, 1);
        double eight = openAll(manager, n, THREADS);
        return new Row(n, createMs / n, reopenMs, heapPerKey, keysMs, policyMs, one, eight);
      } finally {
        manager.close();
      }
    } finally {
      BenchDirs.deleteTree(shm);
      BenchDirs.deleteTree(disk);
    }
  }

  static MixChannelConfig config(Path shm, Path disk) {
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, PMEM_BYTES, shm.resolve("pmem"))
        .tier("file", TierKind.SSD, -1, disk.resolve("file"))
        .pmemExtentSizeBytes(EXTENT_BYTES)
        .pmemBackend(PmemBackend.AUTO)
        .pmemPretouch(false)
        .build();
  }

  static String name(int i) {
    return String.format(Locale.ROOT, "p%04d/%020d.log", i % PARTITIONS, i / PARTITIONS);
  }

  private interface Step {
    int run() throws IOException;
  }

  /** The median CPU time of the calling thread for one step: other jobs' load does not count. */
  private static double median(Step step) throws IOException {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[] ms = new double[REPEATS];
    for (int i = 0; i < WARM_UPS; i++) {
      step.run();
    }
    for (int i = 0; i < REPEATS; i++) {
      long start = threads.getCurrentThreadCpuTime();
      step.run();
      ms[i] = (threads.getCurrentThreadCpuTime() - start) / 1e6;
    }
    Arrays.sort(ms);
    return ms[REPEATS / 2];
  }

  private static double openAll(TierManager manager, int n, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      long start = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int first = t;
        done.add(
            pool.submit(
                () -> {
                  ByteBuffer dst = ByteBuffer.allocateDirect(KEY_BYTES);
                  for (int i = first; i < n; i += threads) {
                    try (MixChannel c = manager.open(name(i), READ)) {
                      dst.clear();
                      c.read(dst, 0);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(10, TimeUnit.MINUTES);
      }
      return millisSince(start);
    } finally {
      pool.shutdownNow();
    }
  }

  private static double millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e6;
  }

  private static void print(Row r) {
    System.out.printf(
        Locale.ROOT,
        "P13 keys=%,d: create %.3f ms/key, close+reopen %.0f ms, heap %.0f B/key, keys() %.2f ms"
            + " CPU, policy round %.2f ms CPU, open all %.0f ms (1 thread) %.0f ms (%d threads)%n",
        r.keys(),
        r.createMsPerKey(),
        r.reopenMs(),
        r.heapBytesPerKey(),
        r.keysMs(),
        r.policyRoundMs(),
        r.opensOneThreadMs(),
        r.opensEightThreadsMs(),
        THREADS);
  }
}
