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

import dev.mixchannel.api.CorruptPoolException;
import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.Failures;
import dev.mixchannel.common.OpenOptions;
import dev.mixchannel.common.OwnershipLock;
import dev.mixchannel.pmem.PmemChannel;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One pool file: its storage ({@link PoolMedia}: memory, extents, slots) and the namespace of its
 * keys ({@link PoolKeys}). Opening recovers: every slot and extent entry is validated, damaged
 * channels are quarantined (reported, their extents kept reserved, never served), leaked extents
 * are freed. The pool file is locked (an exclusive lock on a fixed range) while open.
 *
 * <p>Namespace operations (create, open, rename, delete, publish) are synchronized on the pool;
 * reads and writes go through the keys' own locks ({@link KeyGuard}). Closing the pool closes every
 * channel it handed out. Complete and incomplete keys are separate {@link Namespace}s. The slot
 * words are written by {@link SlotTable} alone, a key's extent entries by its {@link ExtentMap}
 * alone; this class orders their crash steps.
 */
public final class PmemPool implements AutoCloseable {

  /** The pool file's name inside its directory. */
  public static final String FILE_NAME = "mixchannel.pool";

  /** The directory, next to the pool file, of the keys' lock files. */
  public static final String LOCKS_DIRECTORY = "mixchannel.locks";

  private final PoolOptions options;
  private final Path file;
  private final OwnershipLock owner;
  private final PoolMedia media;
  private final SlotTable slots;
  private final PoolKeys keys;
  private final boolean created;
  private boolean closed;

