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
import dev.mixchannel.pmem.PoolReport;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Prints a {@link PoolReport} as {@code inspect} shows it. Stateless. */
final class PoolReportPrinter {

  private PoolReportPrinter() {}

  static void print(PoolReport r, boolean listExtents, PrintWriter out) {
    out.println("pool           " + r.pool());
    PoolReport.Superblock sb = r.superblock();
    if (sb == null) {
      out.println("superblock     (file too short)");
    } else {
      out.println("superblock");
      out.printf(Locale.ROOT, "  magic        0x%016x (%s)%n", sb.magic(), ascii(sb.magic()));
      out.printf(Locale.ROOT, "  version      %d%n", sb.version());
      out.printf(Locale.ROOT, "  uuid         %s%n", sb.uuid());
      printBytes(out, "  pool size    ", sb.poolSizeBytes());
      printBytes(out, "  extent size  ", sb.extentSizeBytes());
      out.printf(Locale.ROOT, "  extents      %d%n", sb.extentCount());
      out.printf(Locale.ROOT, "  slots        %d%n", sb.slotCount());
      out.printf(
          Locale.ROOT,
          "  offsets      slot table %d, extent table %d, data %d%n",
          sb.slotTableOffset(),
          sb.extentTableOffset(),
          sb.dataOffset());
    }
    long total = r.extentCount();
    out.printf(
        Locale.ROOT,
        "extents        %d total: %d used (%.1f%%), %d reserved by damaged slots, %d free%n",
        total,
        r.usedExtents(),
        total == 0 ? 0.0 : 100.0 * r.usedExtents() / total,
        r.reservedExtents(),
        r.freeExtents());
    out.printf(Locale.ROOT, "slots in use   %d%n", r.slots().size());
    if (!r.slots().isEmpty()) {
      out.printf(
          Locale.ROOT,
          "  %6s  %-9s  %10s  %14s  %7s  %s%n",
          "slot",
          "state",
          "generation",
          "size",
          "extents",
          "key");
      for (PoolReport.Slot s : r.slots()) {
        out.printf(
            Locale.ROOT,
            "  %6d  %-9s  %10d  %14d  %7d  %s%n",
            s.index(),
            s.state(),
            s.generation(),
            s.sizeBytes(),
            s.extents().size(),
            s.key() == null ? "(no valid key)" : s.key());
        if (listExtents) {
          out.println("          extents " + s.extents());
        }
        for (String problem : s.problems()) {
          out.println("          PROBLEM " + problem);
        }
      }
    }
    if (r.problems().isEmpty()) {
      out.println("problems       none");
    } else {
      out.printf(Locale.ROOT, "problems       %d%n", r.problems().size());
      r.problems().forEach(p -> out.println("  " + p));
    }
    out.flush();
  }

  /** A line of a byte count, exact and readable: {@code <label>1073741824 (1.00 GiB)}. */
  private static void printBytes(PrintWriter out, String label, long bytes) {
    out.printf(Locale.ROOT, "%s%d (%s)%n", label, bytes, ByteSizes.format(bytes));
  }

  /** The magic word as the eight characters it spells (little-endian), or dots. */
  private static String ascii(long magic) {
    byte[] bytes = new byte[Long.BYTES];
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(magic);
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] < 0x20 || bytes[i] > 0x7e) {
        bytes[i] = '.';
      }
    }
    return new String(bytes, StandardCharsets.US_ASCII);
  }
}
