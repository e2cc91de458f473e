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

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.common.Closeables;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The manager's tiers, fastest first. Immutable after construction; closes the tiers. */
public final class Tiers implements AutoCloseable {
  private final List<RankedTier> slots;

  /**
   * Wraps opened tiers.
   *
   * @param tiers the tiers, fastest first; this object closes them
   */
  public Tiers(List<StorageTier> tiers) {
    List<RankedTier> list = new ArrayList<>();
    for (int i = 0; i < tiers.size(); i++) {
      TierCounters counters = new TierCounters();
      tiers
          .get(i)
          .reportAllocationWaits(nanos -> counters.allocationWaitMicros.record(nanos / 1_000));
      list.add(new RankedTier(i, tiers.get(i), counters, new TierRoom()));
    }
    this.slots = List.copyOf(list);
  }

  /**
   * The tiers, fastest first.
   *
   * @return an unmodifiable list
   */
  public List<RankedTier> all() {
    return slots;
  }

  /**
   * Finds a tier by name.
   *
   * @param name the name
   * @return the tier, or {@code null} when none has that name
   */
  public RankedTier byName(String name) {
    for (RankedTier slot : slots) {
      if (slot.name().equals(name)) {
        return slot;
      }
    }
    return null;
  }

  /**
   * The tiers slower than a tier, fastest first.
   *
   * @param slot the tier
   * @return the slower tiers
   */
  public List<RankedTier> slowerThan(RankedTier slot) {
    return slots.subList(slot.index() + 1, slots.size());
  }

  /**
   * The tier names, fastest first.
   *
   * @return the names
   */
  public List<String> names() {
    List<String> names = new ArrayList<>();
    slots.forEach(s -> names.add(s.name()));
    return names;
  }

  /**
   * Closes every tier, even when one fails.
   *
   * @throws IOException the first failure, with the others suppressed
   */
  @Override
  public void close() throws IOException {
    List<AutoCloseable> all = new ArrayList<>();
    for (RankedTier slot : slots) {
      all.add(slot.tier());
    }
    Closeables.closeAll(all, "closing the tiers " + names());
  }
}
