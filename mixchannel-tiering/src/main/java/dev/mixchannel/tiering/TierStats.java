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
 */
public record TierStats(
    String name,
    TierKind kind,
    long capacityBytes,
    long usedBytes,
    long keyCount,
    double highWatermark,
    double lowWatermark) {

  /**
   * The used fraction of the capacity.
   *
   * @return {@code usedBytes / capacityBytes}, or 0 for a capacity of 0
   */
  public double usedFraction() {
    return capacityBytes <= 0 ? 0 : (double) usedBytes / capacityBytes;
  }
}
