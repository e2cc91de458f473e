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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The append targets of {@link AppendBenchmark} and {@link DurableAppendBenchmark}: FileChannel on
 * disk and in the PMem directory, PMem channels of both backends, a MixChannel on the hot tier, and
 * the raw copy into pre-touched memory. Each benchmark method appends the whole record (relative
 * writes of a direct buffer, segments rolling every 64 MiB) and forces every {@link
 * #forceEveryBytes()}, except the raw copy, which never forces. The benchmark instance is the
 * record's thread state: a subclass declares the JMH parameters and JMH generates its benchmarks
 * from these methods ({@code AppendBenchmark.fileDisk}, ...).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public abstract class AbstractAppendBenchmark {

  private ByteBuffer record;

  /**
   * The record's size, a JMH parameter of the subclass.
   *
   * @return bytes per append
   */
  abstract int recordBytes();

  /**
   * Bytes appended between two {@code force(false)} calls.
   *
   * @return the interval; 0 (the default) never forces
   */
  long forceEveryBytes() {
    return 0;
  }

  /** Fills the record. */
  @Setup(Level.Trial)
  public void fillRecord() {
    record = Records.direct(recordBytes());
  }

  /**
   * FileChannel on disk.
   *
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int fileDisk(Targets.FileDisk t) throws IOException {
    return t.appender.append(record, forceEveryBytes());
  }

  /**
   * FileChannel in the PMem directory (where a force is a no-op: tmpfs here).
   *
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int fileShm(Targets.FileShm t) throws IOException {
    return t.appender.append(record, forceEveryBytes());
  }

  /**
   * PMem channel, LLPL backend.
   *
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemLlpl(Targets.PmemLlpl t) throws IOException {
    return t.appender.append(record, forceEveryBytes());
  }

  /**
   * PMem channel, JDK backend.
   *
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int pmemJdk(Targets.PmemJdk t) throws IOException {
    return t.appender.append(record, forceEveryBytes());
  }

  /**
   * MixChannel on the hot tier.
   *
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int mixHot(Targets.MixHot t) throws IOException {
    return t.appender.append(record, forceEveryBytes());
  }

  /**
   * The raw copy into pre-touched memory, never forced: the ceiling.
   *
   * @param t the segment
   * @return bytes copied
   */
  @Benchmark
  public int rawCopy(RawSegment t) {
    return t.copy(record);
  }
}
