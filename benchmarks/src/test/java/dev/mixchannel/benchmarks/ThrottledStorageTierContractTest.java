package dev.mixchannel.benchmarks;

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.testkit.StorageTierContractSuite;
import dev.mixchannel.testkit.TierCapability;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The StorageTier contract for a {@link ThrottledTier} around a {@link FileTier}, unthrottled (the
 * throttle's waiting is not what the suite tests); it reopens through the wrapped tier.
 */
class ThrottledStorageTierContractTest extends StorageTierContractSuite {

  @Override
  protected StorageTier openTier(Path dir) throws IOException {
    FileTier files = FileTier.open(new TierConfig("hdd", TierKind.HDD, List.of(dir), 64L << 20));
    return new ThrottledTier(files, new Throttle(0));
  }

  @Override
  protected Set<TierCapability> capabilities() {
    return EnumSet.of(
        TierCapability.REOPEN,
        TierCapability.CROSS_PROCESS_LOCK_ON_KEY_FILE,
        TierCapability.CLOSE_ON_INTERRUPT);
  }
}
