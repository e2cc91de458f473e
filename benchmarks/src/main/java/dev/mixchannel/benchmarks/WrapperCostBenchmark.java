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

import dev.mixchannel.api.PmemBackend;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
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
 * Goal P5 at small records: what a {@link dev.mixchannel.tiering.MixChannel} on the PMem tier costs
 * over its backend (the PMem channel of a {@code PmemTier}, backend {@code auto}) per call, for
 * relative appends (segments rolling every 64 MiB) and positional reads of 100 B and 1 KiB, both
 * sides in the same JMH run. Its own main prints the ratios:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.WrapperCostBenchmark \
 *     -f 1 -wi 2 -i 5 -w 1s -r 1s
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WrapperCostBenchmark {

  static final long READ_BYTES = 64L << 20;

  /** The record. */
  @State(Scope.Thread)
  public static class Record {
    /** Record size in bytes. */
    @Param({"100", "1024"})
    public int recordBytes;

    ByteBuffer buffer;

    /** Fills it. */
    @Setup(Level.Trial)
    public void setUp() {
      buffer = Records.direct(recordBytes);
    }
  }

  /** A MixChannel on the PMem tier of a PMem-over-disk manager, migration off. */
  @State(Scope.Thread)
  public static class Mix extends ChannelTarget {
    /**
     * Opens and fills it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openMix();
      fill(READ_BYTES);
    }
  }

  /** The PMem channel of a {@code PmemTier} (backend auto): the backend. */
  @State(Scope.Thread)
  public static class Pmem extends ChannelTarget {
    /**
     * Opens and fills it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openPmem(PmemBackend.AUTO);
      fill(READ_BYTES);
    }
  }

  /**
   * Append, MixChannel.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int appendMix(Record r, Mix t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Append, backend.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int appendPmem(Record r, Pmem t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Positional read, MixChannel.
   *
   * @param r the record (its buffer is read into)
   * @param t the target
   * @return bytes read
   * @throws IOException on failure
   */
  @Benchmark
  public int readMix(Record r, Mix t) throws IOException {
    return t.reader.read(r.buffer);
  }

  /**
   * Positional read, backend.
   *
   * @param r the record (its buffer is read into)
   * @param t the target
   * @return bytes read
   * @throws IOException on failure
   */
  @Benchmark
  public int readPmem(Record r, Pmem t) throws IOException {
    return t.reader.read(r.buffer);
  }

  /**
   * Runs the benchmark and prints the ratios.
   *
   * @param args JMH command-line options
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    Map<Integer, Map<String, Double>> bySize = new TreeMap<>();
    for (Measurement m : Ratios.runOwn(args, "WrapperCostBenchmark")) {
      int size = Integer.parseInt(m.params().get("recordBytes"));
      bySize.computeIfAbsent(size, k -> new HashMap<>()).put(m.method(), m.opsPerSecond());
    }
    System.out.println("\nWrapperCostBenchmark (P5): MixChannel / its backend, same run");
    for (Map.Entry<Integer, Map<String, Double>> e : bySize.entrySet()) {
      for (String op : new String[] {"append", "read"}) {
        Double mix = e.getValue().get(op + "Mix");
        Double raw = e.getValue().get(op + "Pmem");
        if (mix == null || raw == null) {
          continue;
        }
        System.out.printf(
            Locale.ROOT,
            "  %-6s %5d B: %.3f (goal >= 0.95); %.1f ns per call over %.1f ns%n",
            op,
            e.getKey(),
            mix / raw,
            1e9 / mix - 1e9 / raw,
            1e9 / raw);
      }
    }
  }
}
