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

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The burst scenario (not JMH): a producer appends to rolling segments as fast as it can in bursts
 * separated by idle gaps, on a PMem tier over a cold tier throttled to model an HDD, and the same
 * bursts on the cold tier alone. Writes {@code timeline.csv} (one row per sample: throughput,
 * per-tier occupancy, migration rate), {@code bursts.csv}, {@code burst-throughput.png} and {@code
 * burst-occupancy.png}, and prints a summary line per burst. {@code --help} lists the options.
 */
public final class BurstScenario {

  private BurstScenario() {}

  /**
   * Runs the scenario.
   *
   * @param args see {@code --help}
   * @throws IOException when a run fails
   */
  public static void main(String[] args) throws IOException {
    BurstOptions o;
    try {
      o = BurstOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage() + "\n\n" + BurstOptions.help());
      System.exit(2);
      return;
    }
    if (o == null) {
      System.out.println(BurstOptions.help());
      return;
    }
    Files.createDirectories(o.out);
    System.out.println(Machine.describe());
    System.out.printf(
        Locale.ROOT,
        "burst scenario: PMem tier %d MiB on %s, threshold %.2f; cold tier on %s: %s;"
            + " pre-fill %d MiB; %d bursts of %d MiB, %d ms gaps; segments %d MiB, records %d B%n",
        o.capacityBytes >> 20,
        o.hotDir,
        o.threshold,
        o.coldDir,
        o.coldLabel(),
        o.prefillBytes >> 20,
        o.bursts,
        o.burstBytes >> 20,
        o.gapMillis,
        o.segmentBytes >> 20,
        o.recordBytes);
    List<BurstRun> runs = new ArrayList<>();
    BurstRun tiered = BurstRun.run(o, true);
    runs.add(tiered);
    BurstRun coldOnly = null;
    if (o.baseline) {
      coldOnly = BurstRun.run(o, false);
      runs.add(coldOnly);
    }
    BurstSummary.writeTimeline(runs, o, o.out.resolve("timeline.csv"));
    List<String> summary =
        BurstSummary.writeBursts(tiered, coldOnly, o, o.out.resolve("bursts.csv"));
    BurstCharts.throughput(runs, o, o.out.resolve("burst-throughput.png"));
    BurstCharts.occupancy(tiered, o, o.out.resolve("burst-occupancy.png"));
    System.out.println("\nburst scenario summary (cold tier: " + o.coldLabel() + ")");
    summary.forEach(line -> System.out.println("  " + line));
    System.out.println("files: " + o.out.toAbsolutePath());
  }
}
