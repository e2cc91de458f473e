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
package dev.mixchannel.bookkeeper.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.bookkeeper.it.JournalLatencyBenchmark.Placement;
import dev.mixchannel.bookkeeper.it.JournalLatencyBenchmark.Result;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link JournalLatencyBenchmark}: in CI a smoke run of the provider for half a second per
 * window; with {@code -Dmixchannel.bk.bench=true} the whole P9 matrix, written to {@code
 * target/p9.md}.
 */
@Tag("slow")
@BookieClusterLogs
class JournalLatencyBenchmarkTest {

  @Test
  void shouldMeasureAddLatencyWhenTheJournalIsOnThePmemTier() throws Exception {
    boolean full = Boolean.getBoolean("mixchannel.bk.bench");
    Path work =
        Files.createDirectories(
            Path.of(System.getProperty("mixchannel.bk.bench.disk", BookieCluster.work().toString()))
                .resolve("p9-" + System.nanoTime()));
    JournalLatencyBenchmark benchmark =
        new JournalLatencyBenchmark(
            work,
            Path.of(System.getProperty("mixchannel.bk.bench.pmem", "/dev/shm")),
            full
                ? Double.parseDouble(System.getProperty("mixchannel.bk.bench.warmup.seconds", "2"))
                : 0.2,
            full ? Double.parseDouble(System.getProperty("mixchannel.bk.bench.seconds", "5")) : 0.5,
            full ? "2g" : "256m");
    List<Result> results =
        full
            ? benchmark.run(
                placements(System.getProperty("mixchannel.bk.bench.placements", "")),
                settings(System.getProperty("mixchannel.bk.bench.flushWhenEmpty", "")),
                List.of(1, 64),
                Integer.getInteger("mixchannel.bk.bench.rounds", 3))
            : benchmark.run(List.of(Placement.PMEM_PROVIDER), List.of(true), List.of(1, 64), 1);
    long[] prealloc = benchmark.preallocationMicros(full ? 50 : 3);
    StringBuilder table = new StringBuilder(JournalLatencyBenchmark.header()).append('\n');
    for (Result result : results) {
      assertThat(result.adds()).isPositive();
      assertThat(result.latency().getTotalCount()).isEqualTo(result.adds());
      table.append(result.row()).append('\n');
    }
    table
        .append("\npreallocation write on the PMem tier (µs, sorted): ")
        .append(Arrays.toString(prealloc))
        .append('\n');
    System.out.println(table);
    Files.writeString(
        BookieCluster.work().resolve(full ? "p9.md" : "p9-smoke.md"),
        table.toString(),
        StandardCharsets.UTF_8);
  }

  /** The placements named in a comma list, or all of them for an empty list. */
  private static List<Placement> placements(String names) {
    if (names.isBlank()) {
      return List.of(Placement.values());
    }
    return Arrays.stream(names.split(",")).map(String::trim).map(Placement::valueOf).toList();
  }

  /** The {@code journalFlushWhenQueueEmpty} values in a comma list, or both for an empty list. */
  private static List<Boolean> settings(String values) {
    if (values.isBlank()) {
      return List.of(false, true);
    }
    return Arrays.stream(values.split(",")).map(String::trim).map(Boolean::valueOf).toList();
  }
}
