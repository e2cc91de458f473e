package dev.mixchannel.pmem;

import dev.mixchannel.api.PmemBackend;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One PMem tier shared by the tests of a contract class: the contract writes at 3 GiB, so its pool
 * holds a little more than that, created once per class instead of once per test.
 */
final class SharedTier implements AutoCloseable {

  static final long CONTRACT_POOL_BYTES = (3L << 30) + (96L << 20);

  private final Path root;
  private final PmemTier tier;
  private final AtomicInteger factories = new AtomicInteger();

  SharedTier(PmemBackend backend, long poolBytes, long extentBytes) throws IOException {
    TestPools.assumeBackend(backend);
    root = TestPools.newRoot("shared-" + backend.name().toLowerCase());
    tier = TestPools.open(root, poolBytes, extentBytes, backend);
  }

  PmemChannelFactory newFactory() {
    return new PmemChannelFactory(tier, false, "t" + factories.incrementAndGet() + "/");
  }

  @Override
  public void close() throws IOException {
    try {
      tier.close();
    } finally {
      TestPools.delete(root);
      System.gc();
    }
  }
}
