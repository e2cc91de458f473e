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

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the tiers back to the protocol's invariant when a manager opens: every incomplete copy is
 * discarded, and a key complete on several tiers keeps only the fastest tier's copy (the copies are
 * identical by the protocol, so nothing is lost). Tier usage is whatever the tiers then report.
 */
final class Recovery {
  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

  private Recovery() {}

  /**
   * What recovery found.
   *
   * @param owners each key and the tier that holds it
   * @param sizes each key's size in bytes
   */
  record Result(Map<String, RankedTier> owners, Map<String, Long> sizes) {}

  static Result run(Tiers tiers) throws IOException {
    int discarded = 0;
    for (RankedTier slot : tiers.all()) {
      for (String key : slot.tier().incompleteKeys()) {
        slot.tier().discardIncomplete(key);
        discarded++;
        LOG.info("discarded incomplete copy: key={}, tier={}", key, slot);
      }
    }
    Map<String, RankedTier> owners = new HashMap<>();
    Map<String, Long> sizes = new HashMap<>();
    int duplicates = 0;
    for (RankedTier slot : tiers.all()) {
      for (String key : slot.tier().keys()) {
        RankedTier kept = owners.get(key);
        if (kept != null) {
          slot.tier().delete(key);
          duplicates++;
          LOG.warn(
              "key complete on two tiers, kept the faster copy: key={}, kept={}, removed={}",
              key,
              kept,
              slot);
          continue;
        }
        owners.put(key, slot);
        sizes.put(key, slot.tier().size(key));
      }
    }
    LOG.info(
        "recovered: keys={}, discardedIncomplete={}, duplicatesRemoved={}, tiers={}",
        owners.size(),
        discarded,
        duplicates,
        tiers.names());
    return new Result(owners, sizes);
  }
}
