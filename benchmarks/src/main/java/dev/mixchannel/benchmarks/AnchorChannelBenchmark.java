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

import dev.mixchannel.kafka.internal.AnchorChannel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
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
 * What the Kafka agent's wrapper costs: 1 KiB relative appends to a MixChannel on the PMem tier,
 * directly and through the {@link AnchorChannel} that Kafka gets (a delegation and a clock read per
 * write, a touch of the anchor file at most once a second).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.AnchorChannelBenchmark \
 *     -f 2 -wi 3 -i 5 -w 1s -r 1s
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AnchorChannelBenchmark {

  /** A MixChannel on the hot tier, wrapped as the agent wraps it, with its anchor file. */
  @State(Scope.Thread)
  public static class Anchored extends ChannelTarget {
    /**
     * Opens it.
     *
     * @throws IOException on failure
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
      openMix();
      Path anchor = Files.createFile(dir.resolve("00000000000000000000.log"));
      channel = new AnchorChannel(channel, anchor, System::currentTimeMillis, () -> {});
      appender = new RollingAppender(channel);
    }
  }

  /**
   * MixChannel on the hot tier, directly.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int mixChannel(KibRecord r, Targets.MixHot t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * The same through the agent's {@link AnchorChannel}.
   *
   * @param r the record
   * @param t the target
   * @return bytes written
   * @throws IOException on failure
   */
  @Benchmark
  public int anchorChannel(KibRecord r, Anchored t) throws IOException {
    return t.appender.append(r.buffer);
  }

  /**
   * Runs the benchmark and prints the ratio.
   *
   * @param args JMH command-line options
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    Map<String, Double> ops = new HashMap<>();
    for (Measurement m : Ratios.runOwn(args, "AnchorChannelBenchmark")) {
      ops.put(m.method(), m.opsPerSecond());
    }
    Double bare = ops.get("mixChannel");
    Double wrapped = ops.get("anchorChannel");
    if (bare != null && wrapped != null) {
      System.out.printf(
          Locale.ROOT,
          "%nAnchorChannelBenchmark: 1 KiB appends, MixChannel %.0f ns, AnchorChannel(MixChannel)"
              + " %.0f ns, anchorChannel/mixChannel = %.3f%n",
          1e9 / bare,
          1e9 / wrapped,
          wrapped / bare);
    }
  }
}
