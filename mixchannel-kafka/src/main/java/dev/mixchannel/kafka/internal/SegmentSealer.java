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
import java.nio.file.NoSuchFileException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Kafka's rule for what may be demoted: every segment of a partition but its newest (the active
 * one, the greatest base offset) is sealed. The tiering core knows nothing of partitions; the
 * adapter tells it, through {@link TierManager#seal}, when it opens (every partition) and when
 * Kafka rolls a partition to a new segment. Stateless.
 */
final class SegmentSealer {
  private SegmentSealer() {}

  /**
   * Seals every segment key but the newest of each partition directory.
   *
   * @param manager the tiers
   * @return the keys sealed
   */
  static int sealAllButNewest(TierManager manager) {
    List<String> keys = manager.keys();
    Map<String, String> newest = new HashMap<>();
    for (String key : keys) {
      SegmentKey.parse(key)
          .ifPresent(
              k -> newest.merge(dirOf(k), key, (a, b) -> base(a).compareTo(base(b)) >= 0 ? a : b));
    }
    int sealed = 0;
    for (String key : keys) {
      Optional<SegmentKey> parsed = SegmentKey.parse(key);
      if (parsed.isPresent() && !key.equals(newest.get(dirOf(parsed.get())))) {
        sealed += seal(manager, key);
      }
    }
    return sealed;
  }

  /**
   * Seals the segments of a partition directory older than a new one Kafka just created.
   *
   * @param manager the tiers
   * @param created the new segment
   */
  static void sealOlder(TierManager manager, SegmentPath created) {
    String prefix = created.tag() + "/" + created.partitionDir() + "/";
    String newBase = SegmentFiles.baseName(created.fileName());
    for (String key : manager.keys()) {
      if (key.startsWith(prefix)) {
        SegmentKey.parse(key)
            .filter(k -> SegmentFiles.baseName(k.fileName()).compareTo(newBase) < 0)
            .ifPresent(k -> seal(manager, key));
      }
    }
  }

  private static int seal(TierManager manager, String key) {
    try {
      manager.seal(key);
      return 1;
    } catch (NoSuchFileException e) {
      return 0;
    }
  }

  private static String dirOf(SegmentKey key) {
    return key.tag() + "/" + key.partitionDir();
  }

  private static String base(String key) {
    return SegmentFiles.baseName(SegmentKey.parse(key).orElseThrow().fileName());
  }
}
