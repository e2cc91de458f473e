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

import static dev.mixchannel.pmem.internal.PoolLayout.OWNER_LOCK_POSITION;

import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.OwnershipLock;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens a pool file in the order that keeps two owners out: take its {@link OwnershipLock}, create
 * or validate the superblock, map it, take the lock again (LLPL's own descriptor close dropped it),
 * recover, then start the pre-touch of the free extents. A failure half-way releases what was
 * taken.
 */
final class PoolOpener {

  private static final Logger LOG = LoggerFactory.getLogger(PoolOpener.class);

  /** The least free space a pool sized from free space leaves to others: 64 MiB. */
  static final long FREE_SPACE_RESERVE_MIN_BYTES = 64L << 20;

  private PoolOpener() {}

  /**
   * Opens the pool file, creating it when missing, and recovers it.
   *
   * @param options how to open it
   * @return the open pool; the caller closes it
   * @throws StorageInUseException when this or another process holds it
   * @throws CorruptPoolException when the superblock is bad
   * @throws IOException on an I/O error
   */
  static PmemPool open(PoolOptions options) throws IOException {
    Path file = options.file();
    PoolFiles.ensureDirectory(file.getParent());
    // Ownership: this process first (a marker file, so a refused second opener here never closes
    // a descriptor of the pool and drops our locks), then other processes (a file lock).
    OwnershipLock owner = OwnershipLock.acquire(file, "PMem pool", OWNER_LOCK_POSITION, 1);
    FileChannel ch = owner.channel();
    PmemPool pool = null;
    try {
      boolean fresh = ch.size() == 0;
      boolean created = fresh || PoolFiles.needsInitialization(ch);
      Superblock sb;
      if (created) {
        long sizeBytes =
            options.createSizeBytes() > 0
                ? options.createSizeBytes()
                : sizeFromFreeSpace(
                    java.nio.file.Files.getFileStore(file.getParent()).getUsableSpace());
        sb = Superblock.forNewPool(sizeBytes, options.extentSizeBytes());
        if (sb == null) {
          throw new IllegalArgumentException(
              "PMem pool too small for one extent: sizeBytes="
                  + sizeBytes
                  + ", extentSizeBytes="
                  + options.extentSizeBytes()
                  + " (pool "
                  + file
                  + ")");
        }
        PoolFiles.initialize(ch, sb);
        LOG.info(
            "created PMem pool: sizeBytes={}, extentSizeBytes={}, extents={}, slots={} (pool {})",
            sb.poolSizeBytes(),
            sb.extentSizeBytes(),
            sb.extentCount(),
            sb.slotCount(),
            file);
      } else {
        sb = PoolFiles.readSuperblock(ch, file);
        warnOnGeometry(options, sb);
      }
      pool = new PmemPool(options, owner, sb, created);
      // LLPL maps the file through a descriptor of its own and closes it, which drops this
      // process's locks on the file: take the ownership lock again.
      owner.relock();
      PoolFiles.deleteTree(file.resolveSibling(PmemPool.LOCKS_DIRECTORY));
      PoolRecovery.recover(pool);
      pool.startScrubber();
      return pool;
    } catch (IOException | RuntimeException | Error e) {
      // A pool closes its ownership lock; without one, the lock is closed alone.
      Closeables.closeQuietly(e, pool != null ? pool : owner);
      throw e;
    }
  }

  /**
   * The size of a pool whose capacity is "the free space" ({@code -1}): the usable space less a
   * reserve of 5% (at least {@value #FREE_SPACE_RESERVE_MIN_BYTES} bytes) for the file system and
   * its other users — LLPL allocates the whole file when it maps it, so taking every free byte
   * would fail.
   */
  static long sizeFromFreeSpace(long usableBytes) {
    return usableBytes - Math.max(FREE_SPACE_RESERVE_MIN_BYTES, usableBytes / 20);
  }

  private static void warnOnGeometry(PoolOptions options, Superblock sb) {
    if (sb.extentSizeBytes() != options.extentSizeBytes()
        || (options.createSizeBytes() > 0 && sb.poolSizeBytes() != options.createSizeBytes())) {
      LOG.warn(
          "PMem pool geometry differs from the configuration, the pool's own is used:"
              + " extentSizeBytes={} (configured {}), sizeBytes={} (configured {}) (pool {})",
          sb.extentSizeBytes(),
          options.extentSizeBytes(),
          sb.poolSizeBytes(),
          options.createSizeBytes(),
          options.file());
    }
  }
}
