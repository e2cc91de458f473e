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

import dev.mixchannel.api.CorruptPoolException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.UUID;
import java.util.zip.CRC32C;

/**
 * A pool's superblock: its geometry, written once at creation.
 *
 * @param extentSizeBytes the extent size
 * @param extentCount the number of extents
 * @param slotCount the number of slots
 * @param uuid the pool's identity
 * @param extentTableOffset the offset of the extent table
 * @param dataOffset the offset of the data area
 * @param poolSizeBytes the pool size
 */
record Superblock(
    long extentSizeBytes,
    long extentCount,
    long slotCount,
    UUID uuid,
    long extentTableOffset,
    long dataOffset,
    long poolSizeBytes) {

  /** The geometry of a new pool of the given size, or null when no extent fits. */
  static Superblock forNewPool(long poolSizeBytes, long extentSizeBytes) {
    long extents = extentCountFor(poolSizeBytes, extentSizeBytes);
    if (extents == 0) {
      return null;
    }
    long slots = slotCountFor(extents);
    return new Superblock(
        extentSizeBytes,
        extents,
        slots,
        UUID.randomUUID(),
        PoolLayout.extentTableOffset(slots),
        PoolLayout.dataOffset(slots, extents, extentSizeBytes),
        poolSizeBytes);
  }

  /** The superblock bytes with the given magic, little-endian, {@link #SUPERBLOCK_BYTES} long. */
  ByteBuffer encode(long magic) {
    ByteBuffer b = ByteBuffer.allocate(SUPERBLOCK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(SB_MAGIC, magic);
    b.putInt(SB_VERSION, LAYOUT_VERSION);
    b.putInt(SB_SLOT_BYTES, SLOT_BYTES);
    b.putLong(SB_EXTENT_SIZE, extentSizeBytes);
    b.putLong(SB_EXTENT_COUNT, extentCount);
    b.putLong(SB_SLOT_COUNT, slotCount);
    b.putLong(SB_UUID_HIGH, uuid.getMostSignificantBits());
    b.putLong(SB_UUID_LOW, uuid.getLeastSignificantBits());
    b.putLong(SB_SLOT_TABLE_OFFSET, SLOT_TABLE_OFFSET);
    b.putLong(SB_EXTENT_TABLE_OFFSET, extentTableOffset);
    b.putLong(SB_DATA_OFFSET, dataOffset);
    b.putLong(SB_POOL_SIZE, poolSizeBytes);
    b.putInt(SB_CRC, crc(b));
    return b;
  }

  private static int crc(ByteBuffer b) {
    CRC32C crc = new CRC32C();
    crc.update(b.duplicate().position(0).limit(SB_CRC));
    return (int) crc.getValue();
  }

  /**
   * Validates every field, then the CRC, and decodes the superblock.
   *
   * @param raw at least {@link #SUPERBLOCK_BYTES} bytes read from offset 0, any order
   * @param fileSizeBytes the pool file's size
   * @param pool the pool file, for messages
   * @return the superblock
   * @throws CorruptPoolException naming the first bad field
   */
  static Superblock decode(ByteBuffer raw, long fileSizeBytes, Path pool)
      throws CorruptPoolException {
    ByteBuffer b = raw.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    long magic = b.getLong(SB_MAGIC);
    if (magic != MAGIC) {
      throw bad(
          pool, "magic", "stored=0x" + Long.toHexString(magic) + ", expected=0x" + hex(MAGIC));
    }
    int version = b.getInt(SB_VERSION);
    if (version != LAYOUT_VERSION) {
      throw bad(pool, "version", "stored=" + version + ", expected=" + LAYOUT_VERSION);
    }
    int slotBytes = b.getInt(SB_SLOT_BYTES);
    if (slotBytes != SLOT_BYTES) {
      throw bad(pool, "slotBytes", "stored=" + slotBytes + ", expected=" + SLOT_BYTES);
    }
    long extentSize = b.getLong(SB_EXTENT_SIZE);
    if (!isValidExtentSize(extentSize)) {
      throw bad(pool, "extentSize", "stored=" + extentSize + ", expected a power of two 1m-256m");
    }
    long slots = b.getLong(SB_SLOT_COUNT);
    if (slots < MIN_SLOTS || slots > MAX_SLOTS) {
      throw bad(pool, "slotCount", "stored=" + slots + ", expected " + MIN_SLOTS + "-" + MAX_SLOTS);
    }
    long slotTable = b.getLong(SB_SLOT_TABLE_OFFSET);
    if (slotTable != SLOT_TABLE_OFFSET) {
      throw bad(pool, "slotTableOffset", "stored=" + slotTable + ", expected=" + SLOT_TABLE_OFFSET);
    }
    long extentTable = b.getLong(SB_EXTENT_TABLE_OFFSET);
    if (extentTable != PoolLayout.extentTableOffset(slots)) {
      throw bad(
          pool,
          "extentTableOffset",
          "stored=" + extentTable + ", expected=" + PoolLayout.extentTableOffset(slots));
    }
    long poolSize = b.getLong(SB_POOL_SIZE);
    if (poolSize <= 0 || poolSize > fileSizeBytes) {
      throw bad(pool, "poolSize", "stored=" + poolSize + ", fileSize=" + fileSizeBytes);
    }
    long extents = b.getLong(SB_EXTENT_COUNT);
    if (extents < 1 || extents > poolSize / extentSize) {
      throw bad(pool, "extentCount", "stored=" + extents + ", poolSize=" + poolSize);
    }
    long data = b.getLong(SB_DATA_OFFSET);
    long expectedData = PoolLayout.dataOffset(slots, extents, extentSize);
    if (data != expectedData
        || data > MAX_METADATA_BYTES
        || data + extents * extentSize > poolSize) {
      throw bad(pool, "dataOffset", "stored=" + data + ", expected=" + expectedData);
    }
    int storedCrc = b.getInt(SB_CRC);
    int computed = crc(b);
    if (storedCrc != computed) {
      throw bad(
          pool,
          "crc",
          "stored=0x" + Integer.toHexString(storedCrc) + ", computed=0x" + hex(computed));
    }
    UUID uuid = new UUID(b.getLong(SB_UUID_HIGH), b.getLong(SB_UUID_LOW));
    return new Superblock(extentSize, extents, slots, uuid, extentTable, data, poolSize);
  }

  private static String hex(long v) {
    return Long.toHexString(v);
  }

  private static String hex(int v) {
    return Integer.toHexString(v);
  }

  private static CorruptPoolException bad(Path pool, String field, String detail) {
    return new CorruptPoolException(
        pool,
        "superblock." + field,
        "superblock field invalid: field=superblock."
            + field
            + ", "
            + detail
            + " (pool "
            + pool
            + ")");
  }
}
