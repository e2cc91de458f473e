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

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Creation and reading of pool files. A new pool is written through its file channel in crash-safe
 * order: the superblock with {@link PoolLayout#MAGIC_CREATING} first, then the slot table (every
 * slot FREE, generation 0) and a zeroed extent table, a flush, and the real superblock last with
 * another flush. A file left empty or with the creating magic by a crash is created again.
 */
final class PoolFiles {

  private static final int CHUNK_BYTES = 1 << 20;

  private PoolFiles() {}

  /** Creates the directory and missing parents with owner-only permissions. */
  static void ensureDirectory(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      Files.createDirectories(
          dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }
  }

  /** Creates an empty pool file with owner-only permissions; false when it exists. */
  static boolean createIfMissing(Path file) throws IOException {
    try {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  /** Whether the file holds no complete pool yet (new, or a creation a crash interrupted). */
  static boolean needsInitialization(FileChannel channel) throws IOException {
    if (channel.size() < SUPERBLOCK_BYTES) {
      return channel.size() == 0;
    }
    ByteBuffer magic = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    readFully(channel, magic, SB_MAGIC);
    return magic.getLong(0) == MAGIC_CREATING;
  }

  static void initialize(FileChannel channel, Superblock sb) throws IOException {
    writeFully(channel, sb.encode(MAGIC_CREATING), 0);
    if (channel.size() < sb.poolSizeBytes()) {
      writeFully(channel, ByteBuffer.allocate(1), sb.poolSizeBytes() - 1);
    }
    ByteBuffer chunk = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long slotsPerChunk = CHUNK_BYTES / SLOT_BYTES;
    for (long first = 0; first < sb.slotCount(); first += slotsPerChunk) {
      long count = Math.min(slotsPerChunk, sb.slotCount() - first);
      chunk.clear();
      for (int i = 0; i < CHUNK_BYTES; i += Long.BYTES) {
        chunk.putLong(i, 0);
      }
      for (long i = 0; i < count; i++) {
        chunk.putLong((int) (i * SLOT_BYTES) + SLOT_STATE, encodeState(first + i, STATE_FREE, 0));
      }
      chunk.limit((int) (count * SLOT_BYTES));
      writeFully(channel, chunk, slotOffset(first));
    }
    // Every extent of a new pool is zero (the file is new, or a creation that never held a key):
    // each entry carries the clean mark, so a reopen before the scrubber reached them trusts them.
    long tableBytes = sb.dataOffset() - sb.extentTableOffset();
    ByteBuffer table = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (long done = 0; done < tableBytes; done += CHUNK_BYTES) {
      int n = (int) Math.min(CHUNK_BYTES, tableBytes - done);
      table.clear();
      for (int i = 0; i < n; i += Long.BYTES) {
        table.putLong(i, 0);
      }
      long first = done / EXTENT_ENTRY_BYTES;
      for (long e = first; e < sb.extentCount() && e < first + n / EXTENT_ENTRY_BYTES; e++) {
        table.putLong((int) ((e - first) * EXTENT_ENTRY_BYTES) + ENTRY_CHECK, cleanEntryCheck(e));
      }
      table.limit(n);
      writeFully(channel, table, sb.extentTableOffset() + done);
    }
    channel.force(true);
    writeFully(channel, sb.encode(MAGIC), 0);
    channel.force(true);
  }

  static Superblock readSuperblock(FileChannel channel, Path file) throws IOException {
    ByteBuffer raw = ByteBuffer.allocate(SUPERBLOCK_BYTES);
    if (channel.size() < SUPERBLOCK_BYTES) {
      throw new dev.mixchannel.api.CorruptPoolException(
          file,
          "superblock",
          "pool file shorter than its superblock: size=" + channel.size() + " (pool " + file + ")");
    }
    readFully(channel, raw, 0);
    return Superblock.decode(raw, channel.size(), file);
  }

  static void readFully(FileChannel channel, ByteBuffer dst, long position) throws IOException {
    long p = position;
    while (dst.hasRemaining()) {
      int n = channel.read(dst, p);
      if (n < 0) {
        throw new EOFException("pool file ends early: position=" + p);
      }
      p += n;
    }
  }

  private static void writeFully(FileChannel channel, ByteBuffer src, long position)
      throws IOException {
    long p = position;
    while (src.hasRemaining()) {
      p += channel.write(src, p);
    }
  }

  /**
   * Deletes a directory of the pool's own files (the lock files of a process that died) and what it
   * holds. A missing directory is fine.
   *
   * @param dir the directory
   * @throws IOException when a file cannot be deleted
   */
  static void deleteTree(Path dir) throws IOException {
    if (!java.nio.file.Files.isDirectory(dir)) {
      return;
    }
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        java.nio.file.Files.deleteIfExists(f);
      }
    }
    java.nio.file.Files.deleteIfExists(dir);
  }
}
