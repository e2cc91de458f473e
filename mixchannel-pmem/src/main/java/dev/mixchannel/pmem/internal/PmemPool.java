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
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.OpenOptions;
import dev.mixchannel.common.OwnershipLock;
import dev.mixchannel.pmem.PmemChannel;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pool file: its superblock, slots, extent allocator and the in-memory files of its keys.
 * Opening recovers: every slot and extent entry is validated, damaged channels are quarantined
 * (reported, their extents kept reserved, never served), leaked extents are freed. The pool file is
 * locked (an exclusive lock on a fixed range) while open.
 *
 * <p>Namespace operations (create, open, rename, delete, publish) are synchronized on the pool;
 * reads and writes go through the files' own locks. Closing the pool closes every channel it handed
 * out. Complete and incomplete keys are separate namespaces.
 */
public final class PmemPool implements AutoCloseable {

  /** The pool file's name inside its directory. */
  public static final String FILE_NAME = "mixchannel.pool";

  /** The directory, next to the pool file, of the keys' lock files. */
  public static final String LOCKS_DIRECTORY = "mixchannel.locks";

  private static final long CLOSE_WAIT_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(10);

  private static final Logger LOG = LoggerFactory.getLogger(PmemPool.class);

  private final PoolOptions options;
  private final Path file;
  private final OwnershipLock owner;
  private final FileChannel channel;
  private final Superblock sb;
  private final PoolMemory memory;
  private final ExtentAllocator allocator;
  private final RetainedExtents.Registry retained = new RetainedExtents.Registry();
  private final Map<String, PmemKey> complete = new HashMap<>();
  private final Map<String, PmemKey> incomplete = new HashMap<>();
  private final Map<String, String> quarantinedKeys = new HashMap<>();
  private final List<String> quarantined = new ArrayList<>();
  private final ArrayDeque<Integer> freeSlots = new ArrayDeque<>();
  private final long[] generations;
  private final Set<PmemChannelImpl> handles = new HashSet<>();
  private final AtomicInteger lockThreads = new AtomicInteger();
  private final boolean created;
  private ExtentScrubber scrubber;
  private boolean closed;

  PmemPool(PoolOptions options, OwnershipLock owner, Superblock sb, boolean created)
      throws IOException {
    this.options = options;
    this.file = options.file();
    this.owner = owner;
    this.channel = owner.channel();
    this.sb = sb;
    this.created = created;
    this.generations = new long[(int) sb.slotCount()];
    PoolGeometry geometry =
        new PoolGeometry(
            sb.poolSizeBytes(), sb.dataOffset(), sb.extentSizeBytes(), sb.extentCount());
    this.memory = options.provider().open(file, channel, geometry, options.medium());
    // Pre-touched on every open, not only on creation: a process that reopens a pool has none of
    // its pages mapped, and would fault on the first write to each (only free extents are touched).
    int limit =
        options.pretouch() ? (int) Math.ceil(sb.extentCount() * options.pretouchFraction()) : 0;
    this.allocator = new ExtentAllocator((int) sb.extentCount(), limit);
  }

  /**
   * Opens the pool file, creating it when missing, and recovers it.
   *
   * @param options how to open it
   * @return the open pool; the caller closes it
   * @throws StorageInUseException when this or another process holds it
   * @throws CorruptPoolException when the superblock is bad
   * @throws IOException on an I/O error
   */
  public static PmemPool open(PoolOptions options) throws IOException {
    return PoolOpener.open(options);
  }

  /**
   * Starts the scrubber: it zeroes the dirty free extents (those not marked clean on the media) and
   * pre-touches the clean ones below the pre-touch limit, then keeps zeroing what keys free. A
   * reopened process has none of the pool's pages mapped either, so this runs on every open.
   */
  void startScrubber() {
    long initial =
        allocator.dirtyCount() + Math.min(allocator.freeCount(), allocator.pretouchLimit());
    scrubber =
        new ExtentScrubber(
            allocator,
            memory,
            sb.dataOffset(),
            sb.extentTableOffset(),
            sb.extentSizeBytes(),
            initial,
            file);
    scrubber.start(options.index());
  }

  /**
   * The lock file of a key's file locks.
   *
   * @param slot the key's slot
   * @param generation the slot's generation
   * @return its path, next to the pool file
   */
  Path lockFile(int slot, long generation) {
    return file.resolveSibling(LOCKS_DIRECTORY).resolve(slot + "-" + generation + ".lock");
  }

