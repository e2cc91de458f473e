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
package dev.mixchannel.pulsar.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.pulsar.it.BookieStorage.Placement;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/**
 * Runs P9b ({@link ProduceLatencyBenchmark}) when asked: {@code -Dmixchannel.pulsar.bench=true}. It
 * starts standalones seven times (two minutes of starts on the 2-core machine), so CI leaves it
 * out; the measuring loop itself runs in CI in {@link PulsarStandaloneTest}. Writes {@code
 * target/pulsar-it/p9b.md}.
 */
@Tag("slow")
@ExpectedLog(
    logger = "org.apache.pulsar.client",
    reason = "the client warns about the broker it loses when the replay run kills a standalone")
@ExpectedLog(
    logger = "org.apache.pulsar.client",
    level = Level.ERROR,
    reason = "the client logs the sends it fails when it is shut down after the kill as errors")
class ProduceLatencyBenchmarkTest {

  @Test
  void shouldMeasureProduceLatencyWhenTheJournalIsOnMixChannel() throws Exception {
    assumeTrue(
        Boolean.getBoolean("mixchannel.pulsar.bench"),
        "P9b runs with -Dmixchannel.pulsar.bench=true");
    Path work =
        Files.createDirectories(
            Path.of(System.getProperty("mixchannel.pulsar.bench.disk", Jvm.work().toString()))
                .resolve("p9b-" + System.nanoTime()));
    ProduceLatencyBenchmark benchmark =
        new ProduceLatencyBenchmark(
            work,
            Path.of(System.getProperty("mixchannel.pulsar.bench.tmpfs", "/dev/shm")),
            System.getProperty("mixchannel.pulsar.bench.pmem.capacity", "1g"));
    List<ProduceLatencyBenchmark.Result> latency =
        benchmark.latency(
            placements(System.getProperty("mixchannel.pulsar.bench.placements", "")),
            Integer.getInteger("mixchannel.pulsar.bench.warmup", 1_000),
            Integer.getInteger("mixchannel.pulsar.bench.messages", 10_000),
            Integer.getInteger("mixchannel.pulsar.bench.rounds", 3));
    List<ProduceLatencyBenchmark.Replay> replay =
        benchmark.replay(
            List.of(Placement.MIXCHANNEL, Placement.DISK),
            Integer.getInteger("mixchannel.pulsar.bench.replay.messages", 20_000));

    StringBuilder table =
        new StringBuilder("| journal | messages | p50 µs | p99 µs | p99.9 µs | messages/s |\n")
            .append("|---|---|---|---|---|---|\n");
    for (ProduceLatencyBenchmark.Result result : latency) {
      assertThat(result.latency().getTotalCount()).isPositive();
      table.append(result.row()).append('\n');
    }
    table.append('\n').append(ratios(latency));
    table
        .append("\n| journal | messages replayed | replay ms | of which opening the tiers ms |")
        .append(" restart to serving s |\n|---|---|---|---|---|\n");
    for (ProduceLatencyBenchmark.Replay r : replay) {
      table.append(r.row()).append('\n');
    }
    System.out.println(table);
    Files.writeString(Jvm.work().resolve("p9b.md"), table.toString(), StandardCharsets.UTF_8);
  }

  /** The goals' ratios: MixChannel against the floor and the disk journal against MixChannel. */
  private static String ratios(List<ProduceLatencyBenchmark.Result> results) {
    ProduceLatencyBenchmark.Result mix = find(results, Placement.MIXCHANNEL);
    ProduceLatencyBenchmark.Result disk = find(results, Placement.DISK);
    ProduceLatencyBenchmark.Result floor = find(results, Placement.TMPFS);
    if (mix == null || disk == null || floor == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    for (double p : new double[] {50, 99, 99.9}) {
      long m = mix.latency().getValueAtPercentile(p);
      sb.append(
          String.format(
              Locale.ROOT,
              "p%s: MixChannel / floor %.2f, disk / MixChannel %.2fx%n",
              p == 99.9 ? "99.9" : Integer.toString((int) p),
              m / (double) floor.latency().getValueAtPercentile(p),
              disk.latency().getValueAtPercentile(p) / (double) m));
    }
    return sb.toString();
  }

  private static ProduceLatencyBenchmark.Result find(
      List<ProduceLatencyBenchmark.Result> results, Placement placement) {
    return results.stream().filter(r -> r.placement() == placement).findFirst().orElse(null);
  }

  /** The placements named in a comma list, or all of them for an empty list. */
  private static List<Placement> placements(String names) {
    if (names.isBlank()) {
      return List.of(Placement.values());
    }
    return Arrays.stream(names.split(",")).map(String::trim).map(Placement::valueOf).toList();
  }
}
