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
package dev.mixchannel.kafka.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** A scratch directory for PMem pools: under /dev/shm when it is writable, deleted on close. */
final class ShmDir implements AutoCloseable {
  private final Path dir;

  private ShmDir(Path dir) {
    this.dir = dir;
  }

  /**
   * Creates the directory.
   *
   * @param fallbackParent where to create it when /dev/shm is missing
   * @return the directory
   * @throws IOException when it cannot be created
   */
  static ShmDir create(Path fallbackParent) throws IOException {
    Path shm = Path.of("/dev/shm");
    Path parent = Files.isDirectory(shm) && Files.isWritable(shm) ? shm : fallbackParent;
    return new ShmDir(Files.createTempDirectory(parent, "mixchannel-kafka-"));
  }

  Path path() {
    return dir;
  }

  @Override
  public void close() throws IOException {
    deleteTree(dir);
  }

  /**
   * Deletes a directory and everything in it; nothing to do when it is missing.
   *
   * @param dir the directory
   * @throws IOException when something cannot be deleted
   */
  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    List<Path> all;
    try (Stream<Path> walk = Files.walk(dir)) {
      all = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path p : all) {
      Files.deleteIfExists(p);
    }
  }
}
