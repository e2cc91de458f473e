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
package dev.mixchannel.kafka.it;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** File helpers of the broker tests. */
public final class TestFiles {

  private TestFiles() {}

  /**
   * Deletes a directory tree; a missing one is nothing to do.
   *
   * @param root the directory
   * @throws IOException when a file cannot be deleted
   */
  public static void deleteTree(Path root) throws IOException {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /**
   * A directory for a PMem tier: on tmpfs ({@code /dev/shm}) when there is one, else under a
   * fallback directory. The caller deletes it.
   *
   * @param name a name unique to the test run
   * @param fallback the parent to use without tmpfs
   * @return the new directory
   * @throws IOException when it cannot be created
   */
  public static Path pmemDirectory(String name, Path fallback) throws IOException {
    Path shm = Path.of("/dev/shm");
    if (Files.isDirectory(shm) && Files.isWritable(shm)) {
      return Files.createDirectories(shm.resolve("mixchannel-it-" + name));
    }
    return Files.createDirectories(fallback.resolve("pmem-" + name));
  }

  /**
   * The segment files ({@code <20 digits>.log} and its {@code .deleted}, {@code .cleaned}, {@code
   * .swap} forms, not the adapter's temporary files) of a partition directory, sorted by name.
   *
   * @param partitionDir the directory
   * @return the file names
   * @throws IOException when it cannot be listed
   */
  public static List<String> segmentFiles(Path partitionDir) throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(partitionDir, "*.log*")) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (name.matches("\\d{20}\\.log(\\.deleted|\\.cleaned|\\.swap)?")) {
          names.add(name);
        }
      }
    }
    names.sort(Comparator.naturalOrder());
    return names;
  }
}
