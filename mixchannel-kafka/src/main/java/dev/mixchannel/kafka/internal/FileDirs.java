package dev.mixchannel.kafka.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Makes changes of a directory's entries durable. */
final class FileDirs {
  private FileDirs() {}

  /**
   * Syncs a directory ({@code fsync} of the directory itself), so that files created, renamed or
   * removed in it survive a power loss.
   *
   * @param dir the directory
   * @throws IOException when it cannot be synced
   */
  static void sync(Path dir) throws IOException {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }
}
