package dev.mixchannel.api;

/**
 * A migration of a key between tiers failed and was rolled back: the source still serves the key
 * and the incomplete copy was removed. The cause says why.
 */
public class MigrationException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what failed, naming the key and both tiers
   * @param cause the underlying failure
   */
  public MigrationException(String message, Throwable cause) {
    super(message, cause);
  }
}
