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

import com.intel.pmem.llpl.MemoryPool;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LLPL backend: an LLPL {@link MemoryPool} (libpmem) over the pool file for metadata words,
 * non-temporal zeroing (gap fill, preallocation, pre-touch) and cache-line flushes, plus a JDK
 * mapping of the same file for user data. Both are shared mappings of one file, so each sees the
 * other's stores.
 *
 * <p><b>Copies.</b> LLPL copies only from {@code byte[]}, and a caller's heap buffer may not be
 * unwrapped with {@code array()}, so user data is copied with one memcpy through the JDK mapping,
 * for heap and direct buffers alike. That copy uses cached stores, and the data is flushed at
 * {@code force()}. Measured on this machine kind (emulated PMem on tmpfs): issue 3's quiet-machine
 * probe gave ~18 GB/s for cached copy plus a flush every 64 KiB against ~5 GB/s for {@code
 * copyFromByteArrayNT}; {@code LlplCopyBenchmark} on a loaded machine gave the same order (1 KiB:
 * cached 5.6, non-temporal 1.5 GB/s; 1 MiB: 5.0 against 4.2 GB/s). So cached stores are the fast
 * path here. On real PMem, non-temporal stores avoid cache pollution for large writes, which is why
 * zeroing whole ranges (gap fill, preallocation, pre-touch) uses {@code setMemoryNT}.
 *
 * <p><b>Flushes.</b> {@code MemoryPool.flush} ({@code pmem_persist}: cache-line flushes) only when
 * they make stores durable: on a DAX mount, or with {@code PMEM_IS_PMEM_FORCE=1} on tmpfs (see
 * {@link Medium}). Otherwise msync through the JDK mapping, so {@code force()} always means
 * durable.
 */
final class LlplPoolMemory extends MappedPoolMemory {

  static final String NAME = "llpl";
  private static final Logger LOG = LoggerFactory.getLogger(LlplPoolMemory.class);

  private final MemoryPool pool;
  private final boolean cacheFlush;
  private final Path file;

  private LlplPoolMemory(
      MemoryPool pool, FileChannel channel, PoolGeometry geometry, Medium medium, Path file)
      throws IOException {
    super(NAME, channel, geometry, medium);
    this.pool = pool;
    this.cacheFlush = medium.cacheFlushDurable();
    this.file = file;
  }

  /** The provider of this backend; callers check {@link Backends#isLlplSupported()} first. */
  static PoolMemoryProvider provider() {
    return provider(NAME, LlplPoolMemory::open);
  }

  /** Opens LLPL's pool first (it opens and closes descriptors of the file), then the mappings. */
  private static PoolMemory open(
      Path file, FileChannel channel, PoolGeometry geometry, Medium medium) throws IOException {
    MemoryPool pool;
    try {
      pool = MemoryPool.openPool(file.toString());
    } catch (RuntimeException e) {
      throw new IOException(
          "LLPL cannot map the pool: " + e.getMessage() + " (pool " + file + ")", e);
    }
    try {
      LlplPoolMemory memory = new LlplPoolMemory(pool, channel, geometry, medium, file);
      if (medium.pmemForceIgnored()) {
        LOG.warn(
            "PMEM_IS_PMEM_FORCE=1 ignored: the pool is on a file system that is neither DAX nor"
                + " tmpfs, where cache-line flushes do not make stores durable; force() uses"
                + " msync (pool {})",
            file);
      }
      LOG.info(
          "LLPL pool flushes with {}: dax={}, PMEM_IS_PMEM_FORCE={} (pool {})",
          memory.cacheFlush ? "pmem_persist (cache-line flushes)" : "msync",
          medium.dax(),
          medium.pmemForced(),
          file);
      return memory;
    } catch (IOException | RuntimeException e) {
      unmap(pool, file);
      throw e;
    }
  }

  @Override
  public long getLong(long offset) {
    return pool.getLong(offset);
  }

  @Override
  public void putLong(long offset, long value) {
    pool.setLong(offset, value);
  }

  @Override
  public void getBytes(long offset, byte[] dst, int dstIndex, int length) {
    pool.copyToByteArray(offset, dst, dstIndex, length);
  }

  @Override
  public void putBytes(long offset, byte[] src, int srcIndex, int length) {
    pool.copyFromByteArray(src, srcIndex, offset, length);
  }

  @Override
  public void zero(long offset, long length) {
    for (long done = 0; done < length; done += CHUNK_BYTES) {
      pool.setMemoryNT((byte) 0, offset + done, Math.min(CHUNK_BYTES, length - done));
    }
  }

  @Override
  public void pretouch(long offset, long length) {
    for (long done = 0; done < length; done += CHUNK_BYTES) {
      long n = Math.min(CHUNK_BYTES, length - done);
      pool.setMemoryNT((byte) 0, offset + done, n);
      touchPages(offset + done, n);
    }
  }

  @Override
  public void flush(long offset, long length) {
    for (long done = 0; done < length; done += CHUNK_BYTES) {
      long n = Math.min(CHUNK_BYTES, length - done);
      if (cacheFlush) {
        pool.flush(offset + done, n);
      } else {
        force(offset + done, n);
      }
    }
  }

  @Override
  public void close() {
    unmap(pool, file);
  }

  /**
   * Unmaps through LLPL's package-private {@code close()} (it has no public one); when that fails
   * the mapping stays until the process exits.
   */
  private static void unmap(MemoryPool pool, Path file) {
    try {
      Method close = pool.getClass().getDeclaredMethod("close");
      close.setAccessible(true);
      close.invoke(pool);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.debug("LLPL pool not unmapped, it stays mapped until exit: {} (pool {})", e, file);
    }
  }
}