  PmemPool(PoolOptions options, OwnershipLock owner, Superblock sb, boolean created)
      throws IOException {
    this.options = options;
    this.file = options.file();
    this.owner = owner;
    this.created = created;
    this.keys = new PoolKeys(file);
    PoolGeometry geometry =
        new PoolGeometry(
            sb.poolSizeBytes(), sb.dataOffset(), sb.extentSizeBytes(), sb.extentCount());
    FileChannel channel = owner.channel();
    this.media =
        new PoolMedia(
            options,
            options.provider().open(file, channel, geometry, options.medium()),
            sb,
            created);
    this.slots = media.slots();
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
   * The pool's storage: geometry and free space.
   *
   * @return it, valid until the pool closes
   */
  public PoolMedia media() {
    return media;
  }

  /**
   * The pool file.
   *
   * @return its path
   */
  public Path file() {
    return file;
  }

  /** The lock file of a key's file locks, next to the pool file. */
  Path lockFile(int slot, long generation) {
    return file.resolveSibling(LOCKS_DIRECTORY).resolve(slot + "-" + generation + ".lock");
  }

  // ---- recovery hooks (PoolOpener, PoolRecovery) ----

  /** Whether this open created the pool (its free extents are clean). */
  boolean created() {
    return created;
  }

  void startScrubber() {
    media.startScrubber();
  }

  AtomicLong sequence() {
    return options.sequence();
  }

  void quarantine(SlotScan s) {
    keys.quarantine().add(s);
  }

  void setGeneration(int slot, long generation) {
    slots.recovered(slot, generation);
  }

  void addFreeSlot(int slot) {
    slots.recoveredFree(slot);
  }

  PmemKey lookup(String key, Namespace namespace) {
    return keys.find(key, namespace);
  }

  void register(PmemKey f) {
    keys.add(f);
  }

  /** Frees a file's slot durably, then its extents (now or when its last handle closes). */
  void freeSlot(PmemKey f) {
    f.detach();
    slots.writeFreed(f.slot(), f.generation());
    f.markDeleted();
  }

  // ---- namespace ----

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("PMem pool closed (pool " + file + ")");
    }
  }

  /**
   * Descriptions of the quarantined channels.
   *
   * @return a snapshot
   */
  public synchronized List<String> quarantined() {
    return keys.quarantine().descriptions();
  }

  /**
   * The quarantined keys whose copy here may be complete, each with its slot's description (see
   * {@code StorageTier.refusedKeys()}).
   *
   * @return a snapshot
   */
  public synchronized Map<String, String> refusedKeys() {
    return keys.quarantine().refusedKeys();
  }

  /**
   * Whether a key is quarantined here.
   *
   * @param key the key
   * @return whether a damaged slot claims it
   */
  public synchronized boolean isQuarantined(String key) {
    return keys.quarantine().contains(key);
  }

  /**
   * Whether a key is here.
   *
   * @param key the key
   * @param namespace the namespace
   * @return whether it exists (quarantined keys do not)
   */
  public synchronized boolean contains(String key, Namespace namespace) {
    ensureOpen();
    return keys.find(key, namespace) != null;
  }

  /**
   * The size of a key.
   *
   * @param key the key
   * @param namespace the namespace
   * @return the size in bytes
   * @throws IOException when it does not exist or is quarantined
   */
  public synchronized long size(String key, Namespace namespace) throws IOException {
    ensureOpen();
    return keys.require(key, namespace).size();
  }

  /**
   * The keys of a namespace.
   *
   * @param namespace the namespace
   * @return a snapshot
   */
  public synchronized List<String> keys(Namespace namespace) {
    ensureOpen();
    return keys.names(namespace);
  }

  /**
   * Opens a handle on an existing key.
   *
   * @param key the key
   * @param namespace the namespace
   * @param request the open options
   * @return the channel
   * @throws IOException when it does not exist or is quarantined
   */
  public synchronized PmemChannel open(String key, Namespace namespace, OpenOptions request)
      throws IOException {
    ensureOpen();
    PmemKey f = keys.require(key, namespace);
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
    return keys.track(h);
  }

  /**
   * Creates a key and opens a handle on it.
   *
   * @param key the key (valid, at most {@link PoolLayout#MAX_KEY_BYTES} UTF-8 bytes)
   * @param namespace its namespace (an incomplete key's slot is PROMOTING)
   * @param request the open options (its size hint may preallocate)
   * @return the channel
   * @throws TierFullException when no slot or not enough extents are free
   * @throws IOException on an I/O error
   */
  public synchronized PmemChannel create(String key, Namespace namespace, OpenOptions request)
      throws IOException {
    ensureOpen();
    keys.checkAbsent(key, namespace);
    byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
    int slot = slots.claim();
    long generation = slots.nextGeneration(slot);
    long sequence = options.sequence().getAndIncrement();
    PmemKey f = new PmemKey(this, slot, generation, key, namespace, 0, new int[0], 0, sequence);
    try {
      if (request.hint().preallocated() && request.hint().bytes() > 0) {
        f.preallocate(request.hint().bytes());
      }
      slots.writeCreated(slot, generation, sequence, keyBytes, f.size(), namespace);
    } catch (IOException | RuntimeException e) {
      f.detach();
      f.markDeleted();
      slots.unclaim(slot);
      throw e;
    }
    keys.add(f);
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
    ensureOpen();
    PmemKey f = keys.require(from, Namespace.COMPLETE);
    keys.quarantine().check(to);
    if (from.equals(to)) {
      return;
    }
    byte[] keyBytes = to.getBytes(StandardCharsets.UTF_8);
    int inactive = 1 - f.activeRecord();
    long sequence = options.sequence().getAndIncrement();
    slots.writeRenamed(f.slot(), f.generation(), inactive, sequence, keyBytes);
    f.renamed(to, inactive, sequence);
    PmemKey replaced = keys.renamed(from, f);
    if (replaced != null) {
      freeSlot(replaced);
    }
  }

  /**
   * Deletes a key durably; open channels keep its bytes until they close.
   *
   * @param key the key
   * @param namespace the namespace
   * @return whether it existed
   * @throws CorruptPoolException when it is quarantined
   */
  public synchronized boolean delete(String key, Namespace namespace) throws IOException {
    ensureOpen();
    keys.quarantine().check(key);
    PmemKey f = keys.remove(key, namespace);
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
    ensureOpen();
    PmemKey f = keys.require(key, Namespace.INCOMPLETE);
    if (keys.find(key, Namespace.COMPLETE) != null) {
      throw new FileAlreadyExistsException(key, null, "complete key exists in PMem pool " + file);
    }
    f.force();
    slots.writePublished(f.slot(), f.generation());
    keys.remove(key, Namespace.INCOMPLETE);
    f.published();
    keys.add(f);
  }

  /**
   * Whether a new key expected to grow to {@code bytes} fits now: a free slot, and free or
   * reclaimable extents for its bytes, at least one whatever the size (a key's first write takes an
   * extent, so a key created where none is left would spill at once).
   *
   * @param bytes the expected size, {@code >= 0}
   * @return whether it fits
   */
  public synchronized boolean hasRoomForKey(long bytes) {
    ensureOpen();
    long unit = media.extentSizeBytes();
    long extents = Math.max(1, bytes / unit + (bytes % unit == 0 ? 0 : 1));
    return slots.hasFree() && media.freeExtents() >= extents;
  }

  /**
   * The key-record sequence of a complete key (the newer rename wins across pools).
   *
   * @param key the key
   * @return its sequence, or -1 when absent
   */
  public synchronized long sequenceOf(String key) {
    PmemKey f = keys.find(key, Namespace.COMPLETE);
    return f == null ? -1 : f.sequence();
  }

  synchronized void handleClosed(PmemChannelImpl h) {
    keys.untrack(h);
  }

  /**
   * Opens another handle on the file of an open handle of this pool, even when its key was deleted
   * or renamed since.
   *
   * @param channel an open handle of this pool
   * @return a read-write handle on the same file, or {@code null} when the channel is not a handle
   *     of this pool
   * @throws ClosedChannelException when the handle is closed
   */
  public synchronized PmemChannel reopen(FileChannel channel) throws IOException {
    ensureOpen();
    if (!(channel instanceof PmemChannelImpl h) || !keys.tracks(h)) {
      return null;
    }
    if (!h.isOpen() || !h.file().acquireIfAlive()) {
      throw new ClosedChannelException();
    }
    return keys.track(new PmemChannelImpl(this, h.file(), true, true, false));
  }

  /**
   * Closes every channel, waits (bounded) for forces and transfer views in flight, lets the
   * scrubber zero the dirty free extents (bounded, 5 s), stops it, unmaps and releases the pool
   * file. When a view or the scrubber is still in use after the wait, the memory stays mapped
   * (until the collector or the process exit releases it) rather than be unmapped under a reader.
   * Idempotent.
   *
   * @throws IOException when closing a channel or the file failed; everything is still released
   */
  @Override
  public void close() throws IOException {
    List<PmemChannelImpl> open;
    List<PmemKey> files;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      open = keys.handles();
      files = keys.all();
    }
    IOException failure = Closeables.closeCollecting(open, "closing the channels of pool " + file);
    for (PmemChannelImpl h : open) {
      h.file().shutdown();
    }
    for (PmemKey f : files) {
      f.shutdown();
    }
    // Nothing frees or allocates any more: the dirty free extents are zeroed and marked clean now
    // (bounded), so the next open does not zero them while its first writes run.
    media.drainScrubber();
    boolean scrubberStopped = media.stopScrubber();
    media.unmap(scrubberStopped);
    try {
      owner.close();
    } catch (IOException e) {
      failure = Failures.chain(failure, e);
    }
    if (failure != null) {
      throw failure;
    }
  }
}
