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
import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.common.OwnershipLock;
import dev.mixchannel.pmem.PoolReport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Read-only inspection of a pool file, the engine of {@code PoolInspector}. */
public final class PoolInspection {

  private PoolInspection() {}

  /**
   * Inspects a pool file.
   *
   * @param file the pool file
   * @return the report
   * @throws StorageInUseException when this JVM holds the pool open
   * @throws IOException when the file cannot be read
   */
  public static PoolReport inspect(Path file) throws IOException {
    if (OwnershipLock.heldByThisProcess(file)) {
      throw new StorageInUseException(
          file,
          "PMem pool is open in this JVM, inspect it from another process (pool " + file + ")");
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      List<String> problems = new ArrayList<>();
      if (ch.size() < SUPERBLOCK_BYTES) {
        problems.add("pool file shorter than its superblock: size=" + ch.size());
        return new PoolReport(file, null, List.of(), 0, 0, 0, 0, problems);
      }
      ByteBuffer raw = ByteBuffer.allocate(SUPERBLOCK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
      PoolFiles.readFully(ch, raw, 0);
      PoolReport.Superblock fields = fields(raw);
      Superblock sb;
      try {
        sb = Superblock.decode(raw, ch.size(), file);
      } catch (CorruptPoolException e) {
        problems.add(e.getMessage());
        return new PoolReport(file, fields, List.of(), 0, 0, 0, 0, problems);
      }
      ByteBuffer meta = ByteBuffer.allocate((int) sb.dataOffset()).order(ByteOrder.LITTLE_ENDIAN);
      PoolFiles.readFully(ch, meta, 0);
      ScanResult scan = PoolScanner.scan(reader(meta), sb);
      List<PoolReport.Slot> slots = new ArrayList<>();
      long used = 0;
      for (SlotScan s : scan.slots()) {
        List<Long> extents = new ArrayList<>();
        for (int e : s.extents()) {
          extents.add((long) e);
        }
        if (s.healthy()) {
          used += s.extents().length;
        }
        String state =
            switch (s.state()) {
              case STATE_LIVE -> "LIVE";
              case STATE_PROMOTING -> "PROMOTING";
              default -> "INVALID";
            };
        String key = s.key() == null ? null : s.key().key();
        slots.add(
            new PoolReport.Slot(
                s.slot(), state, s.generation(), key, s.sizeBytes(), extents, s.problems()));
        for (String p : s.problems()) {
          problems.add("slot[" + s.slot() + "] key=" + key + ": " + p);
        }
      }
      problems.addAll(scan.problems());
      long reserved = scan.reservedExtents().cardinality();
      long free = scan.freeExtents().cardinality();
      return new PoolReport(file, fields, slots, sb.extentCount(), used, reserved, free, problems);
    }
  }

  private static PoolReport.Superblock fields(ByteBuffer b) {
    return new PoolReport.Superblock(
        b.getLong(SB_MAGIC),
        b.getInt(SB_VERSION),
        b.getLong(SB_EXTENT_SIZE),
        b.getLong(SB_EXTENT_COUNT),
        b.getLong(SB_SLOT_COUNT),
        new UUID(b.getLong(SB_UUID_HIGH), b.getLong(SB_UUID_LOW)),
        b.getLong(SB_SLOT_TABLE_OFFSET),
        b.getLong(SB_EXTENT_TABLE_OFFSET),
        b.getLong(SB_DATA_OFFSET),
        b.getLong(SB_POOL_SIZE));
  }

  private static MetadataReader reader(ByteBuffer meta) {
    return new MetadataReader() {
      @Override
      public long getLong(long offset) {
        return meta.getLong((int) offset);
      }

      @Override
      public void getBytes(long offset, byte[] dst, int dstIndex, int length) {
        meta.get((int) offset, dst, dstIndex, length);
      }
    };
  }
}
