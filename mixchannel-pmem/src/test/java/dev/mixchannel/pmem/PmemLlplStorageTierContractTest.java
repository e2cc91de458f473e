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
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.tier.StorageTierContractSuite;
import dev.mixchannel.testkit.tier.TierCapability;
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
