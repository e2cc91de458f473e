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

/** Formatting of sizes and rates for the demo's output. Stateless. */
final class Units {

  /** Bytes per MiB. */
  static final double MIB = 1024.0 * 1024.0;

  private Units() {}

  /**
   * A size in the largest binary unit that keeps it at or above 1.
   *
   * @param bytes the size
   * @return such as {@code 512 KiB}, {@code 133 MiB} or {@code 1.25 GiB}
   */
  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    if (bytes < (1L << 20)) {
      return String.format(Locale.ROOT, "%.0f KiB", bytes / 1024.0);
    }
    if (bytes < (1L << 30)) {
      return String.format(Locale.ROOT, "%.0f MiB", bytes / MIB);
    }
    return String.format(Locale.ROOT, "%.2f GiB", bytes / (MIB * 1024));
  }

  /**
   * A size in MiB with one decimal.
   *
   * @param bytes the size
   * @return such as {@code 1024.5}
   */
  static String mib(long bytes) {
    return String.format(Locale.ROOT, "%,.1f", bytes / MIB);
  }

  /**
   * A rate in MiB/s.
   *
   * @param bytes bytes moved
   * @param nanos over this many nanoseconds
   * @return such as {@code 512.3 MiB/s}, or {@code - MiB/s} for no time
   */
  static String rate(long bytes, long nanos) {
    if (nanos <= 0) {
      return "- MiB/s";
    }
    return String.format(Locale.ROOT, "%,.1f MiB/s", bytes / MIB / (nanos / 1e9));
  }

  /**
   * A count with thousands separators.
   *
   * @param n the count
   * @return such as {@code 12,345}
   */
  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
