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
package dev.mixchannel.examples;

import dev.mixchannel.tiering.MixChannelStats;
import dev.mixchannel.tiering.TierStats;
import java.io.PrintWriter;
import java.util.Locale;

/** Prints the demo's final summary. Stateless. */
final class Summary {

  private Summary() {}

  static void print(DemoReport r, DemoSettings settings, DemoStorage storage, PrintWriter out) {
    MixChannelStats stats = r.stats();
    TierStats pmem = stats.tier("pmem");
    TierStats disk = stats.tier("disk");
    out.printf(Locale.ROOT, "%nMixChannel demo done in %.1f s%n", r.runNanos() / 1e9);
    out.printf(
        Locale.ROOT,
        "  produced     %s records, %s MiB, in %d bursts at %s (%s with the gaps)%n",
        Units.count(r.records()),
        Units.mib(r.bytes()),
        r.bursts(),
        Units.rate(r.bytes(), r.burstNanos()),
        Units.rate(r.bytes(), r.runNanos()));
    out.printf(
        Locale.ROOT,
        "  consumed     %s records read back right behind the producer, checksum failures: %d%n",
        Units.count(r.consumed()),
        r.consumerFailures());
    out.printf(
        Locale.ROOT,
        "  re-read      %s records (%s MiB) kept by retention, from the start, checksum failures:"
            + " %d%n",
        Units.count(r.replayed()),
        Units.mib(r.replayedBytes()),
        r.replayFailures());
    out.printf(
        Locale.ROOT,
        "  migrations   %d down, %d up, %s MiB moved; %d spills, %d failed%n",
        stats.migrationsDown(),
        stats.migrationsUp(),
        Units.mib(stats.bytesMigrated()),
        stats.spills(),
        stats.migrationFailures());
    out.printf(
        Locale.ROOT,
        "  at the end   pmem %.0f%% of %s (%d segments), disk %s (%d segments);"
            + " retention deleted %d%n",
        pmem.usedFraction() * 100,
        Units.size(pmem.capacityBytes()),
        pmem.keyCount(),
        Units.size(disk.usedBytes()),
        disk.keyCount(),
        r.segmentsDeleted());
    out.printf(Locale.ROOT, "  chart        %s%n", r.chart());
    out.printf(
        Locale.ROOT,
        "  data         %s%n",
        settings.keep()
            ? "kept: " + storage.pmemDir() + " and " + storage.diskDir().toAbsolutePath()
            : "removed (run with --keep to keep it)");
    if (r.intact()) {
      out.println("RESULT: OK, every record came back intact.");
    } else {
      out.println(
          "RESULT: FAILED: "
              + (r.failure() != null
                  ? r.failure()
                  : "consumed " + r.consumed() + " of " + r.records() + " records"));
    }
    out.flush();
  }
}
