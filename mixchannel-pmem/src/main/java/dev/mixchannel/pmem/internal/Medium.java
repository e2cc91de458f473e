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
package dev.mixchannel.pmem.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a pool directory lives on: whether cache-line flushes make stores durable (real or forced
 * PMem) and whether it is a DAX mount (where the JDK maps with {@code READ_WRITE_SYNC}).
 *
 * <p>{@code PMEM_IS_PMEM_FORCE=1} is the PMem emulation's switch: on tmpfs, where nothing survives
 * a power loss anyway, it makes {@code force()} take the cache-flush path of real PMem. On a file
 * system that is neither DAX nor memory-backed (ext4, xfs without {@code dax}), cache-line flushes
 * leave the stores in the page cache, so there the switch is ignored, with a WARN, and {@code
 * force()} keeps using msync: a copied environment variable never makes {@code force()} a no-op.
 *
 * @param dax whether the directory is on a file system mounted with {@code dax}
 * @param pmemForced whether {@code PMEM_IS_PMEM_FORCE=1} is set
 * @param memoryBacked whether the file system keeps its pages in memory only ({@code tmpfs}, {@code
 *     ramfs}): no flush makes anything survive a power loss there
 */
public record Medium(boolean dax, boolean pmemForced, boolean memoryBacked) {

  /** Plain memory or disk: durability needs msync. */
  public static final Medium PLAIN = new Medium(false, false, false);

  /**
   * Whether cache-line flushes ({@code pmem_persist}) suffice for durability.
   *
   * @return {@code true} on a DAX mount, or with {@code PMEM_IS_PMEM_FORCE=1} on a memory-backed
   *     file system
   */
  public boolean cacheFlushDurable() {
    return dax || (pmemForced && memoryBacked);
  }

  /**
   * Whether {@code PMEM_IS_PMEM_FORCE=1} is set but ignored, because cache-line flushes would not
   * make stores durable on this file system.
   *
   * @return whether the switch is ignored here
   */
  public boolean pmemForceIgnored() {
    return pmemForced && !cacheFlushDurable();
  }

  /**
   * Detects the medium of a directory from the environment and {@code /proc/self/mountinfo}.
   *
   * @param dir an existing directory
   * @return the medium
   */
  public static Medium detect(Path dir) {
    boolean forced = "1".equals(System.getenv("PMEM_IS_PMEM_FORCE"));
    List<String> lines;
    Path real;
    try {
      real = dir.toRealPath();
      lines = Files.readAllLines(Path.of("/proc/self/mountinfo"));
    } catch (IOException | RuntimeException e) {
      return new Medium(false, forced, false);
    }
    return detect(real, lines, forced);
  }

  /**
   * Detects the medium of a directory from mount table lines.
   *
   * @param real the directory's real path
   * @param mountinfo the lines of {@code /proc/self/mountinfo}
   * @param forced whether {@code PMEM_IS_PMEM_FORCE=1} is set
   * @return the medium of the longest mount point that contains the directory; plain when none
   */
  static Medium detect(Path real, List<String> mountinfo, boolean forced) {
    String bestMount = "";
    boolean bestDax = false;
    boolean bestMemory = false;
    for (String line : mountinfo) {
      String[] fields = line.split(" ");
      int dash = List.of(fields).indexOf("-");
      if (fields.length < 6 || dash < 0 || dash + 3 >= fields.length) {
        continue;
      }
      String mount = fields[4].replace("\\040", " ");
      if (real.startsWith(mount) && mount.length() >= bestMount.length()) {
        bestMount = mount;
        bestDax = hasDax(fields[5]) || hasDax(fields[dash + 3]);
        bestMemory = fields[dash + 1].equals("tmpfs") || fields[dash + 1].equals("ramfs");
      }
    }
    return new Medium(bestDax, forced, bestMemory);
  }

  private static boolean hasDax(String options) {
    for (String option : options.split(",")) {
      if (option.equals("dax") || option.equals("dax=always")) {
        return true;
      }
    }
    return false;
  }
}
