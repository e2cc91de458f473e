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

/**
 * The on-media layout of a PMem pool file, as named offsets (Agrona's {@code RingBufferDescriptor}
 * style): no other class writes a literal offset. All words are little-endian; pool offset 0 is
 * file offset 0.
 *
 * <pre>
 * 0                  superblock (4 KiB): magic, version, geometry, pool UUID, CRC32C
 * SLOT_TABLE_OFFSET  slotCount slots of SLOT_BYTES: STATE word, SIZE word, key records A and B
 * extentTableOffset  extentCount entries of EXTENT_ENTRY_BYTES: owner word, index/CRC word
 * dataOffset         extentCount extents of extentSizeBytes (aligned to the extent size)
 * </pre>
 *
 * <p><b>Crash-consistency rules.</b> Every field that must change atomically is one aligned 8-byte
 * store: the STATE word (state, generation, CRC-8) publishes a slot and flips only after the key
 * record and SIZE word it publishes are written and flushed; the SIZE word (56-bit size, CRC-8) is
 * stored on every size change; a rename writes the inactive key record with a higher sequence and
 * flushes it, so a torn rename leaves the old name; an extent entry is allocated by writing its
 * index/CRC word first and its owner word last and is persisted before any size word that covers
 * it, and is freed by clearing its owner word first, so any torn entry reads as free. The channel
 * id that owns an extent is {@code generation << 24 | slot}, so a reused slot never owns its
 * predecessor's extents. A free extent whose index/CRC word is the clean mark ({@link
 * #cleanEntryCheck}) is durably zero: the mark is written only after the zeros are durable, and an
 * allocation overwrites it (index/CRC word first) before any byte of data. Thread-safety: constants
 * and pure functions only.
 */
public final class PoolLayout {

  /** Magic of a complete pool: "MIXPMEM1" read as a little-endian long. */
  public static final long MAGIC = 0x314D454D5058494DL;

  /** Magic written first while a pool is being created: "MIXPMEMc"; such a pool is re-created. */
  public static final long MAGIC_CREATING = 0x634D454D5058494DL;

  /** The layout version this code reads and writes. */
  public static final int LAYOUT_VERSION = 1;

  /** Bytes reserved for the superblock. */
  public static final int SUPERBLOCK_BYTES = 4096;

  /** Superblock: magic (long). */
  public static final int SB_MAGIC = 0;

  /** Superblock: layout version (int). */
  public static final int SB_VERSION = 8;

  /** Superblock: slot size in bytes (int). */
  public static final int SB_SLOT_BYTES = 12;

  /** Superblock: extent size in bytes (long). */
  public static final int SB_EXTENT_SIZE = 16;

  /** Superblock: number of extents (long). */
  public static final int SB_EXTENT_COUNT = 24;

  /** Superblock: number of slots (long). */
  public static final int SB_SLOT_COUNT = 32;

  /** Superblock: pool UUID, most significant half (long). */
  public static final int SB_UUID_HIGH = 40;

  /** Superblock: pool UUID, least significant half (long). */
  public static final int SB_UUID_LOW = 48;

  /** Superblock: offset of the slot table (long). */
  public static final int SB_SLOT_TABLE_OFFSET = 56;

  /** Superblock: offset of the extent table (long). */
  public static final int SB_EXTENT_TABLE_OFFSET = 64;

  /** Superblock: offset of the data area (long). */
  public static final int SB_DATA_OFFSET = 72;

  /** Superblock: pool size in bytes (long). */
  public static final int SB_POOL_SIZE = 80;

  /** Superblock: CRC32C of bytes {@code [0, SB_CRC)} (int). */
  public static final int SB_CRC = 88;

  /** Offset of the slot table: right after the superblock. */
  public static final long SLOT_TABLE_OFFSET = SUPERBLOCK_BYTES;

  /** Bytes per channel slot. */
  public static final int SLOT_BYTES = 1024;

  /** Slot: the STATE word (check byte, state byte, 48-bit generation). */
  public static final int SLOT_STATE = 0;

  /** Slot: the SIZE word (check byte, 56-bit logical size). */
  public static final int SLOT_SIZE = 8;

  /** Slot: key record A. */
  public static final int SLOT_KEY_A = 16;

  /** Bytes per key record. */
  public static final int KEY_RECORD_BYTES = 504;

  /** Slot: key record B. */
  public static final int SLOT_KEY_B = SLOT_KEY_A + KEY_RECORD_BYTES;

  /** Key record: sequence (long); the valid record with the higher sequence wins. */
  public static final int KEY_SEQUENCE = 0;

  /** Key record: the slot generation it belongs to (long). */
  public static final int KEY_GENERATION = 8;

  /** Key record: length (low int) and CRC32C (high int) of the key bytes, one long. */
  public static final int KEY_LENGTH_CRC = 16;

  /** Key record: the UTF-8 key bytes. */
  public static final int KEY_BYTES = 24;

