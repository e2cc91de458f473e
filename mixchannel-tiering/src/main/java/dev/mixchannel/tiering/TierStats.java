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
package dev.mixchannel.tiering;

import dev.mixchannel.api.TierKind;

/**
 * One tier's occupancy and watermarks: what {@link TierManager#stats()} reports and what a {@link
 * MigrationPolicy} sees in its {@link PolicySnapshot}.
 *
 * @param name the tier's name
 * @param kind the tier's medium
 * @param capacityBytes the bytes the tier may hold
 * @param usedBytes the bytes the tier holds now (complete and incomplete keys)
 * @param keyCount the keys on the tier
 * @param highWatermark the configured used fraction above which the tier demotes
 * @param lowWatermark the configured used fraction demotion stops at and below which it promotes
 * @param allocationUnitBytes the unit the tier hands out room in ({@link
 *     dev.mixchannel.api.StorageTier#allocationUnitBytes()}): a PMem tier's extent size, else 1
 */
public record TierStats(
    String name,
    TierKind kind,
    long capacityBytes,
    long usedBytes,
    long keyCount,
    double highWatermark,
    double lowWatermark,
    long allocationUnitBytes) {

  /**
   * Checks the unit.
   *
   * @param name the tier's name
   * @param kind the tier's medium
   * @param capacityBytes the bytes the tier may hold
   * @param usedBytes the bytes the tier holds now (complete and incomplete keys)
   * @param keyCount the keys on the tier
   * @param highWatermark the configured used fraction above which the tier demotes
   * @param lowWatermark the configured used fraction demotion stops at and below which it promotes
   * @param allocationUnitBytes the unit the tier hands out room in
   * @throws IllegalArgumentException when {@code allocationUnitBytes < 1}
   */
  public TierStats {
    if (allocationUnitBytes < 1) {
      throw new IllegalArgumentException(
          "allocation unit must be at least 1: allocationUnitBytes="
              + allocationUnitBytes
              + " (tier "
              + name
              + ")");
    }
  }

  /**
   * A tier that counts bytes (an allocation unit of 1).
   *
   * @param name the tier's name
   * @param kind the tier's medium
   * @param capacityBytes the bytes the tier may hold
   * @param usedBytes the bytes the tier holds now
   * @param keyCount the keys on the tier
   * @param highWatermark the used fraction above which the tier demotes
   * @param lowWatermark the used fraction demotion stops at and below which it promotes
   */
  public TierStats(
      String name,
      TierKind kind,
      long capacityBytes,
      long usedBytes,
      long keyCount,
      double highWatermark,
      double lowWatermark) {
    this(name, kind, capacityBytes, usedBytes, keyCount, highWatermark, lowWatermark, 1);
  }

  /**
   * The used fraction of the capacity.
   *
   * @return {@code usedBytes / capacityBytes}, or 0 for a capacity of 0
   */
  public double usedFraction() {
    return capacityBytes <= 0 ? 0 : (double) usedBytes / capacityBytes;
  }

  /**
   * The room a key of a size takes on this tier: the size rounded up to whole allocation units.
   *
   * @param sizeBytes the key's size, {@code >= 0}
   * @return the bytes it counts against {@link #capacityBytes()}, saturating at {@code
   *     Long.MAX_VALUE}
   */
  public long roomFor(long sizeBytes) {
    long units = sizeBytes / allocationUnitBytes + (sizeBytes % allocationUnitBytes == 0 ? 0 : 1);
    return units > Long.MAX_VALUE / allocationUnitBytes
        ? Long.MAX_VALUE
        : units * allocationUnitBytes;
  }
}
