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
 * Durable appends: 1 KiB records with {@code force(false)} every 4 KiB, 64 KiB or 1 MiB, on the
 * targets of {@link AppendBenchmark} (for a FileChannel, force is fsync; for the PMem channels a
 * flush of the written ranges: msync, or CPU cache-line flushes for LLPL with {@code
 * PMEM_IS_PMEM_FORCE=1}). The raw copy never forces: it is the ceiling. Baseline: {@code fileDisk}
 * (P3 at 64 KiB).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DurableAppendBenchmark {

  /** The record and the force interval. */
  @State(Scope.Thread)
  public static class Record {
    /** Record size in bytes. */
    @Param({"1024"})
    public int recordBytes;

    /** Bytes appended between two forces. */
    @Param({"4096", "65536", "1048576"})
    public long forceEveryBytes;

    ByteBuffer buffer;

    /** Fills it. */
    @Setup(Level.Trial)
    public void setUp() {
      buffer = Records.direct(recordBytes);
    }
  }

  /**
   * FileChannel on disk, fsync.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int fileDisk(Record r, Targets.FileDisk t) throws IOException {
    return t.appender.append(r.buffer, r.forceEveryBytes);
  }

  /**
   * FileChannel in the PMem directory, fsync (a no-op on tmpfs).
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int fileShm(Record r, Targets.FileShm t) throws IOException {
    return t.appender.append(r.buffer, r.forceEveryBytes);
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
    return t.appender.append(r.buffer, r.forceEveryBytes);
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
    return t.appender.append(r.buffer, r.forceEveryBytes);
  }

  /**
   * MixChannel on the hot tier.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int mixHot(Record r, Targets.MixHot t) throws IOException {
    return t.appender.append(r.buffer, r.forceEveryBytes);
  }

  /**
   * The raw copy, never forced.
   *
   * @param r the record
   * @param t the segment
   * @return bytes copied
   */
  @Benchmark
  public int rawCopy(Record r, RawSegment t) {
    return t.copy(r.buffer);
  }
}
