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

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Appends of 1 KiB and 64 KiB records through a {@link MixChannel} on a PMem tier against the same
 * kind of PMem channel used directly ({@code PmemTier}), and through a MixChannel while another key
 * migrates back and forth between the PMem tier and a file tier (on /dev/shm) in the background,
 * without a rate limit. Segments roll every 64 MiB (truncate to 0). Pools are pre-touched before
 * the measurement.
 *
 * <p>Its own main prints the ratios after JMH's table:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.MixChannelBenchmark \
 *     -f 1 -wi 2 -i 3 -w 1s -r 1s
 * </pre>
 *
 * Directory: {@code mixchannel.bench.shm} (default /dev/shm).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MixChannelBenchmark {

  static final int MIGRATING_KEY_BYTES = 32 << 20;

  /** The record, the same for every target. */
  @State(Scope.Thread)
  public static class Record {
    /** Record size in bytes. */
    @Param({"1024", "65536"})
    public int recordBytes;

    ByteBuffer buffer;

    /** Fills the record. */
    @Setup(Level.Trial)
    public void setUp() {
      buffer = Records.direct(recordBytes);
    }
  }

  /** An append channel on a pre-touched PMem tier above a file tier, both on /dev/shm. */
  abstract static class Target {
    Path dir;
    FileChannel channel;
    RollingAppender appender;

    MixChannelConfig config(long rateBytesPerSecond) throws IOException {
      dir = BenchDirs.fresh(BenchDirs.shm());
      MixChannelConfig config =
          BenchTiers.pmemOverFile(
              dir.resolve("pmem"), dir.resolve("file"), TierKind.NVME, -1, rateBytesPerSecond);
      BenchTiers.pretouch(config);
      return config;
    }

    final void use(FileChannel channel) {
      this.channel = channel;
      this.appender = new RollingAppender(channel);
    }
  }

  /** The backend used directly: a PMem channel of a {@code PmemTier}. */
  @State(Scope.Thread)
  public static class Direct extends Target {
    PmemTier tier;

    /**
     * Opens the tier and the channel.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      MixChannelConfig config = config(-1);
      tier = PmemTier.open(config.tiers().get(0), config);
      use(tier.open("segment.log", Set.of(CREATE, WRITE, APPEND)));
    }

    /**
     * Closes everything and deletes the directory.
     *
     * @throws IOException on failure
     */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      channel.close();
      tier.close();
      BenchDirs.deleteTree(dir);
    }
  }

  /** A MixChannel on the PMem tier of a manager. */
  abstract static class ManagerTarget extends Target {
    TierManager manager;

    void open(long rateBytesPerSecond) throws IOException {
      manager = TierManager.builder(config(rateBytesPerSecond)).startMigrator(false).build();
      use(manager.open("segment.log", CREATE, WRITE, APPEND));
    }

    void closeAll() throws IOException {
      channel.close();
      manager.close();
      BenchDirs.deleteTree(dir);
    }
  }

  /** A MixChannel, nothing else running. */
  @State(Scope.Thread)
  public static class Mix extends ManagerTarget {
    /**
     * Opens the manager and the channel.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(-1);
    }

    /**
     * Closes everything and deletes the directory.
     *
     * @throws IOException on failure
     */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      closeAll();
    }
  }

  /** A MixChannel while another key of the same manager migrates without pause. */
  @State(Scope.Thread)
  public static class MixDuringMigration extends ManagerTarget {
    /** The migration copy rate limit in bytes per second, -1 for none. */
    @Param({"-1", "268435456"})
    public long migrationRateBytesPerSecond;

    KeyShuttle shuttle;

    /**
     * Opens the manager with the rate limit and starts the background migrations.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(migrationRateBytesPerSecond);
      try (MixChannel other = manager.open("other.log", CREATE, WRITE)) {
        ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
        for (long pos = 0; pos < MIGRATING_KEY_BYTES; pos += chunk.capacity()) {
          chunk.clear();
          other.write(chunk, pos);
        }
      }
      shuttle = KeyShuttle.start(manager, "other.log", "pmem", "file");
    }

    /**
     * Stops the background migrations and closes everything.
     *
     * @throws IOException on failure
     */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      try {
        shuttle.close();
      } finally {
        System.out.println("background migrations completed: " + shuttle.migrations());
        closeAll();
      }
    }
  }

  /** The two candidate key locks, uncontended, around a trivial critical section. */
  @State(Scope.Thread)
  public static class Locks {
    final StampedLock stamped = new StampedLock();
    final ReentrantReadWriteLock readWrite = new ReentrantReadWriteLock();
    long counter;
  }

  /**
   * A shared acquisition of a {@link StampedLock} (the key lock MixChannel uses).
   *
   * @param l the locks
   * @return a counter, so the work is not eliminated
   */
  @Benchmark
  public long lockStampedShared(Locks l) {
    long stamp = l.stamped.readLock();
    try {
      return ++l.counter;
    } finally {
      l.stamped.unlockRead(stamp);
    }
  }

  /**
   * A shared acquisition of a {@link ReentrantReadWriteLock}, the alternative.
   *
   * @param l the locks
   * @return a counter, so the work is not eliminated
   */
  @Benchmark
  public long lockReentrantReadWriteShared(Locks l) {
    l.readWrite.readLock().lock();
    try {
      return ++l.counter;
    } finally {
      l.readWrite.readLock().unlock();
    }
  }

  /**
   * The backend alone.
   *
   * @param r the record
   * @param t the channel
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemDirect(Record r, Direct t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Through a MixChannel, nothing else running.
   *
   * @param r the record
   * @param t the channel
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int mixChannel(Record r, Mix t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Through a MixChannel while another key migrates.
   *
   * @param r the record
   * @param t the channel
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int mixChannelDuringMigration(Record r, MixDuringMigration t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Runs the benchmark and prints the ratios.
   *
   * @param args JMH command-line options
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    List<Measurement> results = Ratios.runOwn(args, "MixChannelBenchmark");
    Map<Integer, Map<String, Double>> bySize = new TreeMap<>();
    for (Measurement m : results) {
      if (!m.params().containsKey("recordBytes")) {
        continue;
      }
      int size = Integer.parseInt(m.params().get("recordBytes"));
      String rate = m.params().get("migrationRateBytesPerSecond");
      String name = rate == null ? m.method() : m.method() + "@" + rate;
      bySize.computeIfAbsent(size, k -> new HashMap<>()).put(name, m.opsPerSecond());
    }
    System.out.println("\nMixChannelBenchmark: ratios");
    for (Measurement m : results) {
      if (m.method().startsWith("lock")) {
        System.out.printf(
            Locale.ROOT,
            "%s: %.1f ns per shared lock+unlock%n",
            m.method(),
            1e9 / m.opsPerSecond());
      }
    }
    for (Map.Entry<Integer, Map<String, Double>> e : bySize.entrySet()) {
      Map<String, Double> ops = e.getValue();
      System.out.printf(
          Locale.ROOT,
          "record %6d bytes: mixChannel/pmemDirect = %.3f (goal >= 0.95 at 1 KiB),"
              + " duringMigration/idle = %.3f unlimited, %.3f at 256 MiB/s (goal >= 0.9)%n",
          e.getKey(),
          ratio(ops.get("mixChannel"), ops.get("pmemDirect")),
          ratio(ops.get("mixChannelDuringMigration@-1"), ops.get("mixChannel")),
          ratio(ops.get("mixChannelDuringMigration@268435456"), ops.get("mixChannel")));
    }
  }

  private static double ratio(Double value, Double base) {
    return value == null || base == null || base == 0 ? Double.NaN : value / base;
  }
}
