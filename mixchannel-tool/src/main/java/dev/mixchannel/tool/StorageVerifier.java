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

import dev.mixchannel.api.Keys;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.ByteSizes;
import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.pmem.PoolReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Checks the storage of a configuration without writing to it: every PMem pool verifies clean
 * (superblock, slot and extent-table checksums, extent accounting, each channel's size within its
 * extents), no incomplete key is left (a migration copy a crash interrupted), no key is stored
 * twice (on two tiers, in two pools or two directories of a tier), and the directories of file
 * tiers hold only valid keys. Prints one line per pool or directory and every problem. Not
 * thread-safe; one instance per run.
 */
final class StorageVerifier {

  private final PrintWriter out;
  private final List<String> problems = new ArrayList<>();
  private final Map<String, String> keyLocations = new TreeMap<>();

  private StorageVerifier(PrintWriter out) {
    this.out = out;
  }

  /**
   * Verifies a configuration's storage.
   *
   * @param config the configuration
   * @param out where the report goes
   * @return the problems found, empty when the storage is consistent
   * @throws IOException when a file cannot be read
   */
  static List<String> verify(MixChannelConfig config, PrintWriter out) throws IOException {
    StorageVerifier verifier = new StorageVerifier(out);
    for (TierConfig tier : config.tiers()) {
      out.printf(
          Locale.ROOT,
          "tier %s (%s, capacity %s)%n",
          tier.name(),
          tier.kind(),
          tier.capacityFromFreeSpace() ? "free space" : ByteSizes.format(tier.capacityBytes()));
      for (Path dir : tier.paths()) {
        if (tier.kind() == TierKind.PMEM) {
          verifier.verifyPool(tier, dir.resolve(PoolInspector.POOL_FILE_NAME));
        } else {
          verifier.verifyDirectory(tier, dir);
        }
      }
    }
    out.printf(Locale.ROOT, "keys           %d%n", verifier.keyLocations.size());
    out.flush();
    return List.copyOf(verifier.problems);
  }

  private void verifyPool(TierConfig tier, Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      problem("no pool file: tier=" + tier.name() + " (pool " + file + ")");
      return;
    }
    PoolReport r = PoolInspector.inspect(file);
    for (String p : r.problems()) {
      problem(p.contains(file.toString()) ? p : p + " (pool " + file + ")");
    }
    if (r.superblock() == null || r.extentCount() == 0) {
      return;
    }
    long extentSize = r.superblock().extentSizeBytes();
    if (r.usedExtents() + r.reservedExtents() + r.freeExtents() != r.extentCount()) {
      problem(
          String.format(
              Locale.ROOT,
              "extent accounting does not add up: used=%d, reserved=%d, free=%d, total=%d (pool %s)",
              r.usedExtents(),
              r.reservedExtents(),
              r.freeExtents(),
              r.extentCount(),
              file));
    }
    BitSet owned = new BitSet();
    long healthyExtents = 0;
    int keys = 0;
    for (PoolReport.Slot s : r.slots()) {
      if (!s.problems().isEmpty()) {
        continue; // already among the report's problems
      }
      healthyExtents += s.extents().size();
      for (long e : s.extents()) {
        if (e < 0 || e >= r.extentCount()) {
          problem(slot(s, file) + ": extent out of range: extent=" + e);
        } else if (owned.get((int) e)) {
          problem(slot(s, file) + ": extent held by two slots: extent=" + e);
        } else {
          owned.set((int) e);
        }
      }
      if (s.sizeBytes() > s.extents().size() * extentSize) {
        problem(
            slot(s, file)
                + ": size beyond its extents: sizeBytes="
                + s.sizeBytes()
                + ", extents="
                + s.extents().size());
      }
      if (s.state().equals("PROMOTING")) {
        problem(slot(s, file) + ": incomplete key left by an interrupted migration");
      } else {
        keys++;
        record(s.key(), "tier " + tier.name() + " pool " + file);
      }
    }
    if (healthyExtents != r.usedExtents()) {
      problem(
          "used extents differ from the slots' extents: used="
              + r.usedExtents()
              + ", inSlots="
              + healthyExtents
              + " (pool "
              + file
              + ")");
    }
    out.printf(
        Locale.ROOT,
        "  pool %s: %d keys, %d of %d extents of %s used, %d reserved%n",
        file,
        keys,
        r.usedExtents(),
        r.extentCount(),
        ByteSizes.format(extentSize),
        r.reservedExtents());
  }

  private void verifyDirectory(TierConfig tier, Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      problem("no tier directory: tier=" + tier.name() + " (directory " + dir + ")");
      return;
    }
    int keys = 0;
    long bytes = 0;
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    for (Path file : files) {
      String key =
          dir.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
      if (key.startsWith(StorageTier.RESERVED_PREFIX)) {
        continue; // the tier's own files: its lock and owner markers
      }
      bytes += Files.size(file);
      if (key.endsWith(StorageTier.INCOMPLETE_SUFFIX)) {
        problem(
            "incomplete key left by an interrupted migration: key="
                + key.substring(0, key.length() - StorageTier.INCOMPLETE_SUFFIX.length())
                + " (file "
                + file
                + ")");
        continue;
      }
      try {
        Keys.validate(key);
      } catch (IllegalArgumentException e) {
        problem("stray file that is no valid key: " + e.getMessage() + " (file " + file + ")");
        continue;
      }
      keys++;
      record(key, "tier " + tier.name() + " directory " + dir);
    }
    out.printf(Locale.ROOT, "  directory %s: %d keys, %s%n", dir, keys, ByteSizes.format(bytes));
    if (!tier.capacityFromFreeSpace() && bytes > tier.capacityBytes()) {
      out.printf(
          Locale.ROOT,
          "  note: above its capacity %s (a soft limit for file tiers)%n",
          ByteSizes.format(tier.capacityBytes()));
    }
  }

  private void record(String key, String location) {
    String first = keyLocations.putIfAbsent(key, location);
    if (first != null) {
      problem("key stored twice: key=" + key + ", first=" + first + ", second=" + location);
    }
  }

  private void problem(String message) {
    problems.add(message);
    out.println("  PROBLEM " + message);
  }

  private static String slot(PoolReport.Slot s, Path file) {
    return "slot[" + s.index() + "] key=" + s.key() + " (pool " + file + ")";
  }
}
