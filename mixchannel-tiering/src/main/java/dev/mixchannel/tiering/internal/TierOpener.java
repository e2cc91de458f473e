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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import java.io.IOException;

/**
 * Opens the tier of a configuration: {@link TierProviders} in a manager; tests pass one that wraps
 * tiers to inject faults.
 */
@FunctionalInterface
public interface TierOpener {

  /**
   * Opens one tier.
   *
   * @param tier the tier's configuration
   * @param config the whole configuration
   * @return the open tier; the caller closes it
   * @throws IOException when it cannot be opened
   */
  StorageTier open(TierConfig tier, MixChannelConfig config) throws IOException;
}
