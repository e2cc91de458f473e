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
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.pmem.PmemChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.function.ToLongFunction;

/**
 * The pools of one PMem tier, one per directory, and what the tier asks of all of them: which pool
 * holds a key (a key lives in exactly one), which has the most free extents, and sums over their
 * storage. Opening it drops the second copy a rename across pools leaves when a crash interrupts
 * it.
 *
 * <p>Thread-safe call by call, as each pool synchronizes its own operations; a step that spans
 * calls (find a key, then create it) is atomic only under the caller's lock, which the tier holds.
 * Closing it closes every pool.
 */
public final class PoolSet implements AutoCloseable {

  private final String tierName;
  private final List<PmemPool> pools;

  private PoolSet(String tierName, List<PmemPool> pools) {
    this.tierName = tierName;
    this.pools = List.copyOf(pools);
  }

  /**
   * Opens (creating where missing) a pool in each directory of a tier and recovers it; on a failure
   * closes the pools it opened and rethrows.
   *
   * @param tier the tier's configuration: its directories and capacity
   * @param config the whole configuration (PMem extent size, pre-touch)
   * @param provider the memory backend
   * @return the pools; the caller closes them
   * @throws CorruptPoolException when a pool's superblock is bad
   * @throws IOException on an I/O error, or when a pool is held by another owner
   */
  public static PoolSet open(TierConfig tier, MixChannelConfig config, PoolMemoryProvider provider)
      throws IOException {
    List<PmemPool> pools = new ArrayList<>();
    AtomicLong sequence = new AtomicLong(1);
    int dirs = tier.paths().size();
    long share = tier.capacityFromFreeSpace() ? -1 : tier.capacityBytes() / dirs;
    try {
      for (int i = 0; i < dirs; i++) {
        Path dir = tier.paths().get(i);
        pools.add(
            PmemPool.open(
                new PoolOptions(
                    dir.resolve(PmemPool.FILE_NAME),
                    share,
                    config.pmemExtentSizeBytes(),
                    provider,
                    Medium.detect(dir),
                    config.pmemPretouch(),
                    config.pmemPretouchFraction(),
                    tier.name(),
                    i,
                    sequence)));
      }
      PoolSet set = new PoolSet(tier.name(), pools);
      set.dropCrossPoolDuplicates();
      return set;
    } catch (IOException | RuntimeException e) {
      Closeables.closeQuietly(e, pools.toArray(AutoCloseable[]::new));
      throw e;
    }
  }

  /** A rename across pools interrupted by a crash leaves the key twice: the newer rename wins. */
  private void dropCrossPoolDuplicates() throws IOException {
    if (pools.size() < 2) {
      return;
    }
    Set<String> all = new TreeSet<>();
    for (PmemPool pool : pools) {
      all.addAll(pool.keys(Namespace.COMPLETE));
    }
    for (String key : all) {
      PmemPool best = null;
      for (PmemPool pool : pools) {
        if (pool.sequenceOf(key) > (best == null ? -1 : best.sequenceOf(key))) {
          best = pool;
        }
      }
      deleteElsewhere(key, best);
    }
  }

  /**
   * Deletes the complete key {@code key} from every pool but {@code keeper}: the end of a rename
   * that may have replaced a key living in another pool.
   *
   * @param key the key
   * @param keeper the pool whose copy stays
   * @throws IOException when a delete fails
   */
  public void deleteElsewhere(String key, PmemPool keeper) throws IOException {
    for (PmemPool pool : pools) {
      if (pool != keeper && pool.contains(key, Namespace.COMPLETE)) {
        pool.delete(key, Namespace.COMPLETE);
      }
    }
  }

  /**
   * The pool holding a key in a namespace.
   *
   * @param key the key
   * @param namespace where to look
   * @return the pool, or null when no pool holds it
   * @throws CorruptPoolException when a pool quarantined the key (in any namespace)
   * @throws IOException on an I/O error
   */
  public PmemPool find(String key, Namespace namespace) throws IOException {
    for (PmemPool pool : pools) {
      if (pool.isQuarantined(key)) {
        // Throws the pool's CorruptPoolException naming the slot.
        pool.size(key, namespace);
      }
    }
    for (PmemPool pool : pools) {
      if (pool.contains(key, namespace)) {
        return pool;
      }
    }
    return null;
  }

