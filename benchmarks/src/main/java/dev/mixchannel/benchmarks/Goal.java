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

import java.util.Locale;

/**
 * One goal of issue 5 with its measured ratio.
 *
 * @param id the goal's name, e.g. {@code P1}
 * @param what what is compared with what
 * @param ratio the measured ratio (NaN when a side was not measured)
 * @param target the ratio wanted (at least)
 * @param detail further ratios that explain it
 */
record Goal(String id, String what, double ratio, double target, String detail) {

  boolean met() {
    return ratio >= target;
  }

  String status() {
    return Double.isNaN(ratio) ? "not measured" : met() ? "met" : "MISSED";
  }

  String line() {
    return String.format(
        Locale.ROOT,
        "%-6s %-70s %8.2fx  (goal >= %.2fx) %-12s %s",
        id,
        what,
        ratio,
        target,
        status(),
        detail);
  }

  String json() {
    return String.format(
        Locale.ROOT,
        "{\"id\":\"%s\",\"what\":\"%s\",\"ratio\":%s,\"target\":%s,\"status\":\"%s\","
            + "\"detail\":\"%s\"}",
        id,
        what,
        Double.isNaN(ratio) ? "null" : String.format(Locale.ROOT, "%.4f", ratio),
        target,
        status(),
        detail.replace("\"", "'"));
  }
}
