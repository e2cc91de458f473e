package dev.mixchannel.tiering;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.pmem.PmemBackends;
import dev.mixchannel.testkit.ChannelFactory;
import java.io.IOException;
import java.nio.file.Path;

/** Factories of managers whose fastest tier is a small PMem pool backed by a file tier. */
final class PmemFactories {
  static final long POOL_BYTES = 64L << 20;

  private PmemFactories() {}

  static ChannelFactory pmemThenFile(Path tempDir, PmemBackend backend) throws IOException {
    if (backend == PmemBackend.LLPL) {
      assumeTrue(PmemBackends.isLlplSupported(), PmemBackends.llplUnsupportedReason());
    }
    ShmDir shm = ShmDir.create(tempDir);
    TierManager manager =
        TierManager.builder(
                TestConfigs.pmemThenFiles(shm.resolve("pool"), tempDir, backend, POOL_BYTES, -1)
                    .build())
            .startMigrator(false)
            .build();
    return new ManagerChannelFactory(manager, shm);
  }

  static ChannelFactory chaos(Path tempDir, PmemBackend backend) throws IOException {
    if (backend == PmemBackend.LLPL) {
      assumeTrue(PmemBackends.isLlplSupported(), PmemBackends.llplUnsupportedReason());
    }
    ShmDir shm = ShmDir.create(tempDir);
    TierManager manager =
        TierManager.builder(
                TestConfigs.pmemThenFiles(shm.resolve("pool"), shm.path(), backend, 256L << 20, -1)
                    .build())
            .startMigrator(false)
            .build();
    return new ChaosChannelFactory(manager, "pmem", "t0", shm);
  }
}
