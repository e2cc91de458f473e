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
package dev.mixchannel.pmem;

import dev.mixchannel.api.CorruptPoolException;
import dev.mixchannel.api.Keys;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.OpenOptions;
import dev.mixchannel.pmem.internal.Backends;
import dev.mixchannel.pmem.internal.Namespace;
import dev.mixchannel.pmem.internal.PmemPool;
import dev.mixchannel.pmem.internal.PoolLayout;
import dev.mixchannel.pmem.internal.PoolMedia;
import dev.mixchannel.pmem.internal.PoolMemoryProvider;
import dev.mixchannel.pmem.internal.PoolSet;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.function.ToLongFunction;

/**
 * A {@link StorageTier} over persistent memory: one pool file ({@value PmemPool#FILE_NAME}) per
 * directory of the tier, each sized to the tier's capacity divided by the number of directories
 * (capacity {@code -1}: the directory's usable space when the pool is created, less a 5% reserve of
 * at least 64 MiB). An existing pool keeps its own geometry (a WARN says when the configuration
 * disagrees). New keys go to the pool with the most free extents. Channels are {@link
 * PmemChannel}s.
 *
 * <p><b>Keys</b> follow {@link StorageTier}, and are at most {@value PoolLayout#MAX_KEY_BYTES}
 * UTF-8 bytes long (longer: {@link IllegalArgumentException} naming the key). Open options {@code
 * SPARSE}, {@code SYNC} and {@code DSYNC} are accepted and ignored; {@code DELETE_ON_CLOSE} is
 * unsupported. {@link SizeHint#preallocate} creates a zero-filled channel of that size; {@link
 * SizeHint#of} is a hint only. {@link #hasRoomFor} asks whether one pool has room, as a key lives
 * in one pool: a free slot and free (or reclaimable) extents for the bytes, at least one even for
 * {@code 0}, so a key without a size hint is not created where its first write cannot stay.
 *
 * <p><b>Damaged pools.</b> A bad superblock fails {@link #open} with a {@link CorruptPoolException}
 * naming the file and field. A damaged slot or extent entry quarantines that one channel: it is
 * logged at WARN, listed by {@link #quarantined()}, its extents are never reused or served, it is
 * absent from {@link #keys()} and {@link #exists}, and every operation naming its key (open, even
 * with {@code CREATE}; size, rename, delete) throws {@link CorruptPoolException} naming the slot.
 * {@link #refusedKeys()} lists its key, unless the slot is known to hold an incomplete migration
 * copy, so that a tier manager refuses the key on every tier. Thread-safe; closing the tier closes
 * every pool and channel.
 */
public final class PmemTier implements StorageTier {

  /** The name of the pool file in each directory of the tier. */
  public static final String POOL_FILE_NAME = PmemPool.FILE_NAME;

  private final TierConfig config;
  private final PoolSet pools;
  private final String backendName;
  private volatile boolean closed;

  private PmemTier(TierConfig config, PoolSet pools, String backendName) {
    this.config = config;
    this.pools = pools;
    this.backendName = backendName;
  }

  /**
   * Opens (creating where missing) the pools of a PMem tier and recovers them.
   *
   * @param tier the tier's configuration
   * @param config the whole configuration (PMem extent size, backend, pre-touch)
   * @return the tier; the caller closes it
   * @throws CorruptPoolException when a pool's superblock is bad
   * @throws dev.mixchannel.api.StorageInUseException when a pool is held by another owner
   * @throws dev.mixchannel.api.MixChannelException when {@code backend=llpl} cannot load
   * @throws IOException on an I/O error
   */
  public static PmemTier open(TierConfig tier, MixChannelConfig config) throws IOException {
    return open(tier, config, Backends.select(config.pmemBackend(), tier.name()));
  }

