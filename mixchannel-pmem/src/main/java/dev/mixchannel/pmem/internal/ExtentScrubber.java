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

import dev.mixchannel.common.DaemonThreads;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Zeroes the dirty free extents of a pool durably (non-temporal stores on LLPL, then a flush), so
 * that no key can ever show a former owner's bytes after a power loss, marks each clean in the
 * extent table (so a reopened pool does not zero it again), and touches the clean never-touched
 * extents below the pre-touch limit, so steady-state writes never page-fault. It works on one
 * extent at a time, borrowed from the {@link ExtentAllocator} through its {@link ScrubHandoff}, in
 * chunks of {@link PoolMemory#CHUNK_BYTES}: the dirty extents first (those keys free, and those a
 * crash left unmarked), then the untouched ones. Nobody waits for it: an allocation that needs the
 * extent it works on takes it, and the scrubber moves on.
 *
 * <p>{@link #doWork()} is one step (tests call it directly); {@link #start} runs the steps on a
 * thread {@code mixchannel-scrub-<n>} that waits for work while there is none and stops on {@link
 * #close()}. Progress of the initial pass is logged every 10%.
 */
final class ExtentScrubber implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ExtentScrubber.class);
  private static final long JOIN_MILLIS = TimeUnit.SECONDS.toMillis(30);

  private final ScrubHandoff handoff;
  private final PoolMemory memory;
  private final Superblock layout;
  private final Path pool;
  private final long initialWork;
  private final boolean readTouchClean;
  private volatile boolean stopped;
  private long done;
  private int lastDecile;
  private Thread thread;

  /**
   * The scrubber of a pool; its initial work (logged as progress) is what the pool's free extents
   * ask for now: the dirty ones, and the clean ones below the pre-touch limit.
   *
   * @param media the pool's storage
   */
  ExtentScrubber(PoolMedia media) {
    this.handoff = media.allocator().scrubHandoff();
    this.memory = media.memory();
    this.layout = media.superblock();
    this.pool = media.file();
    this.readTouchClean = !media.created();
    this.initialWork = handoff.scrubWork();
  }

  /**
   * Scrubs one extent, if there is one to scrub.
   *
   * @return whether an extent was scrubbed (there may be more)
   */
  boolean doWork() {
    try {
      return step(false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private boolean step(boolean wait) throws InterruptedException {
    if (stopped) {
      return false;
    }
    int e = handoff.borrowForScrub(wait);
    if (e < 0) {
      return false;
    }
    boolean zeroed = false;
    try {
      // A reopened pool's clean extents are durably zero already (their mark says so), and were
      // written when they were zeroed: reading one byte per page maps them for the writer (the
      // kernel maps the neighbouring pages of a read fault too) with no store, no flush, no mark.
      // A new pool's may be sparse, so they are written, as dirty ones are.
      boolean touchOnly = readTouchClean && !handoff.borrowedDirty(e);
      long extentSizeBytes = layout.extentSizeBytes();
      long base = layout.dataOffset() + (long) e * extentSizeBytes;
      for (long at = 0; at < extentSizeBytes; at += PoolMemory.CHUNK_BYTES) {
        long from = base + at;
        long n = Math.min(PoolMemory.CHUNK_BYTES, extentSizeBytes - at);
        Runnable chunk = touchOnly ? () -> memory.touch(from, n) : () -> zeroDurably(from, n);
        // Chunk by chunk, so that an allocation that takes this extent waits for one chunk only.
        if (!handoff.scrubChunk(e, chunk)) {
          return true;
        }
      }
      if (!touchOnly && !handoff.scrubChunk(e, () -> markClean(e))) {
        return true;
      }
      zeroed = true;
    } finally {
      if (zeroed) {
        handoff.scrubbed(e);
      } else {
        handoff.unscrubbed(e);
      }
    }
    progress();
    return true;
  }

  private void zeroDurably(long offset, long length) {
    memory.pretouch(offset, length);
    memory.flush(offset, length);
  }

  /**
   * Records on the media that a free extent is durably zero, after its zeros are durable: a
   * reopened pool then trusts it and does not zero it again. Its owner word is cleared too (a
   * deleted key's extents still name their old owner, which reads as free but not as clean). Any
   * later allocation overwrites the mark before a byte of data lands in the extent.
   */
  private void markClean(int extent) {
    long entry = PoolLayout.entryOffset(layout.extentTableOffset(), extent);
    memory.putLong(entry + PoolLayout.ENTRY_OWNER, 0);
    memory.putLong(entry + PoolLayout.ENTRY_CHECK, PoolLayout.cleanEntryCheck(extent));
    memory.flush(entry, PoolLayout.EXTENT_ENTRY_BYTES);
  }

  private void progress() {
    done++;
    if (done > initialWork || initialWork == 0) {
      return;
    }
    int decile = (int) (done * 10 / initialWork);
    if (decile > lastDecile) {
      lastDecile = decile;
      LOG.info("scrub {}%: extents={}/{} (pool {})", decile * 10, done, initialWork, pool);
    }
  }

  /**
   * The pool is closing cleanly: zeroes (on the scrubber's thread) and marks clean the dirty free
   * extents left, no pre-touch, for at most {@code timeoutNanos}; what is left stays dirty and the
   * next open zeroes it.
   *
   * @param timeoutNanos the longest wait
   * @return whether no dirty free extent is left
   */
  boolean drain(long timeoutNanos) {
    Thread t = thread;
    if (stopped || t == null || !t.isAlive()) {
      return handoff.dirtyCount() == 0;
    }
    return handoff.drainDirty(timeoutNanos);
  }

  /** Runs the steps on a daemon thread {@code mixchannel-scrub-<number>} until {@link #close()}. */
  void start(int number) {
    thread =
        DaemonThreads.start(
            "scrub",
            number,
            () -> {
              try {
                while (step(true)) {
                  // one extent per step; close() stops between steps
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } catch (RuntimeException e) {
                LOG.warn("scrub stopped: {} (pool {})", e.toString(), pool);
              }
            });
  }

  /**
   * Stops the thread between two steps and waits (bounded) for it, also on an interrupted thread (a
   * bookie's journal thread closes its last journal, and so the pool, after its interrupt): an
   * interrupt must not cut the wait short and leave the pool mapped. The interrupt is kept.
   *
   * @return whether the thread stopped, so that the pool's memory may be released
   */
  boolean stop() {
    stopped = true;
    handoff.close();
    Thread t = thread;
    if (t == null) {
      return true;
    }
    boolean interrupted = false;
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(JOIN_MILLIS);
    long leftMillis = JOIN_MILLIS;
    while (t.isAlive() && leftMillis > 0) {
      try {
        t.join(leftMillis);
      } catch (InterruptedException e) {
        interrupted = true;
      }
      leftMillis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return !t.isAlive();
  }

  @Override
  public void close() {
    stop();
  }
}
