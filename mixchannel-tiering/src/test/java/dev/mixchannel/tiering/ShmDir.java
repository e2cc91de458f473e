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
package dev.mixchannel.tiering;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A scratch directory for PMem pools: under /dev/shm when it exists, deleted on close, or when the
 * JVM exits if a test could not close it (a manager that hung, left behind by a bounded test).
 */
final class ShmDir implements AutoCloseable {
  private final Path dir;
  private final Thread atExit;

  private ShmDir(Path dir) {
    this.dir = dir;
    this.atExit = new Thread(this::deleteQuietly, "test-shm-cleanup");
    Runtime.getRuntime().addShutdownHook(atExit);
  }

  static ShmDir create(Path fallbackParent) {
    try {
      Path shm = Path.of("/dev/shm");
      Path parent = Files.isDirectory(shm) && Files.isWritable(shm) ? shm : fallbackParent;
      return new ShmDir(Files.createTempDirectory(parent, "mixchannel-tiering-"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Path path() {
    return dir;
  }

  Path resolve(String name) {
    return dir.resolve(name);
  }

  @Override
  public void close() throws IOException {
    try {
      Runtime.getRuntime().removeShutdownHook(atExit);
    } catch (IllegalStateException e) {
      // The JVM is exiting: the hook runs, or is running, this very cleanup.
    }
    delete();
  }

  private void deleteQuietly() {
    try {
      delete();
    } catch (IOException | UncheckedIOException e) {
      // Best effort at exit.
    }
  }

  private void delete() throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
