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
package dev.mixchannel.common;

import java.util.Locale;

/** Byte counts for people: the one formatter of logs, tools and reports. Stateless. */
public final class ByteSizes {

  private ByteSizes() {}

  /**
   * A size in the largest binary unit that keeps it at or above 1.
   *
   * @param bytes the size
   * @return such as {@code 512 B}, {@code 4.0 MiB} or {@code 1.25 GiB}
   */
  public static String format(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, value < 10 ? "%.2f %s" : "%.1f %s", value, units[unit]);
  }
}
