package dev.mixchannel.testkit;

import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * The StorageTier suite against {@link ReferenceTier}, which declares every capability: the suite
 * can be met, so a failure elsewhere is the implementation's.
 */
class ReferenceStorageTierContractTest extends StorageTierContractSuite {

  @Override
  protected StorageTier openTier(Path dir) throws IOException {
    return new ReferenceTier(dir);
  }

  @Override
  protected Set<TierCapability> capabilities() {
    return EnumSet.allOf(TierCapability.class);
  }
}
