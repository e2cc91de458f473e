package dev.mixchannel.testkit;

import java.io.IOException;

/** Closing several resources, each tried even when one fails. */
final class Closeables {

  private Closeables() {}

  /**
   * Closes every resource in order, skipping {@code null}s.
   *
   * @param resources what to close
   * @param failureMessage the message of the exception returned when any close failed
   * @return {@code null} when all closed; else an exception with {@code failureMessage} whose cause
   *     is the first failure and whose suppressed exceptions are the others
   */
  static IOException closeAll(Iterable<? extends AutoCloseable> resources, String failureMessage) {
    IOException failure = null;
    for (AutoCloseable resource : resources) {
      if (resource == null) {
        continue;
      }
      try {
        resource.close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new IOException(failureMessage, e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    return failure;
  }
}
