/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
