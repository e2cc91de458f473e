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
package dev.mixchannel.tool;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.file.Path;

/** Opens a configuration's storage for the commands that change it. Stateless. */
final class Storage {

  private Storage() {}

  /**
   * Opens a tier manager without its background migrator, so that only the command moves keys.
   * Opening recovers the storage as the library always does (interrupted migrations are discarded).
   *
   * @param configFile the configuration file
   * @param targetTier a tier name the command needs, checked before anything is opened
   * @return the manager; the caller closes it
   * @throws IOException when the file cannot be read or the storage cannot be opened
   * @throws IllegalArgumentException when the configuration has no tier of that name
   */
  static TierManager open(Path configFile, String targetTier) throws IOException {
    MixChannelConfig config = MixChannelConfig.load(configFile);
    config.tier(targetTier);
    return TierManager.builder(config).startMigrator(false).build();
  }
}
