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

import dev.mixchannel.api.TierFullException;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayDeque;

/**
 * A pool's slots: the only writer of slot words (STATE, SIZE and the key records) once the pool is
 * open, and the in-memory list of free slots and their generations. Each method that writes is
 * named for its crash step ({@link PoolLayout}):
 *
 * <ul>
 *   <li>{@link #writeCreated} — <i>create</i>: key record A and the SIZE word are written and
 *       flushed, then the STATE word flips from FREE;
 *   <li>{@link SizeWord#store} — <i>size change</i>: the SIZE word is stored after the data it
 *       covers (release fence); {@link SizeWord#persist} flushes it;
 *   <li>{@link #writeRenamed} — <i>rename</i>: the inactive key record with a higher sequence,
 *       flushed; a torn one leaves the old name;
 *   <li>{@link #writePublished} — <i>publish</i>: STATE PROMOTING to LIVE, after the key's bytes
 *       and size are durable;
 *   <li>{@link #writeFreed} — <i>delete</i>: STATE to FREE, flushed, before the key's extents are
 *       let go of.
 * </ul>
 *
 * Not thread-safe: the pool calls it under its monitor; a key's {@link SizeWord} is used under the
 * key's exclusive data lock.
 */
final class SlotTable {

  private final PoolMemory memory;
  private final long[] generations;
  private final ArrayDeque<Integer> free = new ArrayDeque<>();
  private final String tierName;
  private final Path file;

  SlotTable(PoolMemory memory, long slotCount, String tierName, Path file) {
    this.memory = memory;
    this.generations = new long[(int) slotCount];
    this.tierName = tierName;
    this.file = file;
  }

  // ---- recovery ----

  /** Recovery: the slot's generation (a free slot's last one; the next key gets one more). */
  void recovered(int slot, long generation) {
    generations[slot] = generation;
  }

  /** Recovery: the slot is free. */
  void recoveredFree(int slot) {
    free.add(slot);
  }

  // ---- free slots ----

  /**
   * Takes a free slot for a new key.
   *
   * @return the slot
   * @throws TierFullException when none is free
   */
  int claim() throws TierFullException {
    Integer slot = free.poll();
    if (slot == null) {
      throw new TierFullException(
          tierName,
          0,
          "PMem pool has no free slot: slots=" + generations.length + " (pool " + file + ")");
    }
    return slot;
  }

  /** Whether a slot is free for a new key. */
  boolean hasFree() {
    return !free.isEmpty();
  }

  /** The generation a new key in a claimed slot gets. */
  long nextGeneration(int slot) {
    return generations[slot] + 1;
  }

  /** A claimed slot was not used after all (its STATE word still says FREE). */
  void unclaim(int slot) {
    free.push(slot);
  }

  // ---- crash steps ----

  /**
   * Create: key record A and the SIZE word, flushed, then the STATE word that publishes them.
   *
   * @param slot a claimed slot
   * @param generation its {@link #nextGeneration}
   * @param sequence the key record's sequence
   * @param key the key's UTF-8 bytes
   * @param size the key's size (a preallocated one's)
   * @param namespace the key's namespace, which chooses the STATE
   */
  void writeCreated(
      int slot, long generation, long sequence, byte[] key, long size, Namespace namespace) {
    long base = slotOffset(slot);
    KeyRecord.write(memory, slot, base + SLOT_KEY_A, sequence, generation, key);
    memory.putLong(base + SLOT_SIZE, encodeSize(sizeSeed(slot, generation), size));
    memory.flush(base, SLOT_BYTES);
    VarHandle.releaseFence();
    memory.putLong(base + SLOT_STATE, encodeState(slot, namespace.slotState(), generation));
    memory.flush(base + SLOT_STATE, Long.BYTES);
    generations[slot] = generation;
  }

  /**
   * Rename: writes and flushes the inactive key record with a higher sequence.
   *
   * @param slot the key's slot
   * @param generation its generation
   * @param record the record to write (0 for A, 1 for B), the inactive one
   * @param sequence the new sequence, above the active record's
   * @param key the new key's UTF-8 bytes
   */
  void writeRenamed(int slot, long generation, int record, long sequence, byte[] key) {
    long offset = slotOffset(slot) + (record == 0 ? SLOT_KEY_A : SLOT_KEY_B);
    KeyRecord.write(memory, slot, offset, sequence, generation, key);
    memory.flush(offset, KEY_RECORD_BYTES);
  }

  /**
   * Publish: STATE PROMOTING to LIVE; the caller made the key's bytes and size durable first.
   *
   * @param slot the key's slot
   * @param generation its generation
   */
  void writePublished(int slot, long generation) {
    long state = slotOffset(slot) + SLOT_STATE;
    VarHandle.releaseFence();
    memory.putLong(state, encodeState(slot, STATE_LIVE, generation));
    memory.flush(state, Long.BYTES);
  }

  /**
   * Delete: STATE to FREE, flushed, and the slot free for a next generation. The caller detached
   * the key first, so none of its words is written again.
   *
   * @param slot the key's slot
   * @param generation its generation
   */
  void writeFreed(int slot, long generation) {
    long state = slotOffset(slot) + SLOT_STATE;
    memory.putLong(state, encodeState(slot, STATE_FREE, generation));
    memory.flush(state, Long.BYTES);
    generations[slot] = generation;
    free.push(slot);
  }

  /**
   * The SIZE word of one key's slot generation: the only writer of it after creation.
   *
   * @param slot the slot
   * @param generation the generation
   * @return its writer, for the key
   */
  SizeWord sizeWord(int slot, long generation) {
    return new SizeWord(memory, slotOffset(slot) + SLOT_SIZE, sizeSeed(slot, generation));
  }

  /**
   * One key's SIZE word. Not thread-safe: used under the key's exclusive data lock. After {@link
   * #detach} (the slot is being freed) it writes nothing.
   */
  static final class SizeWord {
    private final PoolMemory memory;
    private final long offset;
    private final int seed;
    private boolean detached;

    private SizeWord(PoolMemory memory, long offset, int seed) {
      this.memory = memory;
      this.offset = offset;
      this.seed = seed;
    }

    /** Size change: stores the size after the data it covers (kill -9 safe, not yet durable). */
    void store(long size) {
      if (!detached) {
        VarHandle.releaseFence();
        memory.putLong(offset, encodeSize(seed, size));
      }
    }

    /** Makes the stored size durable. */
    void persist() {
      if (!detached) {
        memory.flush(offset, Long.BYTES);
      }
    }

    /** The slot is being freed: nothing is written from now on. */
    void detach() {
      detached = true;
    }
  }
}
