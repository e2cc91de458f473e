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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Issue 3's benchmark: appends of 1 KiB and 1 MiB records into a PMem channel (both backends,
 * pre-touched pool, plain and with a force every 64 KiB) against a FileChannel in the same
 * directory (/dev/shm), a FileChannel with a force every 64 KiB on a disk directory, and a raw copy
 * into a pre-touched direct buffer. Segments roll every 64 MiB (truncate to 0 and reuse), so the
 * pool never fills. {@link AppendBenchmark} and {@link DurableAppendBenchmark} extend it to every
 * record size, force interval and target.
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

  static final long FORCE_EVERY_BYTES = 64L << 10;

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
      buffer = Records.direct(recordBytes);
    }
  }

  /**
   * PMem channel, JDK backend.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemJdk(Record r, Targets.PmemJdk t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * PMem channel, LLPL backend.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemLlpl(Record r, Targets.PmemLlpl t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * PMem channel, JDK backend, force every 64 KiB.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemJdkForce64k(Record r, Targets.PmemJdk t) throws IOException {
    return t.appender.append(r.buffer, FORCE_EVERY_BYTES);
  }

  /**
   * PMem channel, LLPL backend, force every 64 KiB.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemLlplForce64k(Record r, Targets.PmemLlpl t) throws IOException {
    return t.appender.append(r.buffer, FORCE_EVERY_BYTES);
  }

  /**
   * Baseline: FileChannel appends in the same directory.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int fileShm(Record r, Targets.FileShm t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Baseline: FileChannel appends on disk with a force every 64 KiB.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int fileDiskForce64k(Record r, Targets.FileDisk t) throws IOException {
    return t.appender.append(r.buffer, FORCE_EVERY_BYTES);
  }

  /**
   * Baseline: a raw copy into a pre-touched direct buffer.
   *
   * @param r the record
   * @param t the segment
   * @return bytes copied
   */
  @Benchmark
  public int rawCopy(Record r, RawSegment t) {
    return t.copy(r.buffer);
  }

  /**
   * Runs JMH with the given command line (this benchmark only, unless it names others) and prints
   * the ratios to the baselines.
   *
   * @param args JMH command-line options
   * @throws Exception when the run fails
   */
  public static void main(String[] args) throws Exception {
    System.out.println(
        Ratios.baselineTable(
            "PmemAppendBenchmark",
            Ratios.runOwn(args, "PmemAppendBenchmark"),
            "fileShm",
            "fileDiskForce64k",
            "rawCopy"));
  }
}