  /** The longest key in UTF-8 bytes. */
  public static final int MAX_KEY_BYTES = KEY_RECORD_BYTES - KEY_BYTES;

  /** Bytes per extent-table entry. */
  public static final int EXTENT_ENTRY_BYTES = 16;

  /** Extent entry: owner id (long); 0 means free. */
  public static final int ENTRY_OWNER = 0;

  /** Extent entry: index within the channel (low int) and CRC32C (high int), one long. */
  public static final int ENTRY_CHECK = 8;

  /** Slot state: free. */
  public static final int STATE_FREE = 1;

  /** Slot state: a complete channel. */
  public static final int STATE_LIVE = 2;

  /** Slot state: an incomplete channel (a migration destination). */
  public static final int STATE_PROMOTING = 3;

  /** Fewest slots in a pool. */
  public static final long MIN_SLOTS = 64;

  /** Most slots in a pool (slot indexes fit the 24 low bits of an owner id). */
  public static final long MAX_SLOTS = 1L << 20;

  /** Bits of an owner id that hold the slot index. */
  public static final int OWNER_ID_SLOT_BITS = 24;

  /** Largest generation (an owner id stays positive). */
  public static final long MAX_GENERATION = (1L << (63 - OWNER_ID_SLOT_BITS)) - 1;

  /** Largest logical size a SIZE word holds. */
  public static final long MAX_SIZE = (1L << 56) - 1;

  /** Largest metadata area (superblock, slots, extent table): one mapping. */
  public static final long MAX_METADATA_BYTES = Integer.MAX_VALUE;

  /** Smallest extent size. */
  public static final long MIN_EXTENT_BYTES = 1L << 20;

  /** Largest extent size. */
  public static final long MAX_EXTENT_BYTES = 256L << 20;

  /** Bytes per data window of the JDK mapping: a whole number of extents of any valid size. */
  public static final long WINDOW_BYTES = 1L << 30;

  /** Start of the range of the pool file whose exclusive lock marks the pool as in use. */
  public static final long OWNER_LOCK_POSITION = 1L << 61;

  private PoolLayout() {}

  /**
   * Offset of a slot.
   *
   * @param slot the slot index
   * @return its pool offset
   */
  public static long slotOffset(long slot) {
    return SLOT_TABLE_OFFSET + slot * SLOT_BYTES;
  }

  /**
   * Offset of the extent table for a slot count.
   *
   * @param slotCount the number of slots
   * @return its pool offset
   */
  public static long extentTableOffset(long slotCount) {
    return SLOT_TABLE_OFFSET + slotCount * SLOT_BYTES;
  }

  /**
   * Offset of the data area: the end of the extent table rounded up to the extent size.
   *
   * @param slotCount the number of slots
   * @param extentCount the number of extents
   * @param extentSizeBytes the extent size
   * @return its pool offset
   */
  public static long dataOffset(long slotCount, long extentCount, long extentSizeBytes) {
    long end = extentTableOffset(slotCount) + extentCount * EXTENT_ENTRY_BYTES;
    return (end + extentSizeBytes - 1) / extentSizeBytes * extentSizeBytes;
  }

  /**
   * The slot count for an extent count: {@code max(64, 2 * extents)}, at most {@link #MAX_SLOTS}.
   *
   * @param extentCount the number of extents
   * @return the slot count
   */
  public static long slotCountFor(long extentCount) {
    return Math.min(MAX_SLOTS, Math.max(MIN_SLOTS, 2 * extentCount));
  }

  /**
   * The number of extents a pool of the given size holds.
   *
   * @param poolSizeBytes the pool size
   * @param extentSizeBytes the extent size
   * @return the extent count, or 0 when not even one extent fits
   */
  public static long extentCountFor(long poolSizeBytes, long extentSizeBytes) {
    long n = poolSizeBytes / extentSizeBytes;
    while (n > 0) {
      long data = dataOffset(slotCountFor(n), n, extentSizeBytes);
      if (data + n * extentSizeBytes <= poolSizeBytes && data <= MAX_METADATA_BYTES) {
        return n;
      }
      long over = data + n * extentSizeBytes - poolSizeBytes;
      n -= Math.max(1, over / extentSizeBytes / 2);
    }
    return 0;
  }

  /**
   * Offset of an extent-table entry.
   *
   * @param extentTableOffset the extent table offset
   * @param extent the extent number
   * @return the entry's pool offset
   */
  public static long entryOffset(long extentTableOffset, long extent) {
    return extentTableOffset + extent * EXTENT_ENTRY_BYTES;
  }

  /**
   * Whether a value is a valid extent size: a power of two from 1 MiB to 256 MiB.
   *
   * @param bytes the value
   * @return whether it is valid
   */
  public static boolean isValidExtentSize(long bytes) {
    return Long.bitCount(bytes) == 1 && bytes >= MIN_EXTENT_BYTES && bytes <= MAX_EXTENT_BYTES;
  }

