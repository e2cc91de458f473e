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
 * discarded, and a key complete on several tiers is checked. The protocol leaves two complete
 * copies only after a crash inside a switch, and then they are byte for byte the same: the faster
 * copy is kept and the slower removed. Copies that differ mean something ran outside the protocol
 * (a host system without its adapter, a copy by hand): no copy can be removed without losing what
 * it alone holds, so both are kept where they are and the key is refused ({@link Divergence}) until
 * an operator keeps one ({@code TierManager#resolveDivergent}). Nothing is moved or renamed for
 * that: the two copies themselves are the record, found again by every recovery until resolved. A
 * key whose copy a tier refuses (its metadata failed validation: {@link RefusedCopy}) is refused
 * too, and its other copies are left as they are: none is compared, removed or served. Tier usage
 * is whatever the tiers then report.
 */
final class Recovery {
  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

  private Recovery() {}

  /**
   * What recovery found.
   *
   * @param owners each served key and the tier that holds it
   * @param sizes each served key's size in bytes
   * @param refused each refused key and why: its copies differ, or a tier refuses its copy
   */
  record Result(
      Map<String, RankedTier> owners, Map<String, Long> sizes, Map<String, Refusal> refused) {}

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
    Map<String, Refusal> refused = refusedCopies(tiers);
    CopyComparison comparison = null;
    int duplicates = 0;
    for (RankedTier slot : tiers.all()) {
      for (String key : slot.tier().keys()) {
        if (refused.containsKey(key)) {
          continue;
        }
        RankedTier kept = owners.get(key);
        if (kept == null) {
          owners.put(key, slot);
          sizes.put(key, slot.tier().size(key));
          continue;
        }
        comparison = comparison == null ? new CopyComparison() : comparison;
        if (keepOneCopy(comparison, key, kept, slot, refused)) {
          duplicates++;
        }
      }
    }
    for (String key : refused.keySet()) {
      owners.remove(key);
      sizes.remove(key);
    }
    LOG.info(
        "recovered: keys={}, discardedIncomplete={}, duplicatesRemoved={}, refusedKeys={},"
            + " tiers={}",
        owners.size(),
        discarded,
        duplicates,
        refused.size(),
        tiers.names());
    return new Result(owners, sizes, refused);
  }

  /**
   * The keys some tier refuses its copy of: they are refused on every tier, and no other tier's
   * copy of them is compared, removed or served.
   */
  private static Map<String, Refusal> refusedCopies(Tiers tiers) throws IOException {
    Map<String, Refusal> refused = new HashMap<>();
    for (RankedTier slot : tiers.all()) {
      for (Map.Entry<String, String> e : slot.tier().refusedKeys().entrySet()) {
        RefusedCopy r = new RefusedCopy(e.getKey(), slot, e.getValue());
        if (refused.putIfAbsent(r.key(), r) == null) {
          LOG.warn("{}", r.refusal().getMessage());
        }
      }
    }
    return refused;
  }

  /**
   * Removes the slower of two identical complete copies, or records the key as divergent.
   *
   * @return whether the slower copy was removed
   */
  static boolean keepOneCopy(
      CopyComparison comparison,
      String key,
      RankedTier faster,
      RankedTier slower,
      Map<String, ? super Divergence> divergent)
      throws IOException {
    Divergence d = comparison.compare(key, faster, slower);
    if (d == null) {
      slower.tier().delete(key);
      LOG.warn(
          "key complete on two tiers, identical copies, removed the slower: key={}, kept={},"
              + " removed={}",
          key,
          faster,
          slower);
      return true;
    }
    divergent.putIfAbsent(key, d);
    LOG.warn("{}", d.refusal().getMessage());
    return false;
  }
}
