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

import dev.mixchannel.kafka.it.KafkaRestartBenchmark.Restart;
import dev.mixchannel.kafka.it.KafkaRestartBenchmark.Stop;
import java.util.List;
import java.util.Locale;

/**
 * What a {@link KafkaRestartBenchmark} run measured: every start, and per way of stopping the ratio
 * of the agent's median time to the stock broker's (issue 19 wants at most 1.2).
 *
 * @param title the run's settings and the machine's load
 * @param restarts the measured starts, in the order they ran
 */
public record RestartReport(String title, List<Restart> restarts) {

  /**
   * Copies the list.
   *
   * @param title the run's settings and the machine's load
   * @param restarts the measured starts, in the order they ran
   */
  public RestartReport {
    restarts = List.copyOf(restarts);
  }

  /**
   * The median time of one broker after one way of stopping.
   *
   * @param agent the agent broker or the stock one
   * @param stop how it went down
   * @return seconds, or NaN when nothing was measured
   */
  public double medianSeconds(boolean agent, Stop stop) {
    double[] seconds =
        restarts.stream()
            .filter(r -> r.agent() == agent && r.stop() == stop)
            .mapToDouble(Restart::seconds)
            .sorted()
            .toArray();
    if (seconds.length == 0) {
      return Double.NaN;
    }
    int mid = seconds.length / 2;
    return seconds.length % 2 == 1 ? seconds[mid] : (seconds[mid - 1] + seconds[mid]) / 2;
  }

  /**
   * The agent's median time over the stock broker's.
   *
   * @param stop how the brokers went down
   * @return the ratio (issue 19 wants at most 1.2)
   */
  public double ratio(Stop stop) {
    return medianSeconds(true, stop) / medianSeconds(false, stop);
  }

  /**
   * A markdown table: every start, then the medians and their ratio.
   *
   * @return the table with its title
   */
  public String table() {
    StringBuilder out = new StringBuilder(title).append("\n\n");
    out.append("| round | stopped by | stock: s to all online (logs loaded, ms) |")
        .append(" agent: s to all online (logs loaded, ms) |\n|---|---|---|---|\n");
    int rounds = restarts.stream().mapToInt(Restart::round).max().orElse(0);
    for (int round = 1; round <= rounds; round++) {
      for (Stop stop : Stop.values()) {
        out.append(
            String.format(
                Locale.ROOT,
                "| %d | %s | %s | %s |%n",
                round,
                stop.label(),
                cell(false, stop, round),
                cell(true, stop, round)));
      }
    }
    out.append(
            "\n| stopped by | stock median s | agent median s | agent / stock (wanted ≤ 1.2) |\n")
        .append("|---|---|---|---|\n");
    for (Stop stop : Stop.values()) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %.2f | %.2f | **%.2f** |%n",
              stop.label(),
              medianSeconds(false, stop),
              medianSeconds(true, stop),
              ratio(stop)));
    }
    return out.toString();
  }

  private String cell(boolean agent, Stop stop, int round) {
    return restarts.stream()
        .filter(r -> r.agent() == agent && r.stop() == stop && r.round() == round)
        .map(
            r ->
                String.format(
                    Locale.ROOT,
                    "%.2f (%s)",
                    r.seconds(),
                    r.logsLoadedMillis() < 0 ? "n/a" : Long.toString(r.logsLoadedMillis())))
        .findFirst()
        .orElse("-");
  }
}
