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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The directories benchmarks write to and the page-cache control of the cold-read targets.
 *
 * <p>{@code mixchannel.bench.shm} (default /dev/shm) stands in for the PMem file system; {@code
 * mixchannel.bench.disk} (default /var/tmp) is a disk file system and must not be tmpfs.
 */
final class BenchDirs {

  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private BenchDirs() {}

  /** The PMem stand-in directory. */
  static Path shm() {
    return Path.of(System.getProperty("mixchannel.bench.shm", "/dev/shm"));
  }

  /** The disk directory. */
  static Path disk() {
    return Path.of(System.getProperty("mixchannel.bench.disk", "/var/tmp"));
  }

  /** A size in bytes from a system property ({@code 4g}, {@code 512m}, plain bytes). */
  static long sizeProperty(String name, long defaultBytes) {
    String value = System.getProperty(name);
    return value == null ? defaultBytes : BurstOptions.size(value, 1024);
  }

  /** A fresh directory under {@code base}; the caller deletes it with {@link #deleteTree}. */
  static Path fresh(Path base) throws IOException {
    return Files.createTempDirectory(base, "mixchannel-bench-");
  }

  /** Deletes a directory and everything in it; a missing directory is fine. */
  static void deleteTree(Path dir) throws IOException {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * Drops the clean pages of the page cache ({@code echo 1 > /proc/sys/vm/drop_caches}), after the
   * caller made its file durable. Needs root.
   *
   * @return whether the cache was dropped; {@code false} means reads after it are warm-cache reads
   */
  static boolean dropPageCache() {
    try {
      Files.write(DROP_CACHES, "1\n".getBytes(StandardCharsets.US_ASCII));
      return true;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }
}
