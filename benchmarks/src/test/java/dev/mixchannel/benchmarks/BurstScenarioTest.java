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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BurstScenarioTest {

  @TempDir Path dir;

  @Test
  void shouldWriteTimelineSummaryAndChartsWhenRunSmall() throws IOException {
    Path shm = Path.of("/dev/shm");
    Path hot = Files.isDirectory(shm) && Files.isWritable(shm) ? shm : dir;
    Path out = dir.resolve("out");

    BurstScenario.main(
        new String[] {
          "--hot-dir",
          hot.toString(),
          "--cold-dir",
          dir.toString(),
          "--out",
          out.toString(),
          "--capacity",
          "64m",
          "--segment",
          "4m",
          "--record",
          "64k",
          "--bursts",
          "2",
          "--gap",
          "300ms",
          "--sample",
          "100ms",
          "--cold-rate",
          "400m"
        });

    List<String> timeline = Files.readAllLines(out.resolve("timeline.csv"), StandardCharsets.UTF_8);
    assertThat(timeline.get(0)).startsWith("run,seconds,phase");
    assertThat(timeline)
        .anyMatch(l -> l.startsWith("tiered,"))
        .anyMatch(l -> l.startsWith("cold only,"));
    assertThat(timeline.get(1)).endsWith("modelled HDD 400 MB/s");
    assertThat(Files.readAllLines(out.resolve("bursts.csv"), StandardCharsets.UTF_8)).hasSize(3);
    assertThat(Files.size(out.resolve("burst-throughput.png"))).isPositive();
    assertThat(Files.size(out.resolve("burst-occupancy.png"))).isPositive();
    Goal p7 = BurstSummary.goal(out.resolve("bursts.csv"));
    assertThat(p7.id()).isEqualTo("P7");
    assertThat(p7.ratio()).isPositive();
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("out");
    }
  }

  @Test
  void shouldRejectAThresholdOutsideZeroToOneWhenParsing() {
    assertThatThrownBy(() -> BurstOptions.parse(new String[] {"--threshold", "1.5"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("threshold=1.5");
  }

  @Test
  void shouldParseSizesWithDecimalAndBinaryUnitsWhenParsing() {
    BurstOptions o = BurstOptions.parse(new String[] {"--capacity", "1g", "--cold-rate", "150m"});

    assertThat(o.capacityBytes).isEqualTo(1L << 30);
    assertThat(o.coldBytesPerSecond).isEqualTo(150_000_000L);
    assertThat(o.burstBytes).isEqualTo((long) (0.4 * (1L << 30)));
    assertThat(o.coldLabel()).isEqualTo("modelled HDD 150 MB/s");
  }
}
