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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates every slot and extent entry of a pool (read-only) and classifies them: healthy
 * channels, channels to quarantine (bad STATE or SIZE word, no valid key record, an extent entry
 * with a bad CRC naming the channel, or extents that do not cover {@code [0, ceil(size/extent))}
 * exactly once), and extents to free (owned by a free slot, a stale generation, or beyond a
 * channel's size).
 */
final class PoolScanner {

  private final MetadataReader reader;
  private final Superblock sb;
  private final Map<Integer, SlotBuilder> live = new HashMap<>();
  private long maxSequence;

  private PoolScanner(MetadataReader reader, Superblock sb) {
    this.reader = reader;
    this.sb = sb;
  }

  static ScanResult scan(MetadataReader reader, Superblock sb) {
    return new PoolScanner(reader, sb).run();
  }

  private ScanResult run() {
    int slotCount = (int) sb.slotCount();
    long[] generations = new long[slotCount];
    for (int i = 0; i < slotCount; i++) {
      generations[i] = scanSlot(i);
    }
    int extentCount = (int) sb.extentCount();
    BitSet free = new BitSet(extentCount);
    BitSet clean = new BitSet(extentCount);
    BitSet stale = new BitSet(extentCount);
    BitSet reserved = new BitSet(extentCount);
    List<String> problems = new ArrayList<>();
    for (int e = 0; e < extentCount; e++) {
      long entry = entryOffset(sb.extentTableOffset(), e);
      long owner = reader.getLong(entry + ENTRY_OWNER);
      long check = reader.getLong(entry + ENTRY_CHECK);
      if (owner == 0) {
        free.set(e);
        clean.set(e, isCleanEntry(owner, check, e));
        continue;
      }
      long slot = slotOf(owner);
      SlotBuilder b = slot < slotCount ? live.get((int) slot) : null;
      if (b != null && b.state < 0) {
        b.extents.add(new long[] {-1, e});
      } else if (b != null && b.generation == generationOf(owner)) {
        if (!isEntryValid(owner, check, e)) {
          b.problems.add("extent[" + e + "] checksum mismatch");
        }
        b.extents.add(new long[] {entryIndexOf(check), e});
      } else {
        if (slot >= slotCount) {
          problems.add("extent[" + e + "] names no slot: owner=0x" + Long.toHexString(owner));
        }
        stale.set(e);
        free.set(e);
      }
    }
    List<SlotScan> slots = new ArrayList<>();
    for (SlotBuilder b : live.values()) {
      slots.add(b.finish(free, stale, reserved));
    }
    slots.sort((x, y) -> Integer.compare(x.slot(), y.slot()));
    return new ScanResult(slots, generations, free, clean, stale, reserved, maxSequence, problems);
  }

  /** Returns the slot's generation (or 0 when unknown) and records non-free slots. */
  private long scanSlot(int slot) {
    long base = slotOffset(slot);
    long word = reader.getLong(base + SLOT_STATE);
    KeyRecord a = KeyRecord.read(reader, slot, base + SLOT_KEY_A);
    KeyRecord b = KeyRecord.read(reader, slot, base + SLOT_KEY_B);
    if (a != null) {
      maxSequence = Math.max(maxSequence, a.sequence());
    }
    if (b != null) {
      maxSequence = Math.max(maxSequence, b.sequence());
    }
    int state = stateOf(word);
    long generation = generationOfState(word);
    boolean stateOk =
        isStateValid(slot, word)
            && (state == STATE_FREE || state == STATE_LIVE || state == STATE_PROMOTING)
            && generation <= MAX_GENERATION;
    if (stateOk && state == STATE_FREE) {
      return generation;
    }
    SlotBuilder builder = new SlotBuilder(slot);
    live.put(slot, builder);
    if (!stateOk) {
      builder.state = -1;
      builder.generation = -1;
      builder.problems.add("state word invalid: word=0x" + Long.toHexString(word));
      builder.pickKey(a, b, -1);
      return 0;
    }
    builder.state = state;
    builder.generation = generation;
    builder.pickKey(a, b, generation);
    if (builder.key == null) {
      builder.problems.add("no valid key record");
    }
    long sizeWord = reader.getLong(base + SLOT_SIZE);
    if (isSizeValid(sizeSeed(slot, generation), sizeWord)) {
      builder.size = sizeOf(sizeWord);
    } else {
      builder.problems.add("size word invalid: word=0x" + Long.toHexString(sizeWord));
    }
    return generation;
  }

  private final class SlotBuilder {
    final int slot;
    int state;
    long generation;
    KeyRecord key;
    int active = -1;
    long size = -1;
    final List<long[]> extents = new ArrayList<>();
    final List<String> problems = new ArrayList<>();

    SlotBuilder(int slot) {
      this.slot = slot;
    }

    void pickKey(KeyRecord a, KeyRecord b, long generation) {
      boolean aOk = a != null && (generation < 0 || a.generation() == generation);
      boolean bOk = b != null && (generation < 0 || b.generation() == generation);
      if (aOk && (!bOk || a.sequence() > b.sequence())) {
        key = a;
        active = 0;
      } else if (bOk) {
        key = b;
        active = 1;
      }
    }

    SlotScan finish(BitSet free, BitSet stale, BitSet reserved) {
      long needed = size < 0 ? -1 : (size + sb.extentSizeBytes() - 1) / sb.extentSizeBytes();
      int[] byIndex = new int[(int) Math.max(0, Math.min(needed, sb.extentCount() + 1))];
      Arrays.fill(byIndex, -1);
      if (needed > sb.extentCount()) {
        problems.add("size exceeds the pool: size=" + size);
      }
      List<long[]> beyond = new ArrayList<>();
      for (long[] pair : extents) {
        long index = pair[0];
        int e = (int) pair[1];
        if (index >= 0 && index < byIndex.length) {
          if (byIndex[(int) index] >= 0) {
            problems.add(
                "duplicate extent index: index="
                    + index
                    + ", extents="
                    + byIndex[(int) index]
                    + ","
                    + e);
          } else {
            byIndex[(int) index] = e;
          }
        } else {
          beyond.add(pair);
        }
      }
      if (problems.isEmpty()) {
        for (int i = 0; i < byIndex.length; i++) {
          if (byIndex[i] < 0) {
            problems.add("missing extent: index=" + i + ", size=" + size);
            break;
          }
        }
      }
      if (problems.isEmpty()) {
        for (long[] pair : beyond) {
          stale.set((int) pair[1]);
          free.set((int) pair[1]);
        }
      } else {
        for (long[] pair : extents) {
          reserved.set((int) pair[1]);
        }
      }
      return new SlotScan(
          slot, state, generation, key, active, size, byIndex, List.copyOf(problems));
    }
  }
}
