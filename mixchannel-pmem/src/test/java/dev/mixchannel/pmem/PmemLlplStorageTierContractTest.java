package dev.mixchannel.pmem;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.StorageTierContractSuite;
import dev.mixchannel.testkit.TierCapability;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;

/**
 * The StorageTier contract for a {@link PmemTier} on the LLPL backend: 16 MiB, 1 MiB extents.
 * Skipped where LLPL's native library cannot load.
 */
class PmemLlplStorageTierContractTest extends StorageTierContractSuite {

  @BeforeAll
  static void requireLlpl() {
    TestPools.assumeBackend(PmemBackend.LLPL);
  }

  @Override
  protected StorageTier openTier(Path dir) throws IOException {
    return TestPools.open(dir, 16 * TestPools.MIB, TestPools.MIB, PmemBackend.LLPL);
  }

  @Override
  protected Set<TierCapability> capabilities() {
    return EnumSet.of(TierCapability.REOPEN, TierCapability.LOCK);
  }
}
