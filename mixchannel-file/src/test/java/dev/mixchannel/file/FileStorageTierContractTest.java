package dev.mixchannel.file;

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.StorageTierContractSuite;
import dev.mixchannel.testkit.TierCapability;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/** The StorageTier contract for a {@link FileTier} on one directory with a 64 MiB capacity. */
class FileStorageTierContractTest extends StorageTierContractSuite {

  @Override
  protected StorageTier openTier(Path dir) throws IOException {
    return FileTier.open(TierTestSupport.config(64L << 20, dir));
  }

  @Override
  protected Set<TierCapability> capabilities() {
    return EnumSet.of(
        TierCapability.REOPEN,
        TierCapability.CROSS_PROCESS_LOCK_ON_KEY_FILE,
        TierCapability.CLOSE_ON_INTERRUPT);
  }
}
