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

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;

/** Opens the tiers of a broker: the configured fast tiers, then the log dirs as the last tier. */
final class KafkaTiers {
  private KafkaTiers() {}

  /**
   * Opens the manager.
   *
   * @param settings the adapter settings
   * @param logDirs the log dirs
   * @param startMigrator whether the background policy runs
   * @return the manager; the caller closes it
   * @throws IOException when a tier cannot be opened
   */
  static TierManager open(AdapterSettings settings, LogDirs logDirs, boolean startMigrator)
      throws IOException {
    return TierManager.builder(settings.config())
        .startMigrator(startMigrator)
        .tier(new LogDirTier(AdapterSettings.LOGDIR_TIER, settings.logDirKind(), logDirs))
        .build();
  }
}
