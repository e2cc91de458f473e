package dev.mixchannel.examples;

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.testkit.StorageTierContractSuite;
import dev.mixchannel.testkit.TierCapability;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The example tier of your own passes the whole {@code StorageTier} contract, as every tier must
 * before a tier manager may use it; it declares what the directory tier it wraps declares.
 */
class AuditedTierContractTest extends StorageTierContractSuite {

  @Override
  protected StorageTier openTier(Path dir) throws IOException {
    return new AuditedTierProvider()
        .open(
            new TierConfig("t0", TierKind.SSD, List.of(dir), 64L << 20, AuditedTierProvider.NAME),
            null);
  }

  @Override
  protected Set<TierCapability> capabilities() {
    return EnumSet.of(
        TierCapability.REOPEN,
        TierCapability.CROSS_PROCESS_LOCK_ON_KEY_FILE,
        TierCapability.CLOSE_ON_INTERRUPT);
  }
}
