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
package dev.mixchannel.kafka.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark report's ratios, goals and CSV, and the settings parser, without a broker. */
class BenchmarkReportTest {

  private static final BenchmarkReport REPORT =
      new BenchmarkReport(
          "test",
          List.of(
              new BrokerFigures(
                  BrokerLayout.STOCK_DISK,
                  Map.of(
                      BenchmarkFigure.FLUSHED_MEGABYTES_PER_SECOND, 4.0,
                      BenchmarkFigure.PRODUCE_P50_MICROS, 3000.0,
                      BenchmarkFigure.DEFAULT_FLUSH_MEGABYTES_PER_SECOND, 100.0)),
              new BrokerFigures(
                  BrokerLayout.AGENT_TMPFS,
                  Map.of(
                      BenchmarkFigure.FLUSHED_MEGABYTES_PER_SECOND, 40.0,
                      BenchmarkFigure.PRODUCE_P50_MICROS, 300.0,
                      BenchmarkFigure.DEFAULT_FLUSH_MEGABYTES_PER_SECOND, 90.0))));

  @Test
  void shouldShowLatencyRatiosAsTimesBetterWhenLower() {
    assertThat(REPORT.table()).contains("300 (10.00x)").contains("40 (10.00x)");
  }

  @Test
  void shouldMarkGoalsMetOrMissedWhenBothBrokersRan() {
    assertThat(REPORT.comparisons())
        .containsExactly(
            "goal: P8 throughput, flush per message, acks=1, agent-tmpfs / stock-disk = 10.00x"
                + " (wanted >= 5.00x): met",
            "goal: throughput, default flush settings, acks=all, agent-tmpfs / stock-disk = 0.90x"
                + " (wanted >= 0.95x): MISSED");
  }

  @Test
  void shouldWriteOneCsvLinePerBrokerAndFigureWhenWritten(@TempDir Path dir) throws Exception {
    REPORT.writeCsv(dir.resolve("out.csv"));

    List<String> lines = Files.readAllLines(dir.resolve("out.csv"));
    assertThat(lines).hasSize(1 + 2 * BenchmarkFigure.values().length);
    assertThat(lines).contains("agent-tmpfs,produce_p50_us,us,300.000,10.000");
  }

  @Test
  void shouldParseSettingsLinesWhenSeparatedBySemicolonsOrNewLines() {
    assertThat(BenchmarkSettings.lines("a=1; b = x=y\n# note\nc="))
        .containsExactly(Map.entry("a", "1"), Map.entry("b", "x=y"), Map.entry("c", ""));
    assertThatThrownBy(() -> BenchmarkSettings.lines("novalue"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("novalue");
    assertThat(BrokerLayout.parse("agent-disk, stock-disk"))
        .containsExactly(BrokerLayout.AGENT_DISK, BrokerLayout.STOCK_DISK);
  }
}
