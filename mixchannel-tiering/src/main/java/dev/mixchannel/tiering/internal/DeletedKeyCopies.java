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

import java.util.HashSet;
import java.util.Set;

/**
 * The incomplete keys that hold the bytes of deleted keys still open: a deleted key that must grow
 * beyond its PMem pool spills to a slower tier as an incomplete key of a name of its own ({@code
 * <key>~deleted-<n>}, see {@link Spiller}), never published (recovery discards it, as a deleted
 * key's bytes should be). While it is there, a migration of a live key that happens to have that
 * name must not take the name for a leftover. Thread-safe.
 */
final class DeletedKeyCopies {
  private final Set<String> held = new HashSet<>();

  /**
   * Claims the incomplete name of a key on a tier.
   *
   * @return false when another deleted key holds it
   */
  synchronized boolean claim(RankedTier tier, String key) {
    return held.add(id(tier, key));
  }

  synchronized void release(RankedTier tier, String key) {
    held.remove(id(tier, key));
  }

  synchronized boolean holds(RankedTier tier, String key) {
    return held.contains(id(tier, key));
  }

  private static String id(RankedTier tier, String key) {
    return tier.index() + "/" + key;
  }
}
