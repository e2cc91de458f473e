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

import java.nio.file.Path;
import java.util.Locale;

/** The settings of {@link BurstScenario}, from its command line. Not thread-safe. */
final class BurstOptions {

  Path hotDir = BenchDirs.shm();
  Path coldDir = BenchDirs.disk();
  Path out = Path.of("target", "burst");
  long capacityBytes = 2L << 30;
  double threshold = 0.5;
  long burstBytes = -1;
  long prefillBytes = -1;
  int bursts = 2;
  long gapMillis = 8_000;
  long segmentBytes = 64L << 20;
  int recordBytes = 256 << 10;
  long coldBytesPerSecond = 150_000_000L;
  long sampleMillis = 1_000;
  boolean baseline = true;

  static String help() {
    return String.join(
        "\n",
        "usage: java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.BurstScenario"
            + " [options]",
        "",
        "A producer appends records to rolling segments as fast as it can, in bursts separated by",
        "idle gaps. Tiered run: a PMem tier of --capacity (a pool on --hot-dir) over a cold tier on",
        "--cold-dir, migration threshold --threshold; before the bursts the log is pre-filled up to",
        "the threshold (its speed is the hot-tier speed). Baseline run: the same bursts on the cold",
        "tier alone. The cold tier is throttled to --cold-rate, a modelled HDD, in both runs.",
        "",
        "  --hot-dir <dir>      PMem directory (default /dev/shm)",
        "  --cold-dir <dir>     cold-tier directory on disk (default /var/tmp)",
        "  --capacity <size>    PMem tier capacity (default 2g)",
        "  --threshold <f>      migration threshold (default 0.5)",
        "  --burst <size>       bytes per burst (default 0.8 x (1 - threshold) x capacity)",
        "  --bursts <n>         number of bursts (default 2)",
        "  --gap <time>         idle time after each burst (default 8s)",
        "  --prefill <size>     log written before the bursts (default threshold x capacity)",
        "  --segment <size>     segment size (default 64m)",
        "  --record <size>      record size (default 256k)",
        "  --cold-rate <size>   modelled HDD rate in bytes/s (default 150m = 150 MB/s; 0 = the disk"
            + " as it is)",
        "  --sample <time>      timeline resolution (default 1s)",
        "  --no-baseline        skip the cold-only run",
        "  --out <dir>          CSV and PNG directory (default target/burst)",
        "sizes: 512m, 2g, 150m (k/m/g = 1000^n for --cold-rate, 1024^n otherwise); times: 500ms,"
            + " 8s");
  }

  /** Parses the command line; {@code null} when it asked for help. */
  static BurstOptions parse(String[] args) {
    BurstOptions o = new BurstOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--help") || a.equals("-h")) {
        return null;
      }
      if (a.equals("--no-baseline")) {
        o.baseline = false;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("missing value: option=" + a);
      }
      String v = args[++i];
      switch (a) {
        case "--hot-dir" -> o.hotDir = Path.of(v);
        case "--cold-dir" -> o.coldDir = Path.of(v);
        case "--capacity" -> o.capacityBytes = size(v, 1024);
        case "--threshold" -> o.threshold = Double.parseDouble(v);
        case "--burst" -> o.burstBytes = size(v, 1024);
        case "--bursts" -> o.bursts = Integer.parseInt(v);
        case "--gap" -> o.gapMillis = millis(v);
        case "--prefill" -> o.prefillBytes = size(v, 1024);
        case "--segment" -> o.segmentBytes = size(v, 1024);
        case "--record" -> o.recordBytes = Math.toIntExact(size(v, 1024));
        case "--cold-rate" -> o.coldBytesPerSecond = size(v, 1000);
        case "--sample" -> o.sampleMillis = millis(v);
        case "--out" -> o.out = Path.of(v);
        default -> throw new IllegalArgumentException("unknown option: option=" + a);
      }
    }
    if (o.threshold <= 0 || o.threshold >= 1) {
      throw new IllegalArgumentException("threshold must be in (0, 1): threshold=" + o.threshold);
    }
    if (o.burstBytes < 0) {
      o.burstBytes = (long) (0.8 * (1 - o.threshold) * o.capacityBytes);
    }
    if (o.prefillBytes < 0) {
      o.prefillBytes = (long) (o.threshold * o.capacityBytes);
    }
    if (o.bursts < 1 || o.recordBytes < 1 || o.sampleMillis < 10) {
      throw new IllegalArgumentException(
          "bad value: bursts="
              + o.bursts
              + ", record="
              + o.recordBytes
              + ", sample="
              + o.sampleMillis
              + "ms");
    }
    return o;
  }

  /** The label of the cold tier in every output. */
  String coldLabel() {
    return coldBytesPerSecond > 0
        ? String.format(Locale.ROOT, "modelled HDD %.0f MB/s", coldBytesPerSecond / 1e6)
        : "disk, not throttled";
  }

  static long size(String text, int unit) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long factor = 1;
    char last = t.charAt(t.length() - 1);
    if (last == 'k' || last == 'm' || last == 'g') {
      factor = last == 'k' ? unit : last == 'm' ? (long) unit * unit : (long) unit * unit * unit;
      t = t.substring(0, t.length() - 1);
    }
    return (long) (Double.parseDouble(t) * factor);
  }

  static long millis(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.endsWith("ms")) {
      return Long.parseLong(t.substring(0, t.length() - 2));
    }
    if (t.endsWith("s")) {
      return (long) (Double.parseDouble(t.substring(0, t.length() - 1)) * 1000);
    }
    return Long.parseLong(t);
  }
}