  /**
   * The owner id of a slot generation.
   *
   * @param slot the slot index
   * @param generation the generation, {@code >= 1}
   * @return the id, never 0
   */
  public static long ownerId(long slot, long generation) {
    return (generation << OWNER_ID_SLOT_BITS) | slot;
  }

  /**
   * The slot index of an owner id.
   *
   * @param ownerId the id
   * @return the slot index
   */
  public static long slotOf(long ownerId) {
    return ownerId & ((1L << OWNER_ID_SLOT_BITS) - 1);
  }

  /**
   * The generation of an owner id.
   *
   * @param ownerId the id
   * @return the generation
   */
  public static long generationOf(long ownerId) {
    return ownerId >>> OWNER_ID_SLOT_BITS;
  }

  /**
   * Encodes a STATE word.
   *
   * @param slot the slot index (mixed into the check)
   * @param state one of the {@code STATE_*} values
   * @param generation the generation, at most {@link #MAX_GENERATION}
   * @return the word
   */
  public static long encodeState(long slot, int state, long generation) {
    long body = ((long) state & 0xFF) | (generation << 8);
    return (body << 8) | stateCheck(slot, body);
  }

  /**
   * Whether a STATE word's check matches.
   *
   * @param slot the slot index
   * @param word the word
   * @return whether the check byte is right
   */
  public static boolean isStateValid(long slot, long word) {
    return (word & 0xFF) == stateCheck(slot, word >>> 8);
  }

  /**
   * The state of a STATE word.
   *
   * @param word the word
   * @return the state byte
   */
  public static int stateOf(long word) {
    return (int) ((word >>> 8) & 0xFF);
  }

  /**
   * The generation of a STATE word.
   *
   * @param word the word
   * @return the generation
   */
  public static long generationOfState(long word) {
    return word >>> 16;
  }

  private static int stateCheck(long slot, long body) {
    return Checksums.crc8(Checksums.crc8(0x5A, slot, 4), body, 7);
  }

  /**
   * The CRC-8 seed of a slot generation's SIZE words (cache it: the SIZE word is the hot path).
   *
   * @param slot the slot index
   * @param generation the generation
   * @return the seed
   */
  public static int sizeSeed(long slot, long generation) {
    return Checksums.crc8(Checksums.crc8(0xA5, slot, 4), generation, 6);
  }

  /**
   * Encodes a SIZE word.
   *
   * @param seed the slot generation's {@link #sizeSeed}
   * @param size the logical size, at most {@link #MAX_SIZE}
   * @return the word
   */
  public static long encodeSize(int seed, long size) {
    return (size << 8) | Checksums.crc8(seed, size, 7);
  }

  /**
   * Whether a SIZE word's check matches.
   *
   * @param seed the slot generation's {@link #sizeSeed}
   * @param word the word
   * @return whether the check byte is right
   */
  public static boolean isSizeValid(int seed, long word) {
    return (word & 0xFF) == Checksums.crc8(seed, word >>> 8, 7);
  }

  /**
   * The size of a SIZE word.
   *
   * @param word the word
   * @return the logical size
   */
  public static long sizeOf(long word) {
    return word >>> 8;
  }

  /**
   * Encodes the index/CRC word of an extent entry.
   *
   * @param owner the owner id
   * @param index the extent's index within the channel
   * @param extent the extent number
   * @return the word
   */
  public static long encodeEntryCheck(long owner, long index, long extent) {
    return (index & 0xFFFFFFFFL) | ((long) Checksums.crc32c(owner, index, extent) << 32);
  }

  /** The index word of a free extent's clean mark: no key has that many extents. */
  public static final long CLEAN_INDEX = 0xFFFFFFFFL;

  /**
   * The index/CRC word of a free extent whose bytes are durably zero (its owner word is 0): the
   * scrubber writes it after the zeros are durable, pool creation writes it for every extent, and
   * an allocation overwrites it before any data lands.
   *
   * @param extent the extent number
   * @return the word
   */
  public static long cleanEntryCheck(long extent) {
    return encodeEntryCheck(0, CLEAN_INDEX, extent);
  }

  /**
   * Whether a free extent's entry carries the clean mark.
   *
   * @param owner the owner word
   * @param check the index/CRC word
   * @param extent the extent number
   * @return whether its bytes are known to be durably zero
   */
  public static boolean isCleanEntry(long owner, long check, long extent) {
    return owner == 0 && check == cleanEntryCheck(extent);
  }

  /**
   * Whether an extent entry's CRC matches its owner, index and extent number.
   *
   * @param owner the owner word
   * @param check the index/CRC word
   * @param extent the extent number
   * @return whether it matches
   */
  public static boolean isEntryValid(long owner, long check, long extent) {
    return check == encodeEntryCheck(owner, check & 0xFFFFFFFFL, extent);
  }

  /**
   * The index within the channel of an extent entry's index/CRC word.
   *
   * @param check the word
   * @return the index
   */
  public static long entryIndexOf(long check) {
    return check & 0xFFFFFFFFL;
  }
}
