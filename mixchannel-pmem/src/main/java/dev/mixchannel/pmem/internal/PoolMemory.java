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

import java.io.Closeable;
import java.nio.ByteBuffer;

/**
 * The memory of one open pool: the one interface both backends (JDK mapping, LLPL) implement and
 * tests decorate. Offsets are pool offsets ({@code 0} = file offset 0). Metadata lies below the
 * data offset; a data access never crosses an extent. Buffers are accessed with absolute methods
 * only: no call changes the position or limit of a caller's buffer.
 *
 * <p>Thread-safety: every method may be called concurrently; callers keep concurrent writers out of
 * the same bytes. The pool closes its memory after every channel is closed.
 */
public interface PoolMemory extends Closeable {

  /**
   * The most bytes one native zero or flush call of a backend covers (1 MiB): longer ranges are
   * split, so the calling thread reaches a safepoint between two calls and no call holds the JVM
   * for long (an extent is up to 256 MiB).
   */
  long CHUNK_BYTES = 1L << 20;

  /**
   * The backend's name for logs and {@code PmemTier.backendName()}.
   *
   * @return such as {@code jdk} or {@code llpl}
   */
  String name();

  /**
   * Reads one aligned little-endian word.
   *
   * @param offset an 8-aligned metadata offset
   * @return the word
   */
  long getLong(long offset);

  /**
   * Stores one aligned little-endian word as a single 8-byte store (never torn).
   *
   * @param offset an 8-aligned metadata offset
   * @param value the word
   */
  void putLong(long offset, long value);

  /**
   * Copies metadata bytes out.
   *
   * @param offset the metadata offset
   * @param dst the destination array
   * @param dstIndex the first index in it
   * @param length the byte count
   */
  void getBytes(long offset, byte[] dst, int dstIndex, int length);

  /**
   * Copies metadata bytes in.
   *
   * @param offset the metadata offset
   * @param src the source array
   * @param srcIndex the first index in it
   * @param length the byte count
   */
  void putBytes(long offset, byte[] src, int srcIndex, int length);

  /**
   * Copies data out into a caller's buffer at an absolute index.
   *
   * @param offset the data offset
   * @param dst the destination buffer (heap or direct, writable)
   * @param dstIndex the absolute index in it
   * @param length the byte count, within one extent
   */
  void read(long offset, ByteBuffer dst, int dstIndex, int length);

  /**
   * Copies data in from a caller's buffer at an absolute index (one memcpy).
   *
   * @param offset the data offset
   * @param src the source buffer (heap, direct or read-only)
   * @param srcIndex the absolute index in it
   * @param length the byte count, within one extent
   */
  void write(long offset, ByteBuffer src, int srcIndex, int length);

  /**
   * Zeroes a range.
   *
   * @param offset the offset
   * @param length the byte count, within one extent for data
   */
  void zero(long offset, long length);

  /**
   * Zeroes a free extent and maps it into the data path so later writes never page-fault.
   *
   * @param offset the extent's offset
   * @param length the extent size
   */
  void pretouch(long offset, long length);

  /**
   * Maps a data range's pages into the data path by reading one byte of each page: writes nothing,
   * so it may run on bytes a key owns (a reopened pool's clean extents are touched this way).
   *
   * @param offset the data offset
   * @param length the byte count, within one extent
   */
  void touch(long offset, long length);

  /**
   * A direct view of data memory, valid while the extent stays allocated to the caller.
   *
   * @param offset the data offset
   * @param length the byte count, within one extent
   * @return a writable direct buffer with position 0 and limit {@code length}
   */
  ByteBuffer slice(long offset, int length);

  /**
   * Makes a range durable: cache-line flushes on real PMem, msync otherwise.
   *
   * @param offset the offset
   * @param length the byte count
   */
  void flush(long offset, long length);

  /** Releases the mappings this backend can release; no method may be called afterwards. */
  @Override
  void close();
}