  void quarantine(SlotScan s) {
    String key = s.key() == null ? null : s.key().key();
    String description =
        "slot["
            + s.slot()
            + "] key="
            + (key == null ? "(unknown)" : key)
            + ": "
            + String.join("; ", s.problems())
            + " (pool "
            + file
            + ")";
    LOG.warn("PMem channel quarantined, its bytes are never served: {}", description);
    quarantined.add(description);
    if (key != null) {
      quarantinedKeys.put(key, "slot[" + s.slot() + "]");
    }
  }

  // ---- accessors for files and the tier ----

  PoolMemory memory() {
    return memory;
  }

  ExtentAllocator allocator() {
    return allocator;
  }

  RetainedExtents.Registry retained() {
    return retained;
  }

  FileChannel channel() {
    return channel;
  }

  int nextLockThread() {
    return lockThreads.incrementAndGet();
  }

  long dataOffset() {
    return sb.dataOffset();
  }

  long extentTableOffset() {
    return sb.extentTableOffset();
  }

  String tierName() {
    return options.tierName();
  }

  /**
   * The pool file.
   *
   * @return its path
   */
  public Path file() {
    return file;
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
   * The free extents now.
   *
   * @return the count
   */
  public long freeExtents() {
    return allocator.freeCount() + retained.total();
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
   * Whether this open created the pool.
   *
   * @return {@code true} for a new pool
   */
  public boolean created() {
    return created;
  }

  /**
   * Descriptions of the quarantined channels.
   *
   * @return a snapshot
   */
  public synchronized List<String> quarantined() {
    return List.copyOf(quarantined);
  }

  /**
   * Waits (up to 60 s) until the scrubber has zeroed every dirty free extent and pre-touched the
   * clean ones (tests and benchmarks).
   */
  public void awaitPretouch() {
    allocator.awaitScrubbed(java.util.concurrent.TimeUnit.SECONDS.toNanos(60));
  }

  // ---- recovery hooks ----

  Superblock superblock() {
    return sb;
  }

  AtomicLong sequence() {
    return options.sequence();
  }

  void setGeneration(int slot, long generation) {
    generations[slot] = generation;
  }

  void addFreeSlot(int slot) {
    freeSlots.add(slot);
  }

  PmemKey lookup(String key, boolean incompleteKey) {
    return (incompleteKey ? incomplete : complete).get(key);
  }

  void register(PmemKey f) {
    (f.isIncomplete() ? incomplete : complete).put(f.key(), f);
  }

  /** Frees a file's slot durably, then its extents (now or when its last handle closes). */
  void freeSlot(PmemKey f) {
    f.detach();
    long state = slotOffset(f.slot()) + SLOT_STATE;
    memory.putLong(state, encodeState(f.slot(), STATE_FREE, f.generation()));
    memory.flush(state, Long.BYTES);
    generations[f.slot()] = f.generation();
    freeSlots.push(f.slot());
    f.markDeleted();
  }

  // ---- namespace ----

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("PMem pool closed (pool " + file + ")");
    }
  }

  private void checkNotQuarantined(String key) throws CorruptPoolException {
    String slot = quarantinedKeys.get(key);
    if (slot != null) {
      throw new CorruptPoolException(
          file,
          slot,
          "PMem channel quarantined, its bytes are never served: key="
              + key
              + ", "
              + slot
              + " (pool "
              + file
              + ")");
    }
  }

  /**
   * Whether a key is here.
   *
   * @param key the key
   * @param incompleteKey the namespace: incomplete or complete keys
   * @return whether it exists (quarantined keys do not)
   */
  public synchronized boolean contains(String key, boolean incompleteKey) {
    ensureOpen();
    return lookup(key, incompleteKey) != null;
  }

  /**
   * Whether a key is quarantined here.
   *
   * @param key the key
   * @return whether a damaged slot claims it
   */
  public synchronized boolean isQuarantined(String key) {
    return quarantinedKeys.containsKey(key);
  }

  /**
   * The size of a key.
   *
   * @param key the key
   * @param incompleteKey the namespace
   * @return the size in bytes
   * @throws IOException when it does not exist or is quarantined
   */
  public synchronized long size(String key, boolean incompleteKey) throws IOException {
    return require(key, incompleteKey).size();
  }

