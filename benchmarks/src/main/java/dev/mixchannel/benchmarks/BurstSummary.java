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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The burst scenario's CSV files and summary lines, and goal P7 read back from them. */
final class BurstSummary {

  private static final String BURSTS_HEADER =
      "burst,tiered_mb_s,hot_tier_mb_s,ratio_to_hot_tier,cold_only_mb_s,ratio_to_cold_only,cold_tier";

  private BurstSummary() {}

  /** Writes every sample of every run, one row per sample. */
  static void writeTimeline(List<BurstRun> runs, BurstOptions o, Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(
        "run,seconds,phase,written_bytes,producer_mb_s,hot_used_bytes,hot_capacity_bytes,"
            + "hot_used_fraction,cold_used_bytes,migration_mb_s,cold_device_mb_s,spills,cold_tier");
    for (BurstRun run : runs) {
      for (BurstRun.Sample s : run.samples) {
        lines.add(
            String.format(
                Locale.ROOT,
                "%s,%.3f,%s,%d,%.1f,%d,%d,%.4f,%d,%.1f,%.1f,%d,%s",
                run.name,
                s.seconds(),
                s.phase(),
                s.writtenBytes(),
                s.mbPerSecond(),
                s.hotUsedBytes(),
                s.hotCapacityBytes(),
                s.hotCapacityBytes() == 0 ? 0 : (double) s.hotUsedBytes() / s.hotCapacityBytes(),
                s.coldUsedBytes(),
                s.migrationMbPerSecond(),
                s.coldDeviceMbPerSecond(),
                s.spills(),
                o.coldLabel()));
      }
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  /**
   * Writes {@code bursts.csv} and returns the summary lines: per burst, the tiered run's MB/s, its
   * ratio to the hot-tier speed (the pre-fill's) and to the cold-only run's.
   */
  static List<String> writeBursts(BurstRun tiered, BurstRun coldOnly, BurstOptions o, Path file)
      throws IOException {
    double hot = tiered.prefill == null ? Double.NaN : tiered.prefill.mbPerSecond();
    List<String> csv = new ArrayList<>();
    List<String> summary = new ArrayList<>();
    csv.add(BURSTS_HEADER);
    summary.add(
        String.format(
            Locale.ROOT,
            "hot-tier speed (pre-fill of %.0f MiB into the PMem tier): %.0f MB/s",
            o.prefillBytes / (double) (1L << 20),
            hot));
    for (int i = 0; i < tiered.bursts.size(); i++) {
      BurstRun.Burst t = tiered.bursts.get(i);
      double cold = coldOnly == null ? Double.NaN : coldOnly.bursts.get(i).mbPerSecond();
      csv.add(
          String.format(
              Locale.ROOT,
              "%d,%.1f,%.1f,%.4f,%.1f,%.4f,%s",
              t.index(),
              t.mbPerSecond(),
              hot,
              t.mbPerSecond() / hot,
              cold,
              t.mbPerSecond() / cold,
              o.coldLabel()));
      summary.add(
          String.format(
              Locale.ROOT,
              "burst %d (%.0f MiB): tiered %.0f MB/s = %.2f of the hot-tier speed; cold only (%s)"
                  + " %.0f MB/s; tiered / cold only = %.1fx",
              t.index(),
              t.bytes() / (double) (1L << 20),
              t.mbPerSecond(),
              t.mbPerSecond() / hot,
              o.coldLabel(),
              cold,
              t.mbPerSecond() / cold));
    }
    Files.write(file, csv, StandardCharsets.UTF_8);
    return summary;
  }

  /** Goal P7 from a {@code bursts.csv}: the worst burst's ratio to the hot-tier speed. */
  static Goal goal(Path burstsCsv) throws IOException {
    double worst = Double.POSITIVE_INFINITY;
    StringBuilder detail = new StringBuilder();
    for (String line : Files.readAllLines(burstsCsv, StandardCharsets.UTF_8)) {
      if (line.equals(BURSTS_HEADER) || line.isBlank()) {
        continue;
      }
      String[] f = line.split(",", -1);
      double ratio = Double.parseDouble(f[3]);
      worst = Math.min(worst, ratio);
      detail.append(
          String.format(
              Locale.ROOT,
              "burst %s: %.0f MB/s, %.2f of hot, %.1fx cold only (%s); ",
              f[0],
              Double.parseDouble(f[1]),
              ratio,
              Double.parseDouble(f[5]),
              f[6]));
    }
    return new Goal(
        "P7",
        "bursts absorbed: tiered burst MB/s / hot-tier speed (worst burst)",
        worst == Double.POSITIVE_INFINITY ? Double.NaN : worst,
        0.9,
        detail.toString().trim());
  }
}