  static PmemTier open(TierConfig tier, MixChannelConfig config, PoolMemoryProvider provider)
      throws IOException {
    return new PmemTier(tier, PoolSet.open(tier, config, provider), provider.name());
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("PMem tier closed: tier=" + config.name());
    }
  }

  private static String checkKey(String key) {
    Keys.validate(key);
    int bytes = key.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > PoolLayout.MAX_KEY_BYTES) {
      throw new IllegalArgumentException(
          "invalid key: key='"
              + key
              + "', it is longer than the PMem tier's limit: bytes="
              + bytes
              + ", max="
              + PoolLayout.MAX_KEY_BYTES);
    }
    return key;
  }

  @Override
  public String name() {
    return config.name();
  }

  @Override
  public TierKind kind() {
    return config.kind();
  }

  @Override
  public synchronized FileChannel open(String key, Set<? extends OpenOption> options)
      throws IOException {
    checkKey(key);
    OpenOptions request = OpenOptions.parseForTier(key, options, "PMem tier");
    ensureOpen();
    PmemPool pool = pools.find(key, Namespace.COMPLETE);
    if (pool != null) {
      if (request.createNew()) {
        throw new FileAlreadyExistsException(key);
      }
      return pool.open(key, Namespace.COMPLETE, request);
    }
    if (!request.mayCreate()) {
      throw new NoSuchFileException(key);
    }
    return pools.emptiest().create(key, Namespace.COMPLETE, request);
  }

  /**
   * {@inheritDoc}
   *
   * <p>A PMem channel never closes on its own (interrupts do not close it), so this is needed only
   * to hold a key's bytes with a second handle; a deleted key's extents stay allocated until every
   * handle on them is closed.
   */
  @Override
  public synchronized FileChannel reopen(FileChannel channel) throws IOException {
    ensureOpen();
    FileChannel copy = pools.reopen(channel);
    if (copy != null) {
      return copy;
    }
    if (!channel.isOpen()) {
      throw new java.nio.channels.ClosedChannelException();
    }
    throw new IllegalArgumentException(
        "not a channel of this tier: tier=" + config.name() + ", channel=" + channel);
  }

  @Override
  public synchronized boolean exists(String key) throws IOException {
    checkKey(key);
    ensureOpen();
    return pools.contains(key, Namespace.COMPLETE);
  }

  @Override
  public synchronized long size(String key) throws IOException {
    checkKey(key);
    ensureOpen();
    PmemPool pool = pools.find(key, Namespace.COMPLETE);
    if (pool == null) {
      throw new NoSuchFileException(key);
    }
    return pool.size(key, Namespace.COMPLETE);
  }

  @Override
  public synchronized void rename(String from, String to) throws IOException {
    checkKey(from);
    checkKey(to);
    ensureOpen();
    PmemPool source = pools.find(from, Namespace.COMPLETE);
    if (source == null) {
      throw new NoSuchFileException(from);
    }
    // Throws when a pool quarantined the target key.
    pools.find(to, Namespace.COMPLETE);
    source.rename(from, to);
    pools.deleteElsewhere(to, source);
  }

  @Override
  public synchronized boolean delete(String key) throws IOException {
    return delete(key, Namespace.COMPLETE);
  }

  @Override
  public synchronized List<String> keys() {
    return keys(Namespace.COMPLETE);
  }

  /** Deletes the key from the pool that holds it in the namespace; false when none does. */
  private boolean delete(String key, Namespace namespace) throws IOException {
    checkKey(key);
    ensureOpen();
    PmemPool pool = pools.find(key, namespace);
    return pool != null && pool.delete(key, namespace);
  }

  /** Every pool's keys of the namespace. */
  private List<String> keys(Namespace namespace) {
    ensureOpen();
    return pools.keys(namespace);
  }

  @Override
  public synchronized FileChannel createIncomplete(String key, SizeHint sizeHint)
      throws IOException {
    checkKey(key);
    ensureOpen();
    if (pools.find(key, Namespace.COMPLETE) != null
        || pools.find(key, Namespace.INCOMPLETE) != null) {
      throw new FileAlreadyExistsException(key);
    }
    PmemPool pool = pools.emptiest();
    long needed = ceilDiv(sizeHint.bytes(), pool.media().extentSizeBytes());
    if (needed > pool.media().freeExtents()) {
      throw new TierFullException(
          config.name(),
          sizeHint.bytes(),
          "PMem tier has no room: requestedBytes="
              + sizeHint.bytes()
              + ", freeExtents="
              + pool.media().freeExtents()
              + " (pool "
              + pool.file()
              + ")");
    }
    OpenOptions request =
        OpenOptions.parse(key, StandardOpenOption.READ, StandardOpenOption.WRITE, sizeHint);
    return pool.create(key, Namespace.INCOMPLETE, request);
  }

  /** {@code ceil(bytes / unit)} without overflow. */
  private static long ceilDiv(long bytes, long unit) {
    return bytes / unit + (bytes % unit == 0 ? 0 : 1);
  }

  @Override
  public synchronized void publish(String key) throws IOException {
    checkKey(key);
    ensureOpen();
    PmemPool pool = pools.find(key, Namespace.INCOMPLETE);
    if (pool == null) {
      throw new NoSuchFileException(key + INCOMPLETE_SUFFIX);
    }
    if (pools.find(key, Namespace.COMPLETE) != null) {
      throw new FileAlreadyExistsException(key);
    }
    pool.publish(key);
  }

  @Override
  public synchronized boolean discardIncomplete(String key) throws IOException {
    return delete(key, Namespace.INCOMPLETE);
  }

  @Override
  public synchronized List<String> incompleteKeys() {
    return keys(Namespace.INCOMPLETE);
  }

  @Override
  public long capacityBytes() {
    return sumOverPools(media -> media.extentCount() * media.extentSizeBytes());
  }

  @Override
  public long usedBytes() {
    return sumOverPools(media -> media.usedExtents() * media.extentSizeBytes());
  }

  /** Sums {@code perPool} over the storage of every pool, after the open check. */
  private long sumOverPools(ToLongFunction<PoolMedia> perPool) {
    ensureOpen();
    return pools.sum(perPool);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The extent size (the largest of its pools', which keep the geometry they were created with):
   * a key holds whole extents.
   */
  @Override
  public long allocationUnitBytes() {
    ensureOpen();
    return pools.largestExtentSizeBytes();
  }

  /**
   * {@inheritDoc}
   *
   * <p>The free extents of its pools not zeroed yet.
   */
  @Override
  public long scrubBacklogUnits() {
    return sumOverPools(PoolMedia::scrubBacklogExtents);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Every write that takes new extents reports, from its allocation to the extents being ready
   * (those the scrubber had not zeroed yet zeroed and flushed on the writer's thread).
   */
  @Override
  public void reportAllocationWaits(LongConsumer nanos) {
    Objects.requireNonNull(nanos, "nanos");
    pools.reportAllocationWaits(nanos);
  }

  @Override
  public boolean hasRoomFor(long bytes) {
    ensureOpen();
    return pools.hasRoomForKey(bytes);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The keys of the quarantined slots whose key record is readable, except those whose state
   * says they hold an incomplete migration copy, each with the slot's description.
   */
  @Override
  public synchronized Map<String, String> refusedKeys() {
    ensureOpen();
    return pools.refusedKeys();
  }

  /**
   * Descriptions of the quarantined channels of every pool: slot, key (when known), problems.
   *
   * @return a snapshot
   */
  public List<String> quarantined() {
    return pools.quarantined();
  }

  /**
   * The memory backend in use.
   *
   * @return {@code llpl} or {@code jdk}
   */
  public String backendName() {
    return backendName;
  }

  /** Waits (bounded) for the background pre-touch of new pools; for benchmarks and tests. */
  public void awaitPretouch() {
    pools.awaitPretouch();
  }

  @Override
  public void close() throws IOException {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    pools.close();
  }
}
