package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import java.io.IOException;

/**
 * Opens the tier of a configuration: {@link TierProviders} in a manager; tests pass one that wraps
 * tiers to inject faults.
 */
@FunctionalInterface
public interface TierOpener {

  /**
   * Opens one tier.
   *
   * @param tier the tier's configuration
   * @param config the whole configuration
   * @return the open tier; the caller closes it
   * @throws IOException when it cannot be opened
   */
  StorageTier open(TierConfig tier, MixChannelConfig config) throws IOException;
}
