package dev.mixchannel.benchmarks;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PmemBackends;
import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Appends of 1 KiB and 1 MiB records into a PMem channel (both backends, pre-touched pool, plain
 * and with a force every 64 KiB) against a FileChannel in the same directory (/dev/shm), a
 * FileChannel with a force every 64 KiB on a disk directory, and a raw copy into a pre-touched
 * direct buffer. Segments roll every 64 MiB (truncate to 0 and reuse), so the pool never fills.
 *
 * <p>Run it with its own main, which prints the ratios to the baselines after JMH's table:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.PmemAppendBenchmark \
 *     -f 1 -wi 2 -i 3 -w 1s -r 1s
 * </pre>
 *
 * Directories: {@code mixchannel.bench.shm} (default /dev/shm) and {@code mixchannel.bench.disk}
 * (default /var/tmp; it must not be tmpfs).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PmemAppendBenchmark {

  static final long SEGMENT_BYTES = 64L << 20;
  static final long FORCE_EVERY_BYTES = 64L << 10;
  static final long POOL_BYTES = 512L << 20;

  /** The record, the same for every target. */
  @State(Scope.Thread)
  public static class Record {
    /** Record size in bytes. */
    @Param({"1024", "1048576"})
    public int recordBytes;

    ByteBuffer buffer;

    /** Fills the record. */
    @Setup(Level.Trial)
    public void setUp() {
      buffer = ByteBuffer.allocateDirect(recordBytes);
      for (int i = 0; i < recordBytes; i++) {
        buffer.put(i, (byte) (i * 31));
      }
    }
  }

  /** A channel with segment rolling and an optional force every 64 KiB. */
  abstract static class Target {
    FileChannel channel;
    long written;
    long sinceForce;
    boolean force;

    final int append(ByteBuffer record) throws IOException {
      if (written >= SEGMENT_BYTES) {
        channel.truncate(0);
        channel.position(0);
        written = 0;
      }
      record.clear();
      int n = 0;
      while (record.hasRemaining()) {
        n += channel.write(record);
      }
      written += n;
      if (force) {
        sinceForce += n;
        if (sinceForce >= FORCE_EVERY_BYTES) {
          channel.force(false);
          sinceForce = 0;
        }
      }
      return n;
    }
  }

  /** A PMem tier in a fresh directory under /dev/shm. */
  abstract static class PmemTarget extends Target {
    Path dir;
    PmemTier tier;

    void open(PmemBackend backend, boolean forceEvery64k) throws IOException {
      if (backend == PmemBackend.LLPL && !PmemBackends.isLlplSupported()) {
        throw new IllegalStateException(
            "LLPL unavailable: " + PmemBackends.llplUnsupportedReason());
      }
      dir = Files.createTempDirectory(shm(), "mixchannel-bench-");
      MixChannelConfig config =
          MixChannelConfig.builder()
              .tier("pmem", TierKind.PMEM, POOL_BYTES, dir)
              .pmemBackend(backend)
              .pmemPretouch(true)
              .build();
      tier = PmemTier.open(config.tiers().get(0), config);
      tier.awaitPretouch();
      channel = tier.open("segment.log", Set.of(CREATE, READ, WRITE));
      force = forceEvery64k;
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      channel.close();
      tier.close();
      deleteTree(dir);
    }
  }

  /** PMem, JDK backend. */
  @State(Scope.Thread)
  public static class PmemJdk extends PmemTarget {
    /** Opens it. @throws IOException on failure */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(PmemBackend.JDK, false);
    }
  }

  /** PMem, LLPL backend. */
  @State(Scope.Thread)
  public static class PmemLlpl extends PmemTarget {
    /** Opens it. @throws IOException on failure */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(PmemBackend.LLPL, false);
    }
  }

  /** PMem, JDK backend, force every 64 KiB. */
  @State(Scope.Thread)
  public static class PmemJdkForce extends PmemTarget {
    /** Opens it. @throws IOException on failure */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(PmemBackend.JDK, true);
    }
  }

  /** PMem, LLPL backend, force every 64 KiB. */
  @State(Scope.Thread)
  public static class PmemLlplForce extends PmemTarget {
    /** Opens it. @throws IOException on failure */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(PmemBackend.LLPL, true);
    }
  }

  /** A plain FileChannel on a file in a fresh directory. */
  abstract static class FileTarget extends Target {
    Path dir;

    void open(Path base, boolean forceEvery64k) throws IOException {
      dir = Files.createTempDirectory(base, "mixchannel-bench-");
      channel =
          FileChannel.open(dir.resolve("segment.log"), CREATE, READ, WRITE, TRUNCATE_EXISTING);
      force = forceEvery64k;
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      channel.close();
      deleteTree(dir);
    }
  }

  /** FileChannel in the PMem directory (/dev/shm). */
  @State(Scope.Thread)
  public static class FileShm extends FileTarget {
    /** Opens it. @throws IOException on failure */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(shm(), false);
    }
  }

  /** FileChannel on disk with a force every 64 KiB. */
  @State(Scope.Thread)
  public static class FileDiskForce extends FileTarget {
    /** Opens it. @throws IOException on failure */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      open(Path.of(System.getProperty("mixchannel.bench.disk", "/var/tmp")), true);
    }
  }

  /** A pre-touched direct buffer of one segment. */
  @State(Scope.Thread)
  public static class Raw {
    ByteBuffer segment;
    int position;

    /** Allocates and touches it. */
    @Setup(Level.Trial)
    public void setUp() {
      segment = ByteBuffer.allocateDirect((int) SEGMENT_BYTES);
      for (int i = 0; i < SEGMENT_BYTES; i += 4096) {
        segment.put(i, (byte) 1);
      }
    }
  }

  static Path shm() {
    return Path.of(System.getProperty("mixchannel.bench.shm", "/dev/shm"));
  }

  static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** PMem channel, JDK backend. */
  @Benchmark
  public int pmemJdk(Record r, PmemJdk t) throws IOException {
    return t.append(r.buffer);
  }

  /** PMem channel, LLPL backend. */
  @Benchmark
  public int pmemLlpl(Record r, PmemLlpl t) throws IOException {
    return t.append(r.buffer);
  }

  /** PMem channel, JDK backend, force every 64 KiB. */
  @Benchmark
  public int pmemJdkForce64k(Record r, PmemJdkForce t) throws IOException {
    return t.append(r.buffer);
  }

  /** PMem channel, LLPL backend, force every 64 KiB. */
  @Benchmark
  public int pmemLlplForce64k(Record r, PmemLlplForce t) throws IOException {
    return t.append(r.buffer);
  }

  /** Baseline: FileChannel appends in the same directory. */
  @Benchmark
  public int fileShm(Record r, FileShm t) throws IOException {
    return t.append(r.buffer);
  }

  /** Baseline: FileChannel appends on disk with a force every 64 KiB. */
  @Benchmark
  public int fileDiskForce64k(Record r, FileDiskForce t) throws IOException {
    return t.append(r.buffer);
  }

  /** Baseline: a raw copy into a pre-touched direct buffer. */
  @Benchmark
  public int rawCopy(Record r, Raw t) {
    if (t.position + r.recordBytes > SEGMENT_BYTES) {
      t.position = 0;
    }
    t.segment.put(t.position, r.buffer, 0, r.recordBytes);
    t.position += r.recordBytes;
    return r.recordBytes;
  }

  /**
   * Runs JMH with the given command line and prints the ratios to the baselines.
   *
   * @param args JMH command-line options
   * @throws Exception when the run fails
   */
  public static void main(String[] args) throws Exception {
    CommandLineOptions options = new CommandLineOptions(args);
    Collection<RunResult> results = new Runner(options).run();
    System.out.println(Ratios.table(results));
  }
}
