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

import dev.mixchannel.common.DurableFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Makes changes of a directory's entries durable. Stateless. */
final class FileDirs {
  private FileDirs() {}

  /**
   * Creates a new file, open for reading and writing, and syncs its directory so that the file
   * survives a power loss.
   *
   * @param file the file, which must not exist
   * @return the channel; the caller closes it
   * @throws java.nio.file.FileAlreadyExistsException when the file exists
   * @throws IOException when it cannot be created or its directory synced (the channel is closed
   *     then, the file left)
   */
  static FileChannel createDurably(Path file) throws IOException {
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
    try {
      DurableFiles.syncDirectory(file.getParent());
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    return channel;
  }

  /**
   * Renames a file atomically, replacing the target, then syncs the target's directory and the
   * source's when it is another.
   *
   * @param source the file
   * @param target its new name
   * @throws IOException when the rename or a sync fails (after the rename, it may not survive a
   *     power loss)
   */
  static void moveDurably(Path source, Path target) throws IOException {
    Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    DurableFiles.syncDirectory(target.getParent());
    if (!source.getParent().equals(target.getParent())) {
      DurableFiles.syncDirectory(source.getParent());
    }
  }
}
