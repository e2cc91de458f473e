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

import java.util.Locale;

/** Formats the demo's one-line status. Stateless. */
final class StatusLine {

  /** The longest status line. */
  static final int WIDTH = 79;

  private static final int BAR_CELLS = 10;

  private StatusLine() {}

  /**
   * The status line for a sample: ASCII only, at most {@value #WIDTH} characters (so that {@code
   * \r} can redraw it on an 80-column terminal), without line ending.
   *
   * @param s the sample
   * @param threshold the migration threshold, or -1
   * @return such as {@code 12s pmem [#####|##----] 58% disk 412 MiB moved 18 written 1.02 GiB bad
   *     0}
   */
  static String format(Sample s, double threshold) {
    String line =
        String.format(
            Locale.ROOT,
            "%5ds  pmem %s %3.0f%%  disk %s  moved %d  wrote %s  bad %d",
            s.elapsedNanos() / 1_000_000_000L,
            bar(s.pmemFraction(), threshold),
            s.pmemFraction() * 100,
            Units.size(s.diskUsedBytes()),
            s.migrationsDown() + s.migrationsUp(),
            Units.size(s.producedBytes()),
            s.checksumFailures());
    return line.length() > WIDTH ? line.substring(0, WIDTH) : line;
  }

  /**
   * A progress bar of the used fraction, with {@code |} marking the threshold.
   *
   * @param fraction the used fraction
   * @param threshold the threshold, or -1 for none
   * @return such as {@code [#######|---]}
   */
  static String bar(double fraction, double threshold) {
    int filled = (int) Math.round(Math.min(1, Math.max(0, fraction)) * BAR_CELLS);
    int mark = threshold < 0 ? -1 : (int) Math.round(threshold * BAR_CELLS);
    StringBuilder b = new StringBuilder(BAR_CELLS + 3).append('[');
    for (int i = 0; i < BAR_CELLS; i++) {
      if (i == mark) {
        b.append('|');
      }
      b.append(i < filled ? '#' : '-');
    }
    if (mark == BAR_CELLS) {
      b.append('|');
    }
    return b.append(']').toString();
  }
}
