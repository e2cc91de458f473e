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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.tiering.TierManager;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Goal P14, threads scale: 1 KiB appends (segments rolling every 64 MiB) by one writer, then by two
 * writers each on its own key of one manager (a pre-touched PMem tier above a file tier) or of one
 * {@code PmemTier} (the raw backend, backend {@code auto}). Its own main runs both thread counts
 * and prints two writers' total over one writer's, for the MixChannel and the backend side by side:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.ThreadScaleBenchmark \
 *     -f 1 -wi 2 -i 5 -w 1s -r 1s
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ThreadScaleBenchmark {

  static final int RECORD_BYTES = 1024;

  /**
   * Storage in a fresh directory on the PMem stand-in, shared by the writers: each opens its own
   * key ({@code writer-<n>}). The trial tear-down closes it and deletes the directory.
   */
  abstract static class SharedStorage {
    final AtomicInteger keys = new AtomicInteger();
    private Path dir;
    private Closeable storage;

    /**
     * Opens it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = BenchDirs.fresh(BenchDirs.shm());
      storage = openStorage(dir);
    }

    /**
     * Closes it.
     *
     * @throws IOException on failure
     */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
      storage.close();
      BenchDirs.deleteTree(dir);
    }

    /** Opens the storage in {@code dir}; returns what closes it. */
    abstract Closeable openStorage(Path dir) throws IOException;

    /** Opens a writer's key. */
    abstract FileChannel open(int key) throws IOException;
  }

  /** One manager shared by the writers. */
  @State(Scope.Benchmark)
  public static class SharedManager extends SharedStorage {
    TierManager manager;

    @Override
    Closeable openStorage(Path dir) throws IOException {
      MixChannelConfig config =
          BenchTiers.pmemOverFile(dir.resolve("pmem"), dir.resolve("file"), TierKind.NVME, -1, -1);
      BenchTiers.pretouch(config);
      manager = TierManager.builder(config).startMigrator(false).build();
      return manager::close;
    }

    @Override
    FileChannel open(int key) throws IOException {
      return manager.open("writer-" + key, CREATE, READ, WRITE);
    }
  }

  /** One PMem tier shared by the writers. */
  @State(Scope.Benchmark)
  public static class SharedTier extends SharedStorage {
    PmemTier tier;

    @Override
    Closeable openStorage(Path dir) throws IOException {
      tier = BenchTiers.openPretouched(BenchTiers.pmemOnly(dir, PmemBackend.AUTO));
      return tier;
    }

    @Override
    FileChannel open(int key) throws IOException {
      return tier.open("writer-" + key, Set.of(CREATE, READ, WRITE));
    }
  }

  /** One writer's key and record. */
  abstract static class Writer {
    FileChannel channel;
    RollingAppender appender;
    final ByteBuffer record = Records.direct(RECORD_BYTES);

    final void use(FileChannel c) {
      channel = c;
      appender = new RollingAppender(c);
    }

    /**
     * Closes the key's channel.
     *
     * @throws IOException on failure
     */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      channel.close();
    }
  }

  /** A writer's MixChannel. */
  @State(Scope.Thread)
  public static class MixWriter extends Writer {
    /**
     * Opens its own key.
     *
     * @param shared the manager
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp(SharedManager shared) throws IOException {
      use(shared.open(shared.keys.incrementAndGet()));
    }
  }

  /** A writer's PMem channel. */
  @State(Scope.Thread)
  public static class PmemWriter extends Writer {
    /**
     * Opens its own key.
     *
     * @param shared the tier
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp(SharedTier shared) throws IOException {
      use(shared.open(shared.keys.incrementAndGet()));
    }
  }

  /**
   * Appends on a MixChannel.
   *
   * @param w the writer
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int mixChannel(MixWriter w) throws IOException {
    return w.appender.append(w.record);
  }

  /**
   * Appends on the PMem channel.
   *
   * @param w the writer
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemDirect(PmemWriter w) throws IOException {
    return w.appender.append(w.record);
  }

  /**
   * Runs one and two writers and prints the ratios.
   *
   * @param args JMH command-line options (the thread count is set here)
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    Map<String, Double> ops = new HashMap<>();
    for (int threads : new int[] {1, 2}) {
      ChainedOptionsBuilder options =
          new OptionsBuilder()
              .parent(new CommandLineOptions(args))
              .include("\\.ThreadScaleBenchmark\\.")
              .threads(threads);
      for (Measurement m : Measurement.of(new Runner(options.build()).run(), "")) {
        ops.put(m.method() + threads, m.opsPerSecond());
      }
    }
    System.out.println("\nThreadScaleBenchmark (P14): two writers on two keys / one writer");
    for (String target : new String[] {"mixChannel", "pmemDirect"}) {
      System.out.printf(
          Locale.ROOT,
          "  %-10s %.2fx (one writer %.2f M/s, two %.2f M/s; goal >= 1.8x on 2 cores)%n",
          target,
          ops.get(target + 2) / ops.get(target + 1),
          ops.get(target + 1) / 1e6,
          ops.get(target + 2) / 1e6);
    }
  }
}
