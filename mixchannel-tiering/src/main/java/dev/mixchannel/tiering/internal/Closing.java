package dev.mixchannel.tiering.internal;

import java.io.IOException;

/** Closes several resources, every one even when some fail. */
final class Closing {
  private Closing() {}

  /**
   * Closes each resource in order.
   *
   * @param resources the resources; {@code null} elements are skipped
   * @param what what is being closed, for the message of a wrapped non-I/O failure
   * @throws IOException the first failure, with the later ones suppressed
   */
  static void closeAll(Iterable<? extends AutoCloseable> resources, String what)
      throws IOException {
    IOException failure = null;
    for (AutoCloseable resource : resources) {
      if (resource == null) {
        continue;
      }
      try {
        resource.close();
      } catch (Exception e) {
        IOException io = e instanceof IOException x ? x : new IOException(what + " failed", e);
        if (failure == null) {
          failure = io;
        } else {
          failure.addSuppressed(io);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
