package dev.mixchannel.api;

import java.nio.file.Path;

/**
 * A tier's directory or pool file is held by another process (or another {@code TierManager} in
 * this process). Two owners would corrupt each other's metadata, so the second is refused.
 */
public class StorageInUseException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /** The locked directory or file. */
  private final transient Path path;

  /**
   * Creates the exception.
   *
   * @param path the directory or pool file that is held
   * @param message the full message
   */
  public StorageInUseException(Path path, String message) {
    super(message);
    this.path = path;
  }

  /**
   * The directory or pool file that is held.
   *
   * @return its path
   */
  public Path path() {
    return path;
  }
}