  private PmemKey require(String key, boolean incompleteKey) throws IOException {
    ensureOpen();
    checkNotQuarantined(key);
    PmemKey f = lookup(key, incompleteKey);
    if (f == null) {
      throw new NoSuchFileException(key, null, "no such key in PMem pool " + file);
    }
    return f;
  }

  /**
   * The keys of a namespace.
   *
   * @param incompleteKeys the namespace
   * @return a snapshot
   */
  public synchronized List<String> keys(boolean incompleteKeys) {
    ensureOpen();
    return List.copyOf((incompleteKeys ? incomplete : complete).keySet());
  }

  /**
   * Opens a handle on an existing key.
   *
   * @param key the key
   * @param incompleteKey the namespace
   * @param request the open options
   * @return the channel
   * @throws IOException when it does not exist or is quarantined
   */
  public synchronized PmemChannel open(String key, boolean incompleteKey, OpenOptions request)
      throws IOException {
    PmemKey f = require(key, incompleteKey);
    PmemChannelImpl h = newHandle(f, request);
    if (request.truncate()) {
      f.truncate(0);
    }
    return h;
  }

  private PmemChannelImpl newHandle(PmemKey f, OpenOptions request) {
    PmemChannelImpl h =
        new PmemChannelImpl(this, f, request.read(), request.write(), request.append());
    f.acquire();
    handles.add(h);
    return h;
  }

  /**
   * Creates a key and opens a handle on it.
   *
   * @param key the key (valid, at most {@link PoolLayout#MAX_KEY_BYTES} UTF-8 bytes)
   * @param incompleteKey whether it is created incomplete (state PROMOTING)
   * @param request the open options (its size hint may preallocate)
   * @return the channel
   * @throws TierFullException when no slot or not enough extents are free
   * @throws IOException on an I/O error
   */
  public synchronized PmemChannel create(String key, boolean incompleteKey, OpenOptions request)
      throws IOException {
    ensureOpen();
    checkNotQuarantined(key);
    if (lookup(key, incompleteKey) != null) {
      throw new FileAlreadyExistsException(key, null, "key exists in PMem pool " + file);
    }
    byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
    Integer slot = freeSlots.poll();
    if (slot == null) {
      throw new TierFullException(
          options.tierName(),
          0,
          "PMem pool has no free slot: slots=" + sb.slotCount() + " (pool " + file + ")");
    }
    long generation = generations[slot] + 1;
    long sequence = options.sequence().getAndIncrement();
    PmemKey f = new PmemKey(this, slot, generation, key, incompleteKey, 0, new int[0], 0, sequence);
    try {
      if (request.hint().preallocated() && request.hint().bytes() > 0) {
        f.preallocate(request.hint().bytes());
      }
      long base = slotOffset(slot);
      KeyRecord.write(memory, slot, base + SLOT_KEY_A, sequence, generation, keyBytes);
      memory.putLong(base + SLOT_SIZE, encodeSize(sizeSeed(slot, generation), f.size()));
      memory.flush(base, SLOT_BYTES);
      VarHandle.releaseFence();
      int state = incompleteKey ? STATE_PROMOTING : STATE_LIVE;
      memory.putLong(base + SLOT_STATE, encodeState(slot, state, generation));
      memory.flush(base + SLOT_STATE, Long.BYTES);
    } catch (IOException | RuntimeException e) {
      f.detach();
      f.markDeleted();
      freeSlots.push(slot);
      throw e;
    }
    generations[slot] = generation;
    register(f);
    return newHandle(f, request);
  }

  /**
   * Renames a complete key within this pool, replacing {@code to} here when it exists. Durable: the
   * new key record is flushed before the replaced slot is freed.
   *
   * @param from the existing key
   * @param to the new key
   * @throws IOException when {@code from} does not exist or either is quarantined
   */
  public synchronized void rename(String from, String to) throws IOException {
    PmemKey f = require(from, false);
    checkNotQuarantined(to);
    if (from.equals(to)) {
      return;
    }
    byte[] keyBytes = to.getBytes(StandardCharsets.UTF_8);
    int inactive = 1 - f.activeRecord();
    long record = slotOffset(f.slot()) + (inactive == 0 ? SLOT_KEY_A : SLOT_KEY_B);
    long sequence = options.sequence().getAndIncrement();
    KeyRecord.write(memory, f.slot(), record, sequence, f.generation(), keyBytes);
    memory.flush(record, KEY_RECORD_BYTES);
    f.renamed(to, inactive, sequence);
    complete.remove(from);
    PmemKey replaced = complete.put(to, f);
    if (replaced != null) {
      freeSlot(replaced);
    }
  }

