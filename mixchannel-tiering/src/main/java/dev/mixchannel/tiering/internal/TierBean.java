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

import dev.mixchannel.tiering.TierMXBean;

/**
 * One tier's MXBean: a view of the tier and the key index, read on each attribute access.
 *
 * @param slot the tier
 * @param catalog the key index, for the tier's key counts
 */
record TierBean(RankedTier slot, Catalog catalog) implements TierMXBean {

  @Override
  public String getName() {
    return slot.name();
  }

  @Override
  public String getKind() {
    return slot.kind().name();
  }

  @Override
  public long getCapacityBytes() {
    return slot.tier().capacityBytes();
  }

  @Override
  public long getUsedBytes() {
    return slot.tier().usedBytes();
  }

  @Override
  public long getKeyCount() {
    return catalog.count(slot);
  }

  @Override
  public long getMigrationsIn() {
    return slot.counters().count(TierCounters.Count.MIGRATIONS_IN);
  }

  @Override
  public long getMigrationsOut() {
    return slot.counters().count(TierCounters.Count.MIGRATIONS_OUT);
  }

  @Override
  public long getSpills() {
    return slot.counters().count(TierCounters.Count.SPILLS);
  }

  @Override
  public long getScrubBacklogUnits() {
    return slot.tier().scrubBacklogUnits();
  }

  @Override
  public String getLastError() {
    return slot.counters().lastError();
  }
}
