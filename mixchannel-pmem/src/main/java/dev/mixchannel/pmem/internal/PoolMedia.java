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

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage of one open pool: its mapped memory, its geometry, the free extents ({@link
 * ExtentAllocator}, with the ones keys keep by index, {@link RetainedExtents}), its slot table
 * ({@link SlotTable}) and the scrubber. What {@link PmemKey} and recovery work on; {@link PmemPool}
 * adds the namespace on top. Thread-safe (each part guards itself; the slot table is used under the
 * pool's monitor).
 */
public final class PoolMedia {

  private static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

  /** The longest a clean close zeroes the dirty free extents before it leaves them dirty. */
  private static final long CLOSE_SCRUB_NANOS = TimeUnit.SECONDS.toNanos(5);

  /**
   * How many touched clean extents the scrubber of a reopened pool keeps ready, ahead of the
   * writers: 256 MiB worth (at least one). Touching one (reads, ~1 ms per 4 MiB here) is faster
   * than a writer fills one, so a writer rarely meets an unmapped page.
   */
  private static final long TOUCH_LEAD_BYTES = 256L << 20;

  /** The pool's logger, the name operators and log configurations know its WARNs by. */
  private static final Logger LOG = LoggerFactory.getLogger(PmemPool.class);

  private final PoolOptions options;
  private final Superblock sb;
  private final PoolMemory memory;
  private final ExtentAllocator allocator;
  private final RetainedExtents.Registry retained = new RetainedExtents.Registry();
  private final SlotTable slots;
  private final AtomicInteger lockThreads = new AtomicInteger();
  private final boolean created;
  private ExtentScrubber scrubber;

  PoolMedia(PoolOptions options, PoolMemory memory, Superblock sb, boolean created) {
    this.options = options;
    this.created = created;
    this.sb = sb;
    this.memory = memory;
    this.slots = new SlotTable(memory, sb.slotCount(), options.tierName(), options.file());
    // Pre-touched on every open, not only on creation: a process that reopens a pool has none of
    // its pages mapped, and would fault on the first write to each (only free extents are touched).
    int limit =
        options.pretouch() ? (int) Math.ceil(sb.extentCount() * options.pretouchFraction()) : 0;
    int lead = (int) Math.max(1, TOUCH_LEAD_BYTES / sb.extentSizeBytes());
    // A reopened pool touches a lead of clean extents ahead of the writers, not all of them.
    this.allocator =
        new ExtentAllocator((int) sb.extentCount(), limit, limit > 0 && !created ? lead : 0);
  }

  /** Whether this open created the pool (its clean extents may be sparse, never written). */
  boolean created() {
    return created;
  }

  PoolMemory memory() {
    return memory;
  }

  ExtentAllocator allocator() {
    return allocator;
  }

  RetainedExtents.Registry retained() {
    return retained;
  }

  SlotTable slots() {
    return slots;
  }

  Superblock superblock() {
    return sb;
  }

  Path file() {
    return options.file();
  }

  String tierName() {
    return options.tierName();
  }

  int nextLockThread() {
    return lockThreads.incrementAndGet();
  }

  /**
   * The extent size.
   *
   * @return bytes
   */
  public long extentSizeBytes() {
    return sb.extentSizeBytes();
  }

  /**
   * The number of extents.
   *
   * @return the count
   */
  public long extentCount() {
    return sb.extentCount();
  }

  /**
   * The free extents now, those keys keep for their next growth included (taken back under
   * pressure).
   *
   * @return the count
   */
  public long freeExtents() {
    return allocator.freeCount() + retained.total();
  }

  /**
   * Free extents the scrubber has still to zero (the scrub backlog).
   *
   * @return the count
   */
  public long scrubBacklogExtents() {
    return allocator.scrubHandoff().dirtyCount();
  }

  /**
   * Sends the time every later write waits for fresh extents to {@code nanos}.
   *
   * @param nanos the receiver, fast and thread-safe
   */
  public void reportAllocationWaits(LongConsumer nanos) {
    allocator.reportWaits(nanos);
  }

  /**
   * Extents held by channels, quarantined ones included.
   *
   * @return the count
   */
  public long usedExtents() {
    return sb.extentCount() - freeExtents();
  }

  /**
   * The memory backend's name.
   *
   * @return such as {@code jdk} or {@code llpl}
   */
  public String backendName() {
    return memory.name();
  }

  /**
   * Waits (up to 60 s) until the scrubber has zeroed every dirty free extent and pre-touched the
   * clean ones (tests and benchmarks).
   */
  public void awaitPretouch() {
    allocator.scrubHandoff().awaitScrubbed(TimeUnit.SECONDS.toNanos(60));
  }

  /**
   * Starts the scrubber: it zeroes the dirty free extents (those not marked clean on the media) and
   * pre-touches the clean ones below the pre-touch limit, then keeps zeroing what keys free. A
   * reopened process has none of the pool's pages mapped either, so this runs on every open.
   */
  void startScrubber() {
    scrubber = new ExtentScrubber(this);
    scrubber.start(options.index());
  }

  /**
   * A clean close: lets the scrubber zero and mark clean the dirty free extents (bounded, see
   * {@link ExtentScrubber#drain}), so that the next open has no zeroing backlog. Called after every
   * key shut down, before {@link #stopScrubber}.
   */
  void drainScrubber() {
    if (scrubber != null && !scrubber.drain(CLOSE_SCRUB_NANOS)) {
      LOG.info(
          "PMem pool closed with dirty free extents, the next open zeroes them: extents={} (pool {})",
          allocator.scrubHandoff().dirtyCount(),
          options.file());
    }
  }

  /** Stops the scrubber; returns whether it stopped (see {@link ExtentScrubber#stop}). */
  boolean stopScrubber() {
    return scrubber == null || scrubber.stop();
  }

  /**
   * Unmaps the memory once every transfer view let go of its extent (bounded wait), or leaves it
   * mapped (until the collector or the process exit releases it) rather than unmap it under a
   * reader or the scrubber. Called once, after every key shut down.
   *
   * @param scrubberStopped what {@link #stopScrubber} returned
   */
  void unmap(boolean scrubberStopped) {
    boolean unpinned = allocator.awaitUnpinned(CLOSE_WAIT_NANOS);
    if (scrubberStopped && unpinned) {
      memory.close();
    } else {
      LOG.warn(
          "PMem pool left mapped at close, a transfer view or the scrubber was still in use:"
              + " scrubberStopped={}, viewsReleased={} (pool {})",
          scrubberStopped,
          unpinned,
          options.file());
    }
  }
}
