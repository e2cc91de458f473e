package dev.mixchannel.pmem;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.FileChannelContractSuite;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class PmemLlplContractTest extends FileChannelContractSuite {

  private static SharedTier shared;

  @BeforeAll
  static void openTier() throws Exception {
    shared = new SharedTier(PmemBackend.LLPL, SharedTier.CONTRACT_POOL_BYTES, TestPools.MIB);
  }

  @AfterAll
  static void closeTier() throws Exception {
    if (shared != null) {
      shared.close();
    }
  }

  @Override
  protected ChannelFactory createFactory(Path tempDir) {
    return shared.newFactory();
  }
}
