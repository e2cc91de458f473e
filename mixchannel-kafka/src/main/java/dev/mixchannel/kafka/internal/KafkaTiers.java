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

/**
 * The tiers of a broker: the configured fast tiers, each wrapped in a {@link MarkingTier}, then the
 * log dirs as the last tier ({@link LogDirTier}), in one {@link TierManager}. Closing it closes the
 * manager. Thread-safe.
 *
 * @param manager the manager
 * @param logDirTier the last tier, for what only it can do under its own lock
 * @param marks the marks of the log dirs
 * @param lost the rule for segments whose bytes a fast tier lost
 */
record KafkaTiers(TierManager manager, LogDirTier logDirTier, LogDirMarks marks, LostSegments lost)
    implements AutoCloseable {

  /**
   * Opens the tiers.
   *
   * @param settings the adapter settings
   * @param logDirs the log dirs
   * @param startMigrator whether the background policy runs
   * @return the tiers; the caller closes them
   * @throws IOException when a tier cannot be opened
   */
  static KafkaTiers open(AdapterSettings settings, LogDirs logDirs, boolean startMigrator)
      throws IOException {
    LogDirTier logDirTier =
        new LogDirTier(AdapterSettings.LOGDIR_TIER, settings.logDirKind(), logDirs);
    LogDirMarks marks = new LogDirMarks(logDirs);
    TierManager manager =
        TierManager.builder(settings.config())
            .startMigrator(startMigrator)
            .tier(logDirTier)
            .tierWrapper(tier -> tier == logDirTier ? tier : new MarkingTier(tier, marks))
            .build();
    return new KafkaTiers(
        manager, logDirTier, marks, new LostSegments(manager, settings.config().tiers()));
  }

  @Override
  public void close() throws IOException {
    manager.close();
  }
}
