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
package dev.mixchannel.pmem.internal;

import dev.mixchannel.api.CorruptPoolException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The damaged slots recovery found in one pool: reported, their extents kept reserved, their bytes
 * never served, and every operation naming their key refused. Not thread-safe: the pool calls it
 * under its monitor.
 */
final class Quarantine {

  /** The pool's logger, the name operators and log configurations know these WARNs by. */
  private static final Logger LOG = LoggerFactory.getLogger(PmemPool.class);

  private final Path file;
  private final Map<String, String> slotsByKey = new HashMap<>();
  private final Map<String, String> refused = new HashMap<>();
  private final List<String> descriptions = new ArrayList<>();

  Quarantine(Path file) {
    this.file = file;
  }

  /** Quarantines a damaged slot (recovery), with a WARN naming it and its problems. */
  void add(SlotScan s) {
    String key = s.key() == null ? null : s.key().key();
    String description =
        "slot["
            + s.slot()
            + "] key="
            + (key == null ? "(unknown)" : key)
            + ": "
            + String.join("; ", s.problems())
            + " (pool "
            + file
            + ")";
    LOG.warn("PMem channel quarantined, its bytes are never served: {}", description);
    descriptions.add(description);
    if (key != null) {
      slotsByKey.put(key, "slot[" + s.slot() + "]");
      if (s.state() != PoolLayout.STATE_PROMOTING) {
        refused.put(key, description);
      }
    }
  }

  /** Whether a damaged slot claims the key. */
  boolean contains(String key) {
    return slotsByKey.containsKey(key);
  }

  /**
   * Refuses a key a damaged slot claims.
   *
   * @param key the key
   * @throws CorruptPoolException naming the slot, when it is quarantined
   */
  void check(String key) throws CorruptPoolException {
    String slot = slotsByKey.get(key);
    if (slot != null) {
      throw new CorruptPoolException(
          file,
          slot,
          "PMem channel quarantined, its bytes are never served: key="
              + key
              + ", "
              + slot
              + " (pool "
              + file
              + ")");
    }
  }

  /**
   * The keys whose only known copy here may be complete: damaged slots that are not known to hold
   * an incomplete migration copy (those are discardable: the key is complete on its source tier).
   *
   * @return each such key and its slot's description, a snapshot
   */
  Map<String, String> refusedKeys() {
    return Map.copyOf(refused);
  }

  /** The descriptions, a snapshot. */
  List<String> descriptions() {
    return List.copyOf(descriptions);
  }
}
