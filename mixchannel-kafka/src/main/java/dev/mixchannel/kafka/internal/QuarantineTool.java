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

import java.io.IOException;
import java.util.List;

/** The quarantine, read and changed with the broker stopped ({@code QuarantineCommand}). */
public final class QuarantineTool {
  private final AdapterSettings settings;

  /**
   * Creates the tool.
   *
   * @param settings the adapter settings
   */
  public QuarantineTool(AdapterSettings settings) {
    this.settings = settings;
  }

  /**
   * The quarantined keys.
   *
   * @return lines {@code <tier> <quarantined key>}
   * @throws IOException when the tiers cannot be opened
   */
  public List<String> list() throws IOException {
    try (KafkaSegmentStore store = open()) {
      return store.quarantinedKeys();
    }
  }

  /**
   * Restores a quarantined key under its original name, unless a live key has that name.
   *
   * @param quarantined the quarantined key
   * @return the original key
   * @throws java.nio.file.FileAlreadyExistsException when a tier holds the original key (Kafka
   *     created a segment of that name since); nothing is changed then
   * @throws IOException when the tiers fail
   */
  public String restore(String quarantined) throws IOException {
    try (KafkaSegmentStore store = open()) {
      return store.restore(quarantined);
    }
  }

  private KafkaSegmentStore open() throws IOException {
    LogDirs dirs = LogDirs.of(settings.logDirs(), settings.config());
    return KafkaSegmentStore.open(
        KafkaTiers.open(settings, dirs, false),
        dirs,
        AdapterSettings.LOGDIR_TIER,
        0,
        Long.MAX_VALUE,
        System::currentTimeMillis,
        false,
        LogDirStatus.NEVER_OFFLINE,
        settings::excludes);
  }
}
