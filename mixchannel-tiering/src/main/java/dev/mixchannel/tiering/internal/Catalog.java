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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.DivergentCopiesException;
import dev.mixchannel.api.KeyRefusedException;
import dev.mixchannel.api.Keys;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.OpenOptions;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The namespace operations of a manager on its {@link KeyIndex}: open (and create), rename, delete,
 * adopt, the resolution of a refused key, and closing every handle. Each finds and locks its keys
 * through the index's one find–lock–re-check loop, then changes the tiers with the key's exclusive
 * side held; the index follows the tiers. Thread-safe.
 */
final class Catalog {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Catalog.class);

  private final KeyIndex index;
  private final Set<MixChannelImpl> openHandles = new HashSet<>();
  private final Tiers tiers;
  private final ManagerState state;
  private final KeyIo io;
  private final StaleCopies stale;

  Catalog(
      Tiers tiers,
      Recovery.Result recovered,
      Clock clock,
      ManagerState state,
      KeyIo io,
      StaleCopies stale) {
    this.index = new KeyIndex(recovered, state, clock);
    this.tiers = tiers;
    this.state = state;
    this.io = io;
    this.stale = stale;
  }

  /**
   * Opens a handle, creating the key on the fastest tier with room when asked.
   *
   * @param key the key
   * @param mode the parsed options
   * @return the handle
   * @throws IOException as {@code TierManager.open} documents
   */
  MixChannelImpl open(String key, OpenOptions mode) throws IOException {
    Keys.validate(key);
    MixChannelImpl h;
    boolean created;
    try (KeyIndex.Locked locked =
        index.lock(key, mode.mayCreate() ? KeyIndex.Missing.RESERVE : KeyIndex.Missing.FAIL)) {
      TieredKey k = locked.key();
      created = locked.reserved();
      if (!created && mode.createNew()) {
        throw new FileAlreadyExistsException(key);
      }
      h = new MixChannelImpl(k, io, this, mode);
      if (created) {
        k.attachCreated(h, Placement.create(tiers, key, mode.hint(), stale), mode.deleteOnClose());
        k.live();
      } else {
        k.attach(h, mode.deleteOnClose());
      }
    }
    register(h);
    if (mode.truncate() && !created) {
      try {
        h.truncateShared(0);
      } catch (IOException | RuntimeException e) {
        Closeables.closeQuietly(e, h);
        throw e;
      }
    }
    return h;
  }

  private void register(MixChannelImpl h) throws IOException {
    synchronized (openHandles) {
      if (!state.isClosed()) {
        openHandles.add(h);
        return;
      }
    }
    IllegalStateException closed = state.closedFailure(h.key());
    Closeables.closeQuietly(closed, h);
    throw closed;
  }

  /** Drops a closing handle's reference; deletes a {@code DELETE_ON_CLOSE} key with its last. */
  void release(MixChannelImpl handle) throws IOException {
    TieredKey k = handle.tieredKey();
    synchronized (openHandles) {
      openHandles.remove(handle);
    }
    if (!k.detach(handle)) {
      return;
    }
    try {
      TierEffect effect = TierEffect.durable();
      long stamp = k.lock().lockExclusive();
      try {
        if (k.isLiveAs(k.key()) && !k.referenced()) {
          effect = deleteLocked(k);
        }
      } finally {
        k.lock().unlockExclusive(stamp);
      }
      effect.throwIfNotDurable();
    } finally {
      k.closeIfUnused();
    }
  }

  /**
   * Renames a key, replacing {@code to} (see {@link KeyRename}).
   *
   * @param from the existing key
   * @param to the new key
   * @throws IOException as {@code TierManager.rename} documents; when the rename took effect and
   *     only its durability is in doubt, the exception comes after the index follows the tier
   */
  void rename(String from, String to) throws IOException {
    Keys.validate(from);
    Keys.validate(to);
    if (from.equals(to)) {
      index.lock(from, KeyIndex.Missing.FAIL).close();
      return;
    }
    TierEffect effect;
    try (KeyIndex.Pair pair = index.lockPair(from, to)) {
      effect = new KeyRename(index, stale, pair, from, to).run();
    }
    effect.throwIfNotDurable();
  }

  /**
   * Deletes a key; open handles keep its bytes until they close.
   *
   * @param key the key
   * @return whether it existed
   * @throws IOException when the tier cannot delete it; when the delete took effect and only its
   *     durability is in doubt, the exception comes after the key left the index
   */
  boolean delete(String key) throws IOException {
    Keys.validate(key);
    TierEffect effect;
    try (KeyIndex.Locked locked = index.lock(key, KeyIndex.Missing.NONE)) {
      if (locked.key() == null) {
        return false;
      }
      effect = deleteLocked(locked.key());
    }
    effect.throwIfNotDurable();
    return true;
  }

  /** Deletes a live key whose exclusive side is held. */
  private TierEffect deleteLocked(TieredKey k) throws IOException {
    k.cancelMigration();
    // Stale copies first (StaleCopies' rule): if one cannot go, the key stays.
    stale.remove(k.key(), k.tier());
    k.keepBytesReachable();
    TierEffect effect = TierCalls.delete(k.tier(), k.key());
    index.removed(k);
    return effect;
  }

  /**
   * Retries the removal of every stale copy, each with its key locked (or its name reserved).
   *
   * @return the first failure, or {@code null} when none is left
   */
  IOException retryStaleCopies() {
    IOException failure = null;
    for (String key : stale.keys()) {
      try (KeyIndex.Locked locked = index.lock(key, KeyIndex.Missing.RESERVE)) {
        stale.remove(key, locked.reserved() ? null : locked.key().tier());
      } catch (KeyRefusedException e) {
        // Refused: every copy is kept until an operator acts on the key.
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      } catch (IllegalStateException e) {
        return null;
      }
    }
    return failure;
  }

  /**
   * Indexes a key that a tier holds and the index does not, by recovery's rule: the fastest
   * complete copy is kept, a slower one is removed when identical; when they differ the key is
   * refused from now on.
   *
   * @param key the key
   * @return whether the key is in the index now
   * @throws DivergentCopiesException when the key is refused
   * @throws IOException when a tier fails
   */
  boolean adopt(String key) throws IOException {
    Keys.validate(key);
    try (KeyIndex.Locked locked = index.lock(key, KeyIndex.Missing.RESERVE)) {
      if (!locked.reserved()) {
        return true;
      }
      RankedTier owner = null;
      List<RankedTier> slower = new ArrayList<>();
      for (RankedTier slot : tiers.all()) {
        if (slot.tier().exists(key)) {
          if (owner == null) {
            owner = slot;
          } else {
            slower.add(slot);
          }
        }
      }
      if (owner == null) {
        return false;
      }
      Map<String, Divergence> found = new HashMap<>();
      CopyComparison comparison = slower.isEmpty() ? null : new CopyComparison();
      for (RankedTier slot : slower) {
        Recovery.keepOneCopy(comparison, key, owner, slot, found);
      }
      Divergence d = found.get(key);
      if (d != null) {
        index.refuse(d);
        throw d.refusal();
      }
      locked.key().adoptedOn(owner, owner.tier().size(key));
      return true;
    }
  }

  /**
   * Resolves a key whose complete copies differ: keeps the copy on one tier, removes every other
   * durably, and serves the key from that tier. The name is reserved meanwhile; when a removal
   * fails the key stays refused (whatever copies are left are found again by the next recovery).
   *
   * @param key the refused key
   * @param keep the tier whose copy is kept
   * @return the tiers whose copies were removed
   * @throws IllegalArgumentException when the key is not refused (and not served from {@code keep}
   *     already), is refused because a tier refuses its copy, or {@code keep} holds no copy of it
   * @throws IOException when a tier fails; when a removal took effect and only its durability is in
   *     doubt, the exception comes after the key is served
   */
  List<String> resolveDivergent(String key, RankedTier keep) throws IOException {
    Keys.validate(key);
    KeyIndex.Resolution resolution = index.beginResolution(key);
    if (resolution == null) {
      if (index.ownerOf(key) == keep) {
        return List.of();
      }
      throw new IllegalArgumentException(
          "no divergent copies to resolve: key=" + key + ", keep=" + keep);
    }
    Refusal refusal = resolution.refusal();
    List<String> removed = new ArrayList<>();
    TierEffect effect = TierEffect.durable();
    try (KeyIndex.Locked locked = resolution.lock()) {
      boolean done = false;
      try {
        if (!(refusal instanceof Divergence d)) {
          throw new IllegalArgumentException(
              "not refused for divergent copies, a tier refuses its copy: key="
                  + key
                  + ", keep="
                  + keep
                  + " ("
                  + refusal.refusal().getMessage()
                  + ")");
        }
        if (!keep.tier().exists(key)) {
          throw new IllegalArgumentException(
              "no complete copy to keep: key="
                  + key
                  + ", keep="
                  + keep
                  + ", copies on "
                  + d.faster()
                  + " and "
                  + d.slower());
        }
        for (RankedTier slot : tiers.all()) {
          if (slot != keep && slot.tier().exists(key)) {
            effect = effect.and(TierCalls.delete(slot, key));
            removed.add(slot.name());
          }
        }
        locked.key().adoptedOn(keep, keep.tier().size(key));
        done = true;
        LOG.info("divergent key resolved: key={}, kept={}, removed={}", key, keep, removed);
      } finally {
        if (!done) {
          index.refuse(refusal);
        }
      }
    }
    effect.throwIfNotDurable();
    return removed;
  }

  /** Whether the manager closed. */
  boolean isClosed() {
    return state.isClosed();
  }

  /** The index, for the manager's queries. */
  KeyIndex index() {
    return index;
  }

  /**
   * Counts the keys on a tier, or all keys.
   *
   * @param slot the tier, or {@code null} for all
   * @return the count
   */
  long count(RankedTier slot) {
    long n = 0;
    for (TieredKey k : index.liveKeys()) {
      n += slot == null || k.tier() == slot ? 1 : 0;
    }
    return n;
  }

  /**
   * Closes every handle and backing channel and retries the stale copies; later calls fail.
   * Idempotent.
   *
   * @throws IOException the first failure, others suppressed
   */
  void closeAll() throws IOException {
    List<MixChannelImpl> handles;
    synchronized (openHandles) {
      if (!state.close()) {
        return;
      }
      handles = new ArrayList<>(openHandles);
    }
    List<AutoCloseable> closing = new ArrayList<>(handles);
    for (TieredKey k : index.all()) {
      closing.add(k::closeForShutdown);
    }
    closing.add(this::removeStaleCopiesAtClose);
    Closeables.closeAll(closing, "closing the keys");
  }

  private void removeStaleCopiesAtClose() throws IOException {
    IOException e = stale.removeAll(index::ownerOf);
    if (e != null && stale.unsafeLeft(index::ownerOf)) {
      throw new IOException(
          "stale copies left that recovery would serve: keys="
              + stale.keys()
              + " (manager "
              + state.managerName()
              + ")",
          e);
    }
    if (e != null) {
      LOG.warn(
          "stale copies left on slower tiers, recovery removes them: keys={}", stale.keys(), e);
    }
  }
}
