package dev.mixchannel.file;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The real {@link DirectorySync}: opens the directory read-only and calls {@code fsync} on it,
 * which Linux and the BSDs accept and which is the only portable way Java has to persist a
 * directory entry. Stateless and thread-safe.
 */
final class FsyncDirectorySync implements DirectorySync {

  @Override
  public void sync(Path directory) throws IOException {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }
}
