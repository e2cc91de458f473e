package dev.mixchannel.file;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Makes a directory's entries durable: the step that turns a create, rename or unlink into one that
 * survives power loss. {@link FileTier} calls it after every namespace change; tests inject a
 * recording implementation to check which directory each operation syncs.
 */
interface DirectorySync {

  /**
   * Flushes the directory's entries to stable storage.
   *
   * @param directory the directory whose entries changed
   * @throws IOException when the directory cannot be opened or flushed
   */
  void sync(Path directory) throws IOException;
}
