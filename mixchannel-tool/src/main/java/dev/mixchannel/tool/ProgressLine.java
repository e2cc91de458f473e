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
package dev.mixchannel.tool;

import dev.mixchannel.common.ByteSizes;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A progress line for a count of items and bytes: redrawn in place with {@code \r} on a terminal,
 * otherwise printed at every tenth of the way. Not thread-safe.
 */
final class ProgressLine {

  private static final int BAR_CELLS = 20;

  private final PrintWriter out;
  private final boolean interactive;
  private final long totalItems;
  private final long totalBytes;
  private long items;
  private long bytes;
  private long lastTenth = -1;

  ProgressLine(PrintWriter out, boolean interactive, long totalItems, long totalBytes) {
    this.out = out;
    this.interactive = interactive;
    this.totalItems = totalItems;
    this.totalBytes = totalBytes;
  }

  void advance(long itemBytes) {
    items++;
    bytes += itemBytes;
    if (interactive) {
      out.print("\r" + line());
      out.flush();
      return;
    }
    long tenth = totalItems == 0 ? 10 : items * 10 / totalItems;
    if (tenth != lastTenth) {
      lastTenth = tenth;
      out.println(line());
    }
  }

  void finish() {
    if (interactive) {
      out.println("\r" + line());
    } else if (lastTenth != 10) {
      out.println(line());
    }
    out.flush();
  }

  String line() {
    double fraction = totalItems == 0 ? 1 : (double) items / totalItems;
    int filled = (int) Math.round(fraction * BAR_CELLS);
    return String.format(
        Locale.ROOT,
        "[%s%s] %d/%d keys, %s of %s",
        "#".repeat(filled),
        "-".repeat(BAR_CELLS - filled),
        items,
        totalItems,
        ByteSizes.format(bytes),
        ByteSizes.format(totalBytes));
  }
}
