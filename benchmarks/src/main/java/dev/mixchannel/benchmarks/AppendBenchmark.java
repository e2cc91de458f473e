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
 * Appends of 100 B to 1 MiB records (relative writes of a direct buffer, segments rolling every 64
 * MiB) on every target: FileChannel on disk and in the PMem directory, PMem channels of both
 * backends, a MixChannel on the hot tier, and the raw copy into pre-touched memory. Baselines:
 * {@code fileShm} (P1), {@code rawCopy} (P2), and for the MixChannel (P5) the PMem channel of the
 * backend {@code auto} picks ({@code pmemLlpl} where libpmem loads). {@link Suite} prints the
 * ratios.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AppendBenchmark {

  /** The record. */
  @State(Scope.Thread)
  public static class Record {
    /** Record size in bytes. */
    @Param({"100", "1024", "16384", "1048576"})
    public int recordBytes;

    ByteBuffer buffer;

    /** Fills it. */
    @Setup(Level.Trial)
    public void setUp() {
      buffer = Records.direct(recordBytes);
    }
  }

  /**
   * FileChannel on disk.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int fileDisk(Record r, Targets.FileDisk t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * FileChannel in the PMem directory.
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
   * MixChannel on the hot tier.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int mixHot(Record r, Targets.MixHot t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * The raw copy into pre-touched memory.
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
