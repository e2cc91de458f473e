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
package dev.mixchannel.bookkeeper.internal;

import static java.nio.file.StandardOpenOption.READ;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** Makes directory entries durable ({@code fsync} of a directory). Stateless. */
final class Durability {

  private Durability() {}

  /**
   * Forces a directory, so that the names created, renamed or deleted in it are durable.
   *
   * @param dir the directory
   * @throws IOException when the sync fails
   */
  static void forceDirectory(Path dir) throws IOException {
    try (FileChannel channel = FileChannel.open(dir, READ)) {
      channel.force(true);
    }
  }
}