  /**
   * Deletes a key durably; open channels keep its bytes until they close.
   *
   * @param key the key
   * @param incompleteKey the namespace
   * @return whether it existed
   * @throws CorruptPoolException when it is quarantined
   */
  public synchronized boolean delete(String key, boolean incompleteKey) throws IOException {
    ensureOpen();
    checkNotQuarantined(key);
    PmemKey f = (incompleteKey ? incomplete : complete).remove(key);
    if (f == null) {
      return false;
    }
    freeSlot(f);
    return true;
  }

  /**
   * Publishes an incomplete key: flushes its bytes and size, then flips its slot to LIVE.
   *
   * @param key the incomplete key
   * @throws IOException when it does not exist, or a complete key of that name exists here
   */
  public synchronized void publish(String key) throws IOException {
    PmemKey f = require(key, true);
    if (complete.containsKey(key)) {
      throw new FileAlreadyExistsException(key, null, "complete key exists in PMem pool " + file);
    }
    f.force();
    long state = slotOffset(f.slot()) + SLOT_STATE;
    VarHandle.releaseFence();
    memory.putLong(state, encodeState(f.slot(), STATE_LIVE, f.generation()));
    memory.flush(state, Long.BYTES);
    incomplete.remove(key);
    f.published();
    complete.put(key, f);
  }

  /**
   * The key-record sequence of a complete key (the newer rename wins across pools).
   *
   * @param key the key
   * @return its sequence, or -1 when absent
   */
  public synchronized long sequenceOf(String key) {
    PmemKey f = complete.get(key);
    return f == null ? -1 : f.sequence();
  }

  /**
   * Extents held by channels, quarantined ones included.
   *
   * @return the count
   */
  public long usedExtents() {
    return sb.extentCount() - freeExtents();
  }

  synchronized void handleClosed(PmemChannelImpl h) {
    handles.remove(h);
  }

  /**
   * Opens another handle on the file of an open handle of this pool, even when its key was deleted
   * or renamed since.
   *
   * @param channel an open handle of this pool
   * @return a read-write handle on the same file, or {@code null} when the channel is not a handle
   *     of this pool
   * @throws java.nio.channels.ClosedChannelException when the handle is closed
   */
  public synchronized PmemChannel reopen(FileChannel channel) throws IOException {
    ensureOpen();
    if (!(channel instanceof PmemChannelImpl h) || !handles.contains(h)) {
      return null;
    }
    if (!h.isOpen() || !h.file().acquireIfAlive()) {
      throw new java.nio.channels.ClosedChannelException();
    }
    PmemChannelImpl copy = new PmemChannelImpl(this, h.file(), true, true, false);
    handles.add(copy);
    return copy;
  }

  /**
   * Closes every channel, waits (bounded) for forces and transfer views in flight, stops the
   * scrubber, unmaps and releases the pool file. When a view or the scrubber is still in use after
   * the wait, the memory stays mapped (until the collector or the process exit releases it) rather
   * than be unmapped under a reader. Idempotent.
   *
   * @throws IOException when closing a channel or the file failed; everything is still released
   */
  @Override
  public void close() throws IOException {
    List<PmemChannelImpl> open;
    List<PmemKey> files = new ArrayList<>();
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      open = new ArrayList<>(handles);
      files.addAll(complete.values());
      files.addAll(incomplete.values());
    }
    boolean scrubberStopped = scrubber == null || scrubber.stop();
    IOException failure = Closeables.closeCollecting(open, "closing the channels of pool " + file);
    for (PmemChannelImpl h : open) {
      h.file().shutdown();
    }
    for (PmemKey f : files) {
      f.shutdown();
    }
    boolean unpinned = allocator.awaitUnpinned(CLOSE_WAIT_NANOS);
    if (scrubberStopped && unpinned) {
      memory.close();
    } else {
      LOG.warn(
          "PMem pool left mapped at close, a transfer view or the scrubber was still in use:"
              + " scrubberStopped={}, viewsReleased={} (pool {})",
          scrubberStopped,
          unpinned,
          file);
    }
    try {
      owner.close();
    } catch (IOException e) {
      if (failure == null) {
        throw e;
      }
      failure.addSuppressed(e);
    }
    if (failure != null) {
      throw failure;
    }
  }
}
