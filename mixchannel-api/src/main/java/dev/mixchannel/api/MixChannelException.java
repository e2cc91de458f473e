package dev.mixchannel.api;

import java.io.IOException;

/**
 * The root of MixChannel's own checked exceptions. Being an {@link IOException}, it passes through
 * every {@link java.nio.channels.FileChannel} method signature unchanged.
 */
public class MixChannelException extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message what failed, in the form {@code what failed: key=value, ... (resource)}
   */
  public MixChannelException(String message) {
    super(message);
  }

  /**
   * Creates an exception that keeps its cause.
   *
   * @param message what failed, in the form {@code what failed: key=value, ... (resource)}
   * @param cause the underlying failure
   */
  public MixChannelException(String message, Throwable cause) {
    super(message, cause);
  }
}
