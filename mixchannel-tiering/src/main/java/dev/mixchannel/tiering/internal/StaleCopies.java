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

import dev.mixchannel.common.Failures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Complete copies of keys that no key of the manager owns: left where a tier call failed after its
 * effect and the clean-up failed too (a published copy whose rollback could not delete it, a source
 * a switch could not remove, a create's leftover). Such a copy must not survive: it would bring a
 * deleted key back, and once its key is written again a crash would leave two copies that differ,
 * which recovery refuses. So every copy is retried: by each policy round and when the manager
 * closes, each time with its key locked (or reserved) so that no create, rename or migration of the
 * key runs meanwhile.
 *
 * <p><b>One rule for the namespace.</b> A delete of a key, and a rename of a key (its old and its
 * new name), remove that name's stale copies first, and fail changing nothing when one cannot go: a
 * name that was deleted or renamed away has no copy a crash could bring back. And only a copy
 * recorded here is ever removed to make way for a create or a migration ({@link #holds}): a
 * complete copy nobody recorded came from outside the protocol and is refused, never deleted.
 * Thread-safe.
 */
final class StaleCopies {
  private static final Logger LOG = LoggerFactory.getLogger(StaleCopies.class);

  private final Map<String, Set<RankedTier>> copies = new HashMap<>();

  /**
   * Records a stale complete copy.
   *
   * @param key the key
   * @param tier the tier holding it
   */
  synchronized void add(String key, RankedTier tier) {
    copies.computeIfAbsent(key, k -> new HashSet<>()).add(tier);
    LOG.warn("stale copy left, removed later: key={}, tier={}", key, tier);
  }

  /**
   * Whether a copy is recorded as stale.
   *
   * @param key the key
   * @param tier the tier
   * @return whether the copy of {@code key} on {@code tier} is one this object records
   */
  synchronized boolean holds(String key, RankedTier tier) {
    Set<RankedTier> tiers = copies.get(key);
    return tiers != null && tiers.contains(tier);
  }

  synchronized boolean isEmpty() {
    return copies.isEmpty();
  }

  /** The keys with stale copies now. */
  synchronized List<String> keys() {
    return new ArrayList<>(copies.keySet());
  }

  /**
   * Removes the stale copies of one key.
   *
   * @param key the key
   * @param owner the tier that owns the key now (its copy is never removed), or {@code null}
   * @throws IOException when a copy cannot be removed; it stays recorded
   */
  void remove(String key, RankedTier owner) throws IOException {
    Set<RankedTier> tiers;
    synchronized (this) {
      Set<RankedTier> recorded = copies.get(key);
      if (recorded == null) {
        return;
      }
      tiers = new HashSet<>(recorded);
    }
    IOException failure = null;
    for (RankedTier tier : tiers) {
      try {
        if (tier != owner) {
          TierCalls.deleteComplete(tier, key);
        }
        forget(key, tier);
      } catch (IOException e) {
        failure = Failures.chain(failure, e);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Tries to remove every stale copy, when nothing else changes the keys (the manager closing).
   *
   * @param ownerOf the tier that owns a key now, or {@code null} for none
   * @return the first failure, or {@code null} when none is left
   */
  IOException removeAll(Function<String, RankedTier> ownerOf) {
    List<String> keys = keys();
    IOException failure = null;
    for (String key : keys) {
      try {
        remove(key, ownerOf.apply(key));
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    return failure;
  }

  /**
   * Whether a copy left now could change what recovery serves: one of a key that no longer exists
   * (it would come back), or one on a tier faster than the key's owner (recovery would prefer it).
   * Copies on a slower tier than their key's owner are removed by recovery.
   *
   * @param ownerOf the tier that owns a key now, or {@code null} for none
   * @return whether such a copy is left
   */
  synchronized boolean unsafeLeft(Function<String, RankedTier> ownerOf) {
    for (Map.Entry<String, Set<RankedTier>> e : copies.entrySet()) {
      RankedTier owner = ownerOf.apply(e.getKey());
      for (RankedTier tier : e.getValue()) {
        if (owner == null || !owner.fasterThan(tier)) {
          return true;
        }
      }
    }
    return false;
  }

  private synchronized void forget(String key, RankedTier tier) {
    Set<RankedTier> tiers = copies.get(key);
    if (tiers != null && tiers.remove(tier) && tiers.isEmpty()) {
      copies.remove(key);
    }
  }
}