  /**
   * Whether a pool holds a key in a namespace (a quarantined key is held by none).
   *
   * @param key the key
   * @param namespace where to look
   * @return whether one does
   */
  public boolean contains(String key, Namespace namespace) {
    for (PmemPool pool : pools) {
      if (pool.contains(key, namespace)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The pool with the most free extents (the first of those tied), where a new key goes.
   *
   * @return the pool
   */
  public PmemPool emptiest() {
    PmemPool best = pools.get(0);
    for (PmemPool pool : pools) {
      if (pool.media().freeExtents() > best.media().freeExtents()) {
        best = pool;
      }
    }
    return best;
  }

  /**
   * A second handle on the key of a channel one of these pools handed out.
   *
   * @param channel the channel
   * @return the new handle, or null when no pool here handed out {@code channel}
   * @throws IOException as {@link PmemPool#reopen} throws
   */
  public PmemChannel reopen(FileChannel channel) throws IOException {
    for (PmemPool pool : pools) {
      PmemChannel copy = pool.reopen(channel);
      if (copy != null) {
        return copy;
      }
    }
    return null;
  }

  /**
   * Every pool's keys of a namespace.
   *
   * @param namespace the namespace
   * @return a new list, pool by pool
   */
  public List<String> keys(Namespace namespace) {
    List<String> keys = new ArrayList<>();
    pools.forEach(pool -> keys.addAll(pool.keys(namespace)));
    return keys;
  }

  /**
   * Whether one pool has room for a new key of {@code bytes} (see {@link PmemPool#hasRoomForKey}).
   *
   * @param bytes the key's expected size
   * @return whether one does
   */
  public boolean hasRoomForKey(long bytes) {
    for (PmemPool pool : pools) {
      if (pool.hasRoomForKey(bytes)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Sums a figure over the storage of every pool.
   *
   * @param perPool the figure of one pool
   * @return the sum
   */
  public long sum(ToLongFunction<PoolMedia> perPool) {
    long total = 0;
    for (PmemPool pool : pools) {
      total += perPool.applyAsLong(pool.media());
    }
    return total;
  }

  /**
   * The largest extent size of the pools (each keeps the geometry it was created with).
   *
   * @return the size, at least 1
   */
  public long largestExtentSizeBytes() {
    long unit = 1;
    for (PmemPool pool : pools) {
      unit = Math.max(unit, pool.media().extentSizeBytes());
    }
    return unit;
  }

  /**
   * Sends every pool's allocation waits to {@code nanos} (see {@link
   * PoolMedia#reportAllocationWaits}).
   *
   * @param nanos the receiver, fast and thread-safe
   */
  public void reportAllocationWaits(LongConsumer nanos) {
    pools.forEach(pool -> pool.media().reportAllocationWaits(nanos));
  }

  /**
   * Descriptions of the quarantined channels of every pool.
   *
   * @return a new list, pool by pool
   */
  public List<String> quarantined() {
    List<String> all = new ArrayList<>();
    pools.forEach(pool -> all.addAll(pool.quarantined()));
    return all;
  }

  /**
   * The keys some pool refuses (see {@code StorageTier.refusedKeys()}), with the slot's
   * description.
   *
   * @return a new map
   */
  public Map<String, String> refusedKeys() {
    Map<String, String> all = new HashMap<>();
    pools.forEach(pool -> all.putAll(pool.refusedKeys()));
    return all;
  }

  /** Waits (bounded, pool by pool) for the background pre-touch; for benchmarks and tests. */
  public void awaitPretouch() {
    pools.forEach(pool -> pool.media().awaitPretouch());
  }

  /**
   * Closes every pool, each even when an earlier one fails; idempotent, as each pool's close is.
   *
   * @throws IOException the first failure, with the later ones suppressed
   */
  @Override
  public void close() throws IOException {
    Closeables.closeAll(pools, "closing the PMem tier " + tierName);
  }
}
