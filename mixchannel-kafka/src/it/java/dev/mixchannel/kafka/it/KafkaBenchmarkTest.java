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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link KafkaBenchmark}: briefly in CI (with the end-to-end broker tests, {@code
 * -Dmixchannel.kafka.e2e=true}) to prove that every phase works against real brokers, and in full
 * with {@code -Dmixchannel.kafka.bench=true}. It measures; it asserts no timing.
 */
@Tag("slow")
class KafkaBenchmarkTest {

  private static final List<BenchmarkFigure> MEASURED =
      List.of(
          BenchmarkFigure.FLUSHED_MEGABYTES_PER_SECOND,
          BenchmarkFigure.PRODUCE_P50_MICROS,
          BenchmarkFigure.PRODUCE_SAMPLES,
          BenchmarkFigure.DEFAULT_FLUSH_MEGABYTES_PER_SECOND,
          BenchmarkFigure.METADATA_COMMIT_P50_MICROS,
          BenchmarkFigure.TOPIC_OPERATIONS_PER_SECOND);

  @Test
  void shouldMeasureEveryFigureWhenRunBriefly(@TempDir Path out) throws Exception {
    assumeTrue(
        Boolean.getBoolean("mixchannel.kafka.e2e") && !Boolean.getBoolean("mixchannel.kafka.bench"),
        "smoke run off (it runs with -Dmixchannel.kafka.e2e=true, without the full benchmark)");
    List<BrokerLayout> layouts = List.of(BrokerLayout.STOCK_DISK, BrokerLayout.AGENT_TMPFS);

    BenchmarkReport report = run(BenchmarkSettings.smoke(layouts, out));

    assertThat(report.brokers()).extracting(BrokerFigures::layout).isEqualTo(layouts);
    assertThat(Files.readAllLines(out.resolve("kafka-benchmark.csv")))
        .hasSize(1 + layouts.size() * BenchmarkFigure.values().length);
  }

  @Test
  void shouldReportEveryFigureWhenBenchmarkOn() throws Exception {
    assumeTrue(
        Boolean.getBoolean("mixchannel.kafka.bench"),
        "benchmark off (-Dmixchannel.kafka.bench=true runs it)");
    BenchmarkSettings settings = BenchmarkSettings.fromSystemProperties();

    BenchmarkReport report = run(settings);

    assertThat(report.brokers()).hasSize(settings.layouts().size());
  }

  private static BenchmarkReport run(BenchmarkSettings settings) throws Exception {
    KafkaBenchmark benchmark =
        new KafkaBenchmark(
            Path.of(System.getProperty("mixchannel.kafka.libs")),
            Path.of(System.getProperty("mixchannel.kafka.agent")),
            settings);
    BenchmarkReport report = benchmark.run();
    System.out.print(report.table());
    for (BrokerFigures broker : report.brokers()) {
      for (BenchmarkFigure figure : MEASURED) {
        assertThat(broker.value(figure)).as(broker.layout().id() + " " + figure).isPositive();
      }
    }
    return report;
  }
}
