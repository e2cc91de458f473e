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
package dev.mixchannel.pmem;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * What {@link PoolInspector} read from a pool file.
 *
 * @param pool the pool file
 * @param superblock the superblock fields as stored, or null when the file is too short
 * @param slots every non-free slot, healthy or not, by slot index
 * @param extentCount the number of extents (0 when the superblock is bad)
 * @param usedExtents extents held by healthy channels
 * @param reservedExtents extents held by quarantined channels
 * @param freeExtents extents nobody holds (including stale entries recovery would clear)
 * @param problems every problem found: superblock errors, damaged slots, stray entries
 */
public record PoolReport(
    Path pool,
    Superblock superblock,
    List<Slot> slots,
    long extentCount,
    long usedExtents,
    long reservedExtents,
    long freeExtents,
    List<String> problems) {

  /**
   * Copies the lists.
   *
   * @param pool the pool file
   * @param superblock the superblock fields
   * @param slots the non-free slots
   * @param extentCount the number of extents
   * @param usedExtents extents held by healthy channels
   * @param reservedExtents extents held by quarantined channels
   * @param freeExtents free extents
   * @param problems the problems
   */
  public PoolReport {
    slots = List.copyOf(slots);
    problems = List.copyOf(problems);
  }

  /**
   * Whether no problem was found.
   *
   * @return {@code problems().isEmpty()}
   */
  public boolean healthy() {
    return problems.isEmpty();
  }

  /**
   * The superblock fields as stored (not validated when the report lists a superblock problem).
   *
   * @param magic the magic word
   * @param version the layout version
   * @param extentSizeBytes the extent size
   * @param extentCount the number of extents
   * @param slotCount the number of slots
   * @param uuid the pool's identity
   * @param slotTableOffset the slot table offset
   * @param extentTableOffset the extent table offset
   * @param dataOffset the data area offset
   * @param poolSizeBytes the pool size
   */
  public record Superblock(
      long magic,
      int version,
      long extentSizeBytes,
      long extentCount,
      long slotCount,
      UUID uuid,
      long slotTableOffset,
      long extentTableOffset,
      long dataOffset,
      long poolSizeBytes) {}

  /**
   * One non-free slot.
   *
   * @param index the slot index
   * @param state {@code LIVE}, {@code PROMOTING} or {@code INVALID}
   * @param generation the generation, or -1 when the state word is bad
   * @param key the key from the winning key record, or null when none is valid
   * @param sizeBytes the logical size, or -1 when the size word is bad
   * @param extents the extent numbers by index within the channel
   * @param problems why the channel would be quarantined; empty when healthy
   */
  public record Slot(
      int index,
      String state,
      long generation,
      String key,
      long sizeBytes,
      List<Long> extents,
      List<String> problems) {

    /**
     * Copies the lists.
     *
     * @param index the slot index
     * @param state the state
     * @param generation the generation
     * @param key the key
     * @param sizeBytes the size
     * @param extents the extents
     * @param problems the problems
     */
    public Slot {
      extents = List.copyOf(extents);
      problems = List.copyOf(problems);
    }
  }
}
