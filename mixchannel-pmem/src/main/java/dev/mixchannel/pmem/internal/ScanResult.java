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

import java.util.BitSet;
import java.util.List;

/**
 * What recovery or inspection found in a pool's metadata.
 *
 * @param slots every non-free slot, healthy or not
 * @param freeSlotGenerations the generation of each slot (for free slots: the next one is +1)
 * @param freeExtents extents no healthy or quarantined channel holds
 * @param cleanExtents free extents whose entry carries the clean mark (durably zero)
 * @param staleEntries extents whose entry names a channel that does not hold them (to clear)
 * @param reservedExtents extents held by quarantined channels (never reused)
 * @param maxSequence the highest valid key-record sequence seen
 * @param problems pool-level notes (entries naming no slot etc.)
 */
record ScanResult(
    List<SlotScan> slots,
    long[] freeSlotGenerations,
    BitSet freeExtents,
    BitSet cleanExtents,
    BitSet staleEntries,
    BitSet reservedExtents,
    long maxSequence,
    List<String> problems) {}
