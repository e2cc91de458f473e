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

import java.util.List;

/**
 * What recovery or inspection found in one non-free slot.
 *
 * @param slot the slot index
 * @param state the state ({@code PoolLayout.STATE_*}), or -1 when the STATE word is bad
 * @param generation the generation, or -1 when unknown
 * @param key the winning key record, or null when none is valid
 * @param activeRecord 0 for record A, 1 for record B, -1 for none
 * @param sizeBytes the logical size, or -1 when the SIZE word is bad
 * @param extents the extent numbers by index within the channel (those covering the size)
 * @param problems why the slot is quarantined; empty when it is healthy
 */
record SlotScan(
    int slot,
    int state,
    long generation,
    KeyRecord key,
    int activeRecord,
    long sizeBytes,
    int[] extents,
    List<String> problems) {

  boolean healthy() {
    return problems.isEmpty();
  }
}
