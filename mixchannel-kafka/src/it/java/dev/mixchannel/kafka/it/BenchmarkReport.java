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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The result of one {@link KafkaBenchmark} run: one table with every figure of every broker and its
 * ratio against the stock broker on disk, the goals, and a CSV of the same figures.
 *
 * @param title what ran (Kafka release, record size, load average at the start)
 * @param brokers the brokers' figures, in the order they ran
 */
public record BenchmarkReport(String title, List<BrokerFigures> brokers) {

  private static final double P8_WANTED = 5.0;
  private static final double DEFAULT_FLUSH_WANTED = 0.95;

  /** Copies the list. */
  public BenchmarkReport {
    brokers = List.copyOf(brokers);
  }

  /**
   * The figures of one broker.
   *
   * @param layout the broker
   * @return its figures, when it ran
   */
  public Optional<BrokerFigures> broker(BrokerLayout layout) {
    return brokers.stream().filter(b -> b.layout() == layout).findFirst();
  }

  /**
   * The table: a row per figure, a column per broker, each cell the value and, in parentheses, how
   * many times better than the stock broker on disk it is (above 1 is better, for latencies too);
   * then the goals and the comparisons that decide the metadata-log default.
   *
   * @return printable lines
   */
  public String table() {
    StringBuilder out = new StringBuilder(title).append('\n');
    out.append(String.format(Locale.ROOT, "%-52s %-6s", "figure", "unit"));
    for (BrokerFigures b : brokers) {
      out.append(String.format(Locale.ROOT, " %18s", b.layout().id()));
    }
    out.append('\n');
    Optional<BrokerFigures> base = broker(BrokerLayout.STOCK_DISK);
    for (BenchmarkFigure figure : BenchmarkFigure.values()) {
      out.append(String.format(Locale.ROOT, "%-52s %-6s", figure.label(), figure.unit()));
      for (BrokerFigures b : brokers) {
        double value = b.value(figure);
        double ratio = base.map(s -> figure.timesBetter(value, s.value(figure))).orElse(Double.NaN);
        String cell = number(value) + (Double.isNaN(ratio) ? "" : " (" + ratio(ratio) + ")");
        out.append(String.format(Locale.ROOT, " %18s", cell));
      }
      out.append('\n');
    }
    out.append("(x): times better than stock-disk, above 1 is better (latencies: stock / this)\n");
    for (String line : comparisons()) {
      out.append(line).append('\n');
    }
    return out.toString();
  }

  /**
   * The goals of issue 12 and the same-medium and metadata-log comparisons, for the brokers that
   * ran.
   *
   * @return one line each
   */
  public List<String> comparisons() {
    List<String> lines = new ArrayList<>();
    goal(lines, BenchmarkFigure.FLUSHED_MEGABYTES_PER_SECOND, BrokerLayout.AGENT_TMPFS, P8_WANTED);
    for (BrokerLayout agent : List.of(BrokerLayout.AGENT_TMPFS, BrokerLayout.AGENT_DISK)) {
      goal(lines, BenchmarkFigure.DEFAULT_FLUSH_MEGABYTES_PER_SECOND, agent, DEFAULT_FLUSH_WANTED);
    }
    compare(
        lines,
        "same medium, agent-tmpfs / stock-tmpfs",
        BrokerLayout.AGENT_TMPFS,
        BrokerLayout.STOCK_TMPFS);
    compare(
        lines,
        "metadata log on the PMem tier (agent on / off, log dir on disk), agent-disk / stock-disk",
        BrokerLayout.AGENT_DISK,
        BrokerLayout.STOCK_DISK);
    return lines;
  }

  /**
   * Writes the CSV: {@code broker,figure,unit,value,times_better_than_stock_disk}, one line per
   * broker and figure.
   *
   * @param file the file, replaced
   * @throws IOException when writing fails
   */
  public void writeCsv(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("broker,figure,unit,value,times_better_than_stock_disk");
    Optional<BrokerFigures> base = broker(BrokerLayout.STOCK_DISK);
    for (BrokerFigures b : brokers) {
      for (BenchmarkFigure figure : BenchmarkFigure.values()) {
        double value = b.value(figure);
        double ratio = base.map(s -> figure.timesBetter(value, s.value(figure))).orElse(Double.NaN);
        lines.add(
            String.join(
                ",",
                b.layout().id(),
                figure.csvName(),
                figure.unit(),
                csvNumber(value),
                csvNumber(ratio)));
      }
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private void goal(
      List<String> lines, BenchmarkFigure figure, BrokerLayout layout, double wanted) {
    Optional<BrokerFigures> base = broker(BrokerLayout.STOCK_DISK);
    Optional<BrokerFigures> broker = broker(layout);
    if (base.isEmpty() || broker.isEmpty()) {
      return;
    }
    double ratio = figure.timesBetter(broker.get().value(figure), base.get().value(figure));
    lines.add(
        String.format(
            Locale.ROOT,
            "goal: %s, %s / stock-disk = %s (wanted >= %s): %s",
            figure.label(),
            layout.id(),
            ratio(ratio),
            ratio(wanted),
            ratio >= wanted ? "met" : "MISSED"));
  }

  private void compare(List<String> lines, String what, BrokerLayout layout, BrokerLayout base) {
    Optional<BrokerFigures> b = broker(base);
    Optional<BrokerFigures> a = broker(layout);
    if (a.isEmpty() || b.isEmpty()) {
      return;
    }
    StringBuilder line = new StringBuilder(what).append(" (times better):");
    for (BenchmarkFigure figure : BenchmarkFigure.values()) {
      double ratio = figure.timesBetter(a.get().value(figure), b.get().value(figure));
      if (!Double.isNaN(ratio)) {
        line.append(' ').append(figure.csvName()).append('=').append(ratio(ratio));
      }
    }
    lines.add(line.toString());
  }

  private static String number(double value) {
    if (Double.isNaN(value)) {
      return "-";
    }
    if (Math.abs(value) >= 100 || value == Math.rint(value)) {
      return String.format(Locale.ROOT, "%.0f", value);
    }
    return String.format(Locale.ROOT, "%.2f", value);
  }

  private static String ratio(double ratio) {
    return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
  }

  private static String csvNumber(double value) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
  }
}
