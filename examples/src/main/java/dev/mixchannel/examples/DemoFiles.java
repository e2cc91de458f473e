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
package dev.mixchannel.examples;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** File helpers of the examples. Stateless. */
final class DemoFiles {

  private DemoFiles() {}

  /** An example's body, run in its working directory. */
  interface Example {
    /**
     * Runs the example.
     *
     * @param work an empty directory, deleted afterwards
     * @throws IOException when the example fails
     */
    void run(Path work) throws IOException;
  }

  /**
   * Runs an example in a fresh temporary directory and deletes the directory afterwards, also when
   * the example fails.
   *
   * @param prefix the directory's name prefix
   * @param example what runs in it
   * @throws IOException when the example fails or the directory cannot be created or deleted
   */
  static void inTempDirectory(String prefix, Example example) throws IOException {
    Path work = Files.createTempDirectory(prefix);
    try {
      example.run(work);
    } finally {
      deleteRecursively(work);
    }
  }

  /**
   * Deletes a directory tree; a missing tree is fine.
   *
   * @param root the directory
   * @throws IOException when a file cannot be deleted
   */
  static void deleteRecursively(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof NoSuchFileException) {
              return FileVisitResult.CONTINUE;
            }
            throw e;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            if (e != null) {
              throw e;
            }
            Files.deleteIfExists(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
