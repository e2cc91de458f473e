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
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives a keyless anchor that Kafka opens (a placeholder; a file with segment bytes only a key of
 * the last tier) the key Kafka renamed it away from without the adapter: the swap file Kafka's log
 * loader renamed to {@code .log} with {@code File.renameTo} after opening it (its key then replaces
 * the stale key of the compacted original), or an orphan one rename behind after a crash (see
 * {@link Reconciler}). Remembers which swap segments Kafka opened in this process, since only those
 * can have been recovered by that rename. Thread-safe; called under the store's shared lock.
 */
final class KeyAdopter {

  private static final Logger LOG = LoggerFactory.getLogger(KeyAdopter.class);

  private final TierManager manager;
  private final String lastTier;
  private final AdapterCounters counters;
  private final Set<String> swapKeysOpened = ConcurrentHashMap.newKeySet();

  KeyAdopter(TierManager manager, String lastTier, AdapterCounters counters) {
    this.manager = manager;
    this.lastTier = lastTier;
    this.counters = counters;
  }

  /** Notes that Kafka opened a segment. */
  void opened(SegmentPath segment) {
    if (SegmentFiles.SWAP.equals(SegmentFiles.suffix(segment.fileName()))) {
      swapKeysOpened.add(segment.key());
    }
  }

  /** Follows a rename of a key. */
  void renamed(String fromKey, String toKey) {
    if (swapKeysOpened.remove(fromKey)) {
      swapKeysOpened.add(toKey);
    }
  }

  /** Forgets a deleted key. */
  void deleted(String key) {
    swapKeysOpened.remove(key);
  }

  /**
   * Finds the key of a keyless, empty anchor that Kafka renamed without the key: the swap file
   * Kafka's log loader renamed to {@code .log} with {@code File.renameTo} after opening it (its key
   * replaces a stale one), or an orphan one rename behind (see {@link Reconciler}).
   */
  void adopt(SegmentPath segment) throws IOException {
    String key = segment.key();
    String suffix = SegmentFiles.suffix(segment.fileName());
    String base = SegmentFiles.baseName(segment.fileName());
    if (suffix.isEmpty()) {
      SegmentPath swap = segment.withFileName(base + SegmentFiles.SWAP);
      if (swapKeysOpened.contains(swap.key())
          && manager.exists(swap.key())
          && !Files.exists(swap.anchor())
          && canBe(swap.key(), segment)) {
        manager.rename(swap.key(), key);
        swapKeysOpened.remove(swap.key());
        counters.adoptions.increment();
        LOG.info("adopted the key of a recovered swap file: from={}, to={}", swap.key(), key);
        return;
      }
    }
    if (manager.exists(key)) {
      return;
    }
    List<String> orphans = new ArrayList<>();
    for (String s : List.of("", SegmentFiles.CLEANED, SegmentFiles.SWAP)) {
      if (SegmentFiles.successors(s).contains(suffix)) {
        SegmentPath before = segment.withFileName(base + s);
        if (manager.exists(before.key())
            && !Files.exists(before.anchor())
            && canBe(before.key(), segment)) {
          orphans.add(before.key());
        }
      }
    }
    if (orphans.isEmpty()) {
      for (String other : manager.keys()) {
        Optional<SegmentKey> parsed = SegmentKey.parse(other);
        if (parsed.isPresent()
            && parsed.get().tag().equals(segment.tag())
            && parsed.get().fileName().equals(segment.fileName())
            && SegmentFiles.isPartitionDirRename(
                parsed.get().partitionDir(), segment.partitionDir())
            && !Files.exists(segment.withPartitionDir(parsed.get().partitionDir()).anchor())
            && canBe(other, segment)) {
          orphans.add(other);
        }
      }
    }
    if (orphans.size() > 1) {
      throw new IOException(
          "cannot tell which orphan key belongs to a keyless anchor: candidates="
              + orphans
              + " ("
              + segment.anchor()
              + ")");
    }
    if (orphans.size() == 1) {
      manager.rename(orphans.get(0), key);
      counters.adoptions.increment();
      LOG.info("adopted an orphan key for a keyless anchor: from={}, to={}", orphans.get(0), key);
    }
  }

  /**
   * Whether an orphan's bytes can be the segment whose file Kafka renamed it to: a key on a fast
   * tier only when the file is a placeholder (a file with segment bytes is a segment of its own on
   * the last tier, which the orphan would give a second, different copy); a key of the last tier
   * always (its bytes were the file, and its rename follows the file).
   */
  private boolean canBe(String orphan, SegmentPath segment) throws IOException {
    return lastTier.equals(manager.tierOf(orphan))
        || Placeholder.segmentBytes(segment.anchor()) == 0;
  }
}
