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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.bookkeeper.it.BookieReplayBenchmark.Replay;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link BookieReplayBenchmark} with {@code -Dmixchannel.bk.replay.bench=true} (off otherwise,
 * so that CI does not pay for it), writing the table to {@code target/bk-it/replay.md}. It checks
 * that every acknowledged entry came back; it asserts no timing.
 */
@Tag("slow")
@BookieClusterLogs
class BookieReplayBenchmarkTest {

  @Test
  void shouldReplayEveryEntryFromBothJournalsWhenBenchmarkOn() throws Exception {
    assumeTrue(
        Boolean.getBoolean("mixchannel.bk.replay.bench"),
        "replay benchmark off (-Dmixchannel.bk.replay.bench=true runs it)");
    int entries = Integer.getInteger("mixchannel.bk.replay.bench.entries", 50_000);
    int rounds = Integer.getInteger("mixchannel.bk.replay.bench.rounds", 2);
    String capacity = System.getProperty("mixchannel.bk.replay.bench.pmem.capacity", "1g");
    Path work =
        Files.createDirectories(
            Path.of(System.getProperty("mixchannel.bk.bench.disk", BookieCluster.work().toString()))
                .resolve("replay-" + System.nanoTime()));
    BookieReplayBenchmark benchmark =
        new BookieReplayBenchmark(
            work,
            Path.of(System.getProperty("mixchannel.bk.bench.pmem", "/dev/shm")),
            capacity,
            entries,
            Boolean.getBoolean("mixchannel.bk.replay.bench.jfr"));

    List<Replay> replays = benchmark.run(rounds);

    String table = BookieReplayBenchmark.table(replays, entries, capacity);
    System.out.println(table);
    Files.writeString(BookieCluster.work().resolve("replay.md"), table, StandardCharsets.UTF_8);
    assertThat(replays).hasSize(rounds * BookieReplayBenchmark.Journal.values().length);
  }
}
