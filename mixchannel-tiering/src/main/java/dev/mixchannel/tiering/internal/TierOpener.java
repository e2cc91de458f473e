package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;

/** Opens the tier of a configuration; tests pass one that wraps tiers to inject faults. */
@FunctionalInterface
public interface TierOpener {

  /** PMem tiers as {@code PmemTier}, every other kind as {@code FileTier}. */
  TierOpener DEFAULT =
      (tier, config) ->
          tier.kind() == TierKind.PMEM ? PmemTier.open(tier, config) : FileTier.open(tier);

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
