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

import static dev.mixchannel.pmem.internal.PoolLayout.*;

import java.io.IOException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a scan to a pool being opened: clears (and persists) extent entries that name a channel
 * not holding them, so a later allocation can never meet a stale duplicate; frees extents nobody
 * holds; quarantines damaged channels; builds the files of healthy ones; and when two slots claim
 * one key (a rename onto an existing key interrupted by a crash) keeps the higher key sequence and
 * frees the other slot.
 */
final class PoolRecovery {

  private static final Logger LOG = LoggerFactory.getLogger(PoolRecovery.class);

  private PoolRecovery() {}

  static void recover(PmemPool pool) throws IOException {
    PoolMedia media = pool.media();
    PoolMemory memory = media.memory();
    Superblock sb = media.superblock();
    ScanResult scan = PoolScanner.scan(MetadataReader.of(memory), sb);
    pool.sequence().accumulateAndGet(scan.maxSequence() + 1, Math::max);
    BitSet stale = scan.staleEntries();
    if (!stale.isEmpty()) {
      for (int e = stale.nextSetBit(0); e >= 0; e = stale.nextSetBit(e + 1)) {
        memory.putLong(entryOffset(sb.extentTableOffset(), e) + ENTRY_OWNER, 0);
      }
      memory.flush(sb.extentTableOffset(), sb.extentCount() * EXTENT_ENTRY_BYTES);
    }
    // A free extent is trusted to be zero only where the media says so (its clean mark, written
    // after its zeros were durable); every other one may hold a former owner's bytes.
    BitSet free = scan.freeExtents();
    BitSet clean = scan.cleanExtents();
    for (int e = free.nextSetBit(0); e >= 0; e = free.nextSetBit(e + 1)) {
      media.allocator().addFree(e, pool.created() || clean.get(e));
    }
    boolean[] busy = new boolean[(int) sb.slotCount()];
    Map<String, Long> sequences = new HashMap<>();
    for (SlotScan s : scan.slots()) {
      busy[s.slot()] = true;
      if (!s.healthy()) {
        pool.quarantine(s);
        continue;
      }
      Namespace namespace = Namespace.ofSlotState(s.state());
      PmemKey f =
          new PmemKey(
              pool,
              s.slot(),
              s.generation(),
              s.key().key(),
              namespace,
              s.sizeBytes(),
              s.extents(),
              s.activeRecord(),
              s.key().sequence());
      pool.setGeneration(s.slot(), s.generation());
      PmemKey other = pool.lookup(f.key(), namespace);
      if (other == null || other.sequence() < f.sequence()) {
        pool.register(f);
        if (other != null) {
          dropDuplicate(pool, other);
        }
      } else {
        dropDuplicate(pool, f);
      }
      sequences.put(f.key(), f.sequence());
    }
    for (int i = 0; i < busy.length; i++) {
      if (!busy[i]) {
        pool.setGeneration(i, scan.freeSlotGenerations()[i]);
        pool.addFreeSlot(i);
      }
    }
    for (String problem : scan.problems()) {
      LOG.warn("PMem pool note: {} (pool {})", problem, pool.file());
    }
  }

  private static void dropDuplicate(PmemPool pool, PmemKey loser) {
    LOG.warn("PMem pool: two slots claim one key, the older one is freed: {}", loser.describe());
    pool.freeSlot(loser);
  }
}
