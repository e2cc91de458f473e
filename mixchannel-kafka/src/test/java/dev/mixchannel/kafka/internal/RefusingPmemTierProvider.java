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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierProvider;
import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Opens PMem tiers that also refuse the keys listed in a file {@value #LIST} beside the tier's
 * directory, one a line, as a PMem tier refuses the keys of slots that failed their checks: {@code
 * mixchannel.tier.<name>.provider=refusing-pmem}. Listed in this module's test {@code
 * META-INF/services/dev.mixchannel.api.TierProvider}, so the agent's own code path (settings, then
 * the manager's providers) opens it, in the store as in {@code Evacuate}.
 */
public final class RefusingPmemTierProvider implements TierProvider {

  /** The provider's name in configurations. */
  static final String NAME = "refusing-pmem";

  /** The file beside the tier's directory that lists the keys it refuses. */
  static final String LIST = "refused-keys";

  /** A provider; the service loader calls this. */
  public RefusingPmemTierProvider() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public StorageTier open(TierConfig tier, MixChannelConfig config) throws IOException {
    Path list = tier.paths().get(0).resolveSibling(LIST);
    return new ForwardingStorageTier(PmemTier.open(tier, config)) {
      @Override
      public Map<String, String> refusedKeys() throws IOException {
        Map<String, String> refused = new HashMap<>(super.refusedKeys());
        try {
          for (String key : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            refused.put(key, "its slot failed its checks (listed in " + list + ")");
          }
        } catch (NoSuchFileException e) {
          // nothing refused
        }
        return refused;
      }
    };
  }
}
