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
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RatiosTest {

  @TempDir Path dir;

  private static Measurement append(String method, double opsPerSecond) {
    return new Measurement(
        "AppendBenchmark",
        method,
        Map.of("recordBytes", "1024"),
        "",
        opsPerSecond,
        1,
        1024,
        Double.NaN);
  }

  @Test
  void shouldCompareWithTheBaselineOfTheSameParametersWhenComputingGoals() {
    List<Measurement> rows =
        List.of(
            append("mixHot", 2_000_000),
            append("fileShm", 100_000),
            append("pmemLlpl", 2_100_000),
            append("pmemJdk", 2_100_000));

    List<Goal> goals = Ratios.goals(rows);

    Goal p1 = goals.stream().filter(g -> g.id().equals("P1")).findFirst().orElseThrow();
    assertThat(p1.ratio()).isCloseTo(20, within(1e-9));
    assertThat(p1.met()).isTrue();
    Goal p5 = goals.stream().filter(g -> g.id().equals("P5")).findFirst().orElseThrow();
    assertThat(p5.ratio()).isCloseTo(2.0 / 2.1, within(1e-9));
    assertThat(p5.status()).isEqualTo("met");
    Goal p2 = goals.stream().filter(g -> g.id().equals("P2")).findFirst().orElseThrow();
    assertThat(p2.status()).isEqualTo("not measured");
  }

  @Test
  void shouldPrintRatioColumnsWhenBaselinesArePresent() {
    String table =
        Ratios.baselineTable(
            "AppendBenchmark",
            List.of(append("mixHot", 2_000_000), append("fileShm", 100_000)),
            "fileShm");

    assertThat(table).contains("recordBytes=1024").contains("20.00");
  }

  @Test
  void shouldReadBackWhatItWroteWhenRoundTrippingCsv() throws IOException {
    List<Measurement> rows =
        List.of(
            new Measurement(
                "ReadBenchmark",
                "readMixHot",
                Map.of("readBytes", "65536"),
                "",
                12345.5,
                10,
                65536,
                0),
            new Measurement(
                "DurableAppendBenchmark",
                "pmemLlpl",
                Map.of("recordBytes", "1024", "forceEveryBytes", "4096"),
                Suite.FORCE_VARIANT,
                99.0,
                Double.NaN,
                1024,
                Double.NaN));
    Path csv = dir.resolve("rows.csv");

    Measurement.writeCsv(rows, csv);
    List<Measurement> back = Measurement.readCsv(csv);

    assertThat(back).hasSize(2);
    assertThat(back.get(0).method()).isEqualTo("readMixHot");
    assertThat(back.get(0).opsPerSecond()).isCloseTo(12345.5, within(0.1));
    assertThat(back.get(1).params()).containsEntry("forceEveryBytes", "4096");
    assertThat(back.get(1).variant()).isEqualTo(Suite.FORCE_VARIANT);
    assertThat(back.get(1).allocBytesPerOp()).isNaN();
  }
}
