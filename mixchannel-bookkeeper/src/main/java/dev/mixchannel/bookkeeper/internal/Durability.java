package dev.mixchannel.bookkeeper.internal;

import static java.nio.file.StandardOpenOption.READ;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** Makes files and directory entries durable ({@code fsync}). Stateless. */
final class Durability {

  private Durability() {}

  /**
   * Forces a file and the directory that names it.
   *
   * @param file the file
   * @throws IOException when a sync fails
   */
  static void forceFileAndDirectory(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, READ)) {
      channel.force(true);
    }
    forceDirectory(file.toAbsolutePath().getParent());
  }

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
