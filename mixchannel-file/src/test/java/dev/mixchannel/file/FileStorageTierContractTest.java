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
package dev.mixchannel.file;

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.tier.StorageTierContractSuite;
import dev.mixchannel.testkit.tier.TierCapability;
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
