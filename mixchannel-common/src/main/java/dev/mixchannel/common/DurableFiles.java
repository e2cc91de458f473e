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
package dev.mixchannel.common;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Small files replaced durably and atomically: a reader sees the old bytes or the new, whole. The
 * files are readable and writable by their owner only, as every file MixChannel creates.
 */
public final class DurableFiles {

  private DurableFiles() {}

  /**
   * Replaces a file's bytes: writes them to a temporary file beside it, forces it, renames it over
   * the file and syncs the directory. A crash leaves the old file or the new one (and perhaps the
   * temporary file, which the next write replaces).
   *
   * @param file the file
   * @param bytes its new bytes
   * @throws IOException when a step fails; the file is then the old one or the new one
   */
  public static void replace(Path file, byte[] bytes) throws IOException {
    replace(file, file.resolveSibling(file.getFileName() + ".tmp"), bytes);
  }

  /**
   * {@link #replace(Path, byte[])} through a temporary file of the caller's name (one that the
   * owner of the directory ignores, or recognizes as left by a crash).
   *
   * @param file the file
   * @param temp the temporary file, in the same directory
   * @param bytes the file's new bytes
   * @throws IOException when a step fails; the file is then the old one or the new one
   */
  public static void replace(Path file, Path temp, byte[] bytes) throws IOException {
    Files.deleteIfExists(temp);
    try (FileChannel channel =
        FileChannel.open(
            temp,
            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            ownerOnly(temp))) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    syncDirectory(file.toAbsolutePath().getParent());
  }

  /** Owner read and write only, where the file system has POSIX permissions. */
  private static FileAttribute<?>[] ownerOnly(Path file) {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return new FileAttribute<?>[0];
    }
    return new FileAttribute<?>[] {
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
    };
  }

  /**
   * Makes a directory's entries durable (its created, renamed and deleted names).
   *
   * @param directory the directory
   * @throws IOException when the sync fails
   */
  public static void syncDirectory(Path directory) throws IOException {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }
}
