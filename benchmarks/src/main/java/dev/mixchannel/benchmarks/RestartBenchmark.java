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
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Goal P12, a restart costs what the metadata costs: a PMem pool on {@code /dev/shm} is filled to
 * half with 64 MiB keys, half of them are deleted (what retention leaves), the manager is closed
 * and reopened once this process has let go of the closed manager's mappings (as an exited process
 * has). It prints the reopen time ({@code TierManager.builder(..).build()}) and the rate of 1 KiB
 * appends on a fresh key in the first second after the reopen against the rate on another fresh key
 * once the scrubber is idle (no dirty free extent left, then {@value #REST_SECONDS} s more), and
 * their ratio. The key rolls like a log segment every 64 MiB (truncated to 0 and reused), so both
 * seconds take fresh extents all the time and the pool never fills. One such second before the
 * close warms the JIT up, so the first second after the reopen measures the pool, not the compiler.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.RestartBenchmark \
 *     [--16] [--backend jdk|llpl|auto] [GiB ...]
 * </pre>
 *
 * Pool sizes default to 1 and 4 GiB; {@code --16} adds 16 GiB. A size for which {@code
 * mixchannel.bench.shm} (default /dev/shm) has no room is skipped with a message. Pools use the
 * default extents and the default pre-touch, backend {@code auto} (LLPL where libpmemobj loads)
 * unless {@code --backend} says otherwise; the file tier is on {@code mixchannel.bench.disk} and
 * takes nothing. It prints the JVM uptime of the first second, to pick its safepoints out of {@code
 * -Xlog:safepoint}; during that second a thread asks for a thread dump every {@value #PROBE_MILLIS}
 * ms, as {@code jstack} would.
 */
public final class RestartBenchmark {

  static final long KEY_BYTES = 64L << 20;
  static final int RECORD_BYTES = 1024;
  static final int REST_SECONDS = 5;
  static final int IDLE_WAIT_SECONDS = 120;
  static final int PROBE_MILLIS = 20;

  private RestartBenchmark() {}

  /**
   * Prints the figures of each pool size.
   *
   * @param args pool sizes in GiB (default 1 and 4); {@code --16} adds 16 GiB; {@code --backend
   *     jdk|llpl|auto} (default auto)
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    List<Long> sizes = new ArrayList<>();
    boolean big = false;
    PmemBackend backend = PmemBackend.AUTO;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--16" -> big = true;
        case "--backend" -> backend = PmemBackend.valueOf(args[++i].toUpperCase(Locale.ROOT));
        default -> sizes.add(Long.parseLong(args[i]));
      }
    }
    if (sizes.isEmpty()) {
      sizes.addAll(List.of(1L, 4L));
    }
    if (big) {
      sizes.add(16L);
    }
    System.out.println(Machine.describe());
    for (long gib : sizes) {
      long need = (gib << 30) + (1L << 30);
      long free = Files.getFileStore(BenchDirs.shm()).getUsableSpace();
      if (free < need) {
        System.out.printf(
            Locale.ROOT,
            "P12 pool=%d GiB skipped: %s has %d MiB free, needs %d MiB%n",
            gib,
            BenchDirs.shm(),
            free >> 20,
            need >> 20);
        continue;
      }
      Path shm = BenchDirs.fresh(BenchDirs.shm());
      Path disk = BenchDirs.fresh(BenchDirs.disk());
      try {
        run(shm, disk, gib << 30, backend);
      } finally {
        BenchDirs.deleteTree(shm);
        BenchDirs.deleteTree(disk);
      }
    }
  }

  private static void run(Path shm, Path disk, long poolBytes, PmemBackend backend)
      throws IOException, InterruptedException {
    MixChannelConfig config =
        MixChannelConfig.builder()
            .tier("pmem", TierKind.PMEM, poolBytes, shm.resolve("pmem"))
            .tier("file", TierKind.SSD, -1, disk.resolve("file"))
            .pmemBackend(backend)
            .migrationThreshold(-1)
            .build();
    int keys = (int) (poolBytes / 2 / KEY_BYTES);
    fillAndClose(config, keys);
    double releaseSeconds = awaitUnmapped(shm.resolve("pmem"));
    AtomicReference<PmemTier> pmem = new AtomicReference<>();
    long start = System.nanoTime();
    try (TierManager m =
        TierManager.builder(config)
            .startMigrator(false)
            .tierWrapper(t -> capture(t, pmem))
            .build()) {
      double reopenMillis = (System.nanoTime() - start) / 1e6;
      long backlogAtOpen = pmem.get().scrubBacklogUnits();
      long upFrom = ManagementFactory.getRuntimeMXBean().getUptime();
      long faults = minorFaults();
      Thread prober = safepointProber();
      double first = appendsPerSecond(m, "first");
      prober.interrupt();
      long firstFaults = minorFaults() - faults;
      long upTo = ManagementFactory.getRuntimeMXBean().getUptime();
      long idleStart = System.nanoTime();
      long idleEnd = idleStart + TimeUnit.SECONDS.toNanos(IDLE_WAIT_SECONDS);
      while (pmem.get().scrubBacklogUnits() > 0 && System.nanoTime() < idleEnd) {
        TimeUnit.MILLISECONDS.sleep(50);
      }
      double idleSeconds = (System.nanoTime() - idleStart) / 1e9;
      long backlogLeft = pmem.get().scrubBacklogUnits();
      TimeUnit.SECONDS.sleep(REST_SECONDS);
      faults = minorFaults();
      double rested = appendsPerSecond(m, "rested");
      long restedFaults = minorFaults() - faults;
      System.out.printf(
          Locale.ROOT,
          "P12 pool=%d GiB backend=%s keys=%d (half deleted): old mappings released in %.1f s;"
              + " reopen %.0f ms, dirty free extents"
              + " at open %d (scrubber idle after %.1f s, %d left); 1 KiB appends first second"
              + " %.2f M/s, rested %.2f M/s, ratio %.2f; minor page faults %d and %d; first second at JVM"
              + " uptime %.3f-%.3f s%n",
          poolBytes >> 30,
          pmem.get().backendName(),
          keys,
          releaseSeconds,
          reopenMillis,
          backlogAtOpen,
          idleSeconds,
          backlogLeft,
          first / 1e6,
          rested / 1e6,
          first / rested,
          firstFaults,
          restedFaults,
          upFrom / 1e3,
          upTo / 1e3);
    }
  }

  /**
   * A thread that asks for a thread dump, a safepoint as {@code jstack} asks for one, every {@value
   * #PROBE_MILLIS} ms until interrupted: {@code -Xlog:safepoint} then shows how long the first
   * second's appends keep the JVM from reaching one.
   */
  private static Thread safepointProber() {
    Thread t =
        new Thread(
            () -> {
              try {
                while (true) {
                  ManagementFactory.getThreadMXBean().dumpAllThreads(false, false);
                  TimeUnit.MILLISECONDS.sleep(PROBE_MILLIS);
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "safepoint-prober");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /**
   * Fills the pool to half with {@code keys} keys, warms the appends up, deletes every other key
   * and closes the manager. Its own method, so that no frame of the caller keeps the closed manager
   * (and with it the pool's mappings) reachable.
   */
  private static void fillAndClose(MixChannelConfig config, int keys)
      throws IOException, InterruptedException {
    try (TierManager m = TierManager.builder(config).startMigrator(false).build()) {
      ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
      for (int k = 0; k < keys; k++) {
        try (MixChannel ch = m.open("fill-" + k, CREATE_NEW, WRITE)) {
          for (long done = 0; done < KEY_BYTES; done += chunk.capacity()) {
            chunk.clear();
            while (chunk.hasRemaining()) {
              ch.write(chunk);
            }
          }
          ch.force(true);
        }
        if (!m.tierOf("fill-" + k).equals("pmem")) {
          throw new IllegalStateException("fill-" + k + " is on " + m.tierOf("fill-" + k));
        }
      }
      appendsPerSecond(m, "warm-up");
      for (int k = 0; k < keys; k += 2) {
        m.delete("fill-" + k);
      }
    }
  }

  /**
   * Waits until the closed manager's mappings of the pool are gone from this process, as they are
   * from a process that exited: the JDK cannot unmap a {@code MappedByteBuffer} on demand, so they
   * go when a collection finds them unreachable, and their teardown (page tables over the whole
   * pool) would otherwise run on the Reference Handler thread in the middle of the measured second.
   * Bounded to {@value #IDLE_WAIT_SECONDS} s; where {@code /proc/self/maps} cannot be read it
   * collects once.
   *
   * @param poolDir the pool's directory
   * @return the seconds it took
   */
  private static double awaitUnmapped(Path poolDir) throws IOException, InterruptedException {
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(IDLE_WAIT_SECONDS);
    Path maps = Path.of("/proc/self/maps");
    String pool = poolDir.toString();
    do {
      System.gc();
      TimeUnit.MILLISECONDS.sleep(50);
    } while (Files.isReadable(maps)
        && Files.readString(maps).contains(pool)
        && System.nanoTime() < end);
    return (System.nanoTime() - start) / 1e9;
  }

  /** The process's minor page faults so far (Linux {@code /proc/self/stat}), or -1 elsewhere. */
  private static long minorFaults() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[7]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private static StorageTier capture(StorageTier tier, AtomicReference<PmemTier> pmem) {
    if (tier instanceof PmemTier p) {
      pmem.set(p);
    }
    return tier;
  }

  /** 1 KiB appends on a fresh key rolling every 64 MiB, for one second: the rate. */
  private static double appendsPerSecond(TierManager m, String key) throws IOException {
    ByteBuffer record = ByteBuffer.allocateDirect(RECORD_BYTES);
    long count = 0;
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(1);
    long now = start;
    try (MixChannel ch = m.open(key, CREATE_NEW, READ, WRITE)) {
      RollingAppender out = new RollingAppender(ch, KEY_BYTES);
      while (now < end) {
        for (int i = 0; i < 256; i++) {
          out.append(record);
        }
        count += 256;
        now = System.nanoTime();
      }
      if (!m.tierOf(key).equals("pmem")) {
        throw new IllegalStateException(key + " is on " + m.tierOf(key));
      }
    }
    m.delete(key);
    return count / ((now - start) / 1e9);
  }
}
