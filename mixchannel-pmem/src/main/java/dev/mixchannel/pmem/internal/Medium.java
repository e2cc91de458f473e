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
 * @param dax whether the directory is on a file system mounted with {@code dax}
 * @param pmemForced whether {@code PMEM_IS_PMEM_FORCE=1} is set
 */
public record Medium(boolean dax, boolean pmemForced) {

  /** Plain memory or disk: durability needs msync. */
  public static final Medium PLAIN = new Medium(false, false);

  /**
   * Whether cache-line flushes ({@code pmem_persist}) suffice for durability.
   *
   * @return {@code true} on a DAX mount or with {@code PMEM_IS_PMEM_FORCE=1}
   */
  public boolean cacheFlushDurable() {
    return dax || pmemForced;
  }

  /**
   * Detects the medium of a directory from the environment and {@code /proc/self/mountinfo}.
   *
   * @param dir an existing directory
   * @return the medium
   */
  public static Medium detect(Path dir) {
    boolean forced = "1".equals(System.getenv("PMEM_IS_PMEM_FORCE"));
    return new Medium(isDax(dir), forced);
  }

  private static boolean isDax(Path dir) {
    List<String> lines;
    Path real;
    try {
      real = dir.toRealPath();
      lines = Files.readAllLines(Path.of("/proc/self/mountinfo"));
    } catch (IOException | RuntimeException e) {
      return false;
    }
    String bestMount = "";
    boolean bestDax = false;
    for (String line : lines) {
      String[] fields = line.split(" ");
      int dash = List.of(fields).indexOf("-");
      if (fields.length < 6 || dash < 0 || dash + 3 >= fields.length) {
        continue;
      }
      String mount = fields[4].replace("\\040", " ");
      if (real.startsWith(mount) && mount.length() >= bestMount.length()) {
        bestMount = mount;
        bestDax = hasDax(fields[5]) || hasDax(fields[dash + 3]);
      }
    }
    return bestDax;
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
