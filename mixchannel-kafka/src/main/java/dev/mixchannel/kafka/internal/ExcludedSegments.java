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

import dev.mixchannel.tiering.KeyHold;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The segments of excluded topics ({@link AdapterSettings#TOPICS_EXCLUDE}): Kafka opens and writes
 * their files itself, so their bytes must stay in those files. The log-dir tier still lists such a
 * file with bytes as a key, and a topic excluded after it was served has keys on fast tiers: each
 * such key is demoted into its file and held there while the store is open, so the policy never
 * promotes it (a promotion replaces the file by an empty placeholder while Kafka's own channel
 * writes to the old, unlinked file, whose bytes a restart then no longer finds). Holds follow
 * Kafka's renames and end with Kafka's deletes. Thread-safe.
 */
final class ExcludedSegments implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ExcludedSegments.class);

  private final TierManager manager;
  private final String lastTier;
  private final Predicate<String> excludedTopic;
  private final Map<String, KeyHold> holds = new ConcurrentHashMap<>();

  ExcludedSegments(TierManager manager, String lastTier, Predicate<String> excludedTopic) {
    this.manager = manager;
    this.lastTier = lastTier;
    this.excludedTopic = excludedTopic;
  }

  /** Whether a key is a segment of an excluded topic. */
  boolean isExcluded(String key) {
    return SegmentKey.parse(key)
        .map(k -> excludedTopic.test(SegmentFiles.topicOf(k.partitionDir())))
        .orElse(false);
  }

  /**
   * Holds the keys of excluded topics that are in their files already (when the store opens; no
   * copy). A key on a fast tier is demoted when Kafka opens its segment ({@link #keepInFile}).
   */
  void holdFilesAtOpen() throws IOException {
    for (String key : manager.keys()) {
      try {
        if (isExcluded(key) && lastTier.equals(manager.tierOf(key))) {
          keepInFile(key);
        }
      } catch (NoSuchFileException e) {
        // deleted meanwhile
      }
    }
  }

  /**
   * Demotes a key of an excluded topic into its file, when a fast tier holds it, and holds it
   * there.
   *
   * @param key the key
   * @throws IOException when the demotion fails (Kafka must not open the file then)
   */
  void keepInFile(String key) throws IOException {
    if (holds.containsKey(key) || !manager.exists(key)) {
      return;
    }
    boolean hot = !lastTier.equals(manager.tierOf(key));
    KeyHold hold;
    try {
      hold = manager.hold(key, lastTier);
    } catch (NoSuchFileException e) {
      return;
    }
    if (holds.putIfAbsent(key, hold) != null) {
      hold.close();
    }
    if (hot) {
      LOG.info("moved a segment of an excluded topic back to its own file: key={}", key);
    }
  }

  /** Follows a rename of a key: its hold goes with it; a new name of an excluded topic is held. */
  void renamed(String fromKey, String toKey) throws IOException {
    KeyHold moved = holds.remove(fromKey);
    if (moved != null) {
      KeyHold replaced = holds.put(toKey, moved);
      if (replaced != null) {
        replaced.close();
      }
    }
    if (isExcluded(toKey)) {
      keepInFile(toKey);
    }
  }

  /** Ends the hold of a deleted key. */
  void deleted(String key) {
    KeyHold hold = holds.remove(key);
    if (hold != null) {
      hold.close();
    }
  }

  /** Ends the holds of keys that are gone (forgotten by the reconciler). */
  void forgetGone() {
    holds
        .entrySet()
        .removeIf(
            e -> {
              if (manager.exists(e.getKey())) {
                return false;
              }
              e.getValue().close();
              return true;
            });
  }

  /** Ends every hold (the store closes). */
  @Override
  public void close() {
    holds.values().forEach(KeyHold::close);
    holds.clear();
  }
}
