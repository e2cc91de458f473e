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
