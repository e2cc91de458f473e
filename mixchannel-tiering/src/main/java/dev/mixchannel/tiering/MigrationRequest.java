package dev.mixchannel.tiering;

import java.util.Objects;

/**
 * A request, returned by a {@link MigrationPolicy}, to move one key to another tier.
 *
 * @param key the key to move
 * @param targetTier the name of the tier to move it to
 */
public record MigrationRequest(String key, String targetTier) {

  /**
   * Checks the components.
   *
   * @param key the key to move
   * @param targetTier the name of the target tier
   * @throws NullPointerException when either is null
   */
  public MigrationRequest {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(targetTier, "targetTier");
  }
}
