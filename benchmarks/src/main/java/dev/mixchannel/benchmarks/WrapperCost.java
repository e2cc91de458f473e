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
import java.util.Arrays;
import java.util.Locale;

/**
 * Goal P5 at small records on a loaded machine: the targets of {@link WrapperCostBenchmark} (a
 * MixChannel on the PMem tier and its backend) in one JVM, timed in alternating slices of {@value
 * #SLICE_OPS} calls, so that both sides meet the same load; the ratio of each pair of slices, and
 * their median, and the ratio of each side's fastest tenth of slices (the least disturbed). Where
 * other jobs share the cores, JMH's runs of one side after the other meet different load, and their
 * ratio mostly measures that.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.WrapperCost [rounds]
 * </pre>
 */
public final class WrapperCost {

  static final int SLICE_OPS = 2_000;
  static final int WARM_ROUNDS = 50;
  static final int[] SIZES = {100, 1024};

  private WrapperCost() {}

  private interface Call {
    int run(ByteBuffer record) throws IOException;
  }

  /**
   * Runs and prints the ratios.
   *
   * @param args the number of rounds (default 400), then {@code read} or {@code append} for one
   *     operation only
   * @throws IOException on failure
   */
  public static void main(String[] args) throws IOException {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400;
    String only = args.length > 1 ? args[1] : "";
    System.out.println(Machine.describe());
    WrapperCostBenchmark.Mix mix = new WrapperCostBenchmark.Mix();
    WrapperCostBenchmark.Pmem pmem = new WrapperCostBenchmark.Pmem();
    mix.setUp();
    pmem.setUp();
    try {
      // Reads first: the appends roll (truncate) the segment the reads read.
      for (int size : only.equals("append") ? new int[0] : SIZES) {
        report("read", size, rounds, Records.direct(size), mix.reader::read, pmem.reader::read);
      }
      for (int size : only.equals("read") ? new int[0] : SIZES) {
        ByteBuffer record = Records.direct(size);
        report("append", size, rounds, record, mix.appender::append, pmem.appender::append);
      }
    } finally {
      mix.close();
      pmem.close();
    }
  }

  private static void report(
      String op, int size, int rounds, ByteBuffer record, Call mix, Call backend)
      throws IOException {
    double[] ratios = new double[rounds];
    double[] mixNanos = new double[rounds];
    double[] backendNanos = new double[rounds];
    for (int r = -WARM_ROUNDS; r < rounds; r++) {
      long m = slice(mix, record);
      long b = slice(backend, record);
      if (r >= 0) {
        ratios[r] = (double) b / m;
        mixNanos[r] = (double) m / SLICE_OPS;
        backendNanos[r] = (double) b / SLICE_OPS;
      }
    }
    Arrays.sort(ratios);
    Arrays.sort(mixNanos);
    Arrays.sort(backendNanos);
    int fast = rounds / 10;
    System.out.printf(
        Locale.ROOT,
        "P5 %-6s %5d B: MixChannel / backend %.3f (median of %d slice pairs; quartiles %.3f to"
            + " %.3f); fastest tenth %.1f ns per call over %.1f ns: %.3f (goal >= 0.95)%n",
        op,
        size,
        ratios[rounds / 2],
        rounds,
        ratios[rounds / 4],
        ratios[rounds * 3 / 4],
        mixNanos[fast],
        backendNanos[fast],
        backendNanos[fast] / mixNanos[fast]);
  }

  private static long slice(Call call, ByteBuffer record) throws IOException {
    long start = System.nanoTime();
    for (int i = 0; i < SLICE_OPS; i++) {
      record.clear();
      call.run(record);
    }
    return System.nanoTime() - start;
  }
}
