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
import dev.mixchannel.api.Keys;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.OpenOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The index of every key on every tier and the namespace operations on it.
 *
 * <p>The index lock guards only the map and the set of open handles, and is held only for map
 * operations: it is never held while a key's lock is acquired or a tier is called, so a key whose
 * lock is busy (a long spill, a force) delays only operations on that key. An operation finds its
 * key under the index lock, takes the key's lock without it, and checks the key is still the one
 * the index names; when not (deleted or renamed meanwhile) it looks again. A key being created or
 * renamed to is reserved in the index, locked by its creator, so others wait for it on its lock.
 */
final class Catalog {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Catalog.class);

  private final ReentrantLock indexLock = new ReentrantLock();
  private final Map<String, TieredKey> index = new HashMap<>();
  private final Map<String, Divergence> divergent = new HashMap<>();
  private final Set<MixChannelImpl> openHandles = new HashSet<>();
  private final Tiers tiers;
  private final Clock clock;
  private final ManagerState state;
  private final KeyIo io;
  private final StaleCopies stale;
  private long nextId;

  Catalog(
      Tiers tiers,
      Recovery.Result recovered,
      Clock clock,
      ManagerState state,
      KeyIo io,
      StaleCopies stale) {
    this.tiers = tiers;
    this.clock = clock;
    this.state = state;
    this.io = io;
    this.stale = stale;
    long now = clock.millis();
    recovered
        .owners()
        .forEach(
            (key, slot) ->
                index.put(
                    key,
                    new TieredKey(
                        nextId++,
                        key,
                        slot,
                        TieredKey.Life.LIVE,
                        recovered.sizes().getOrDefault(key, 0L),
                        now)));
    divergent.putAll(recovered.divergent());
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
    while (true) {
      TieredKey k;
      long reservation = 0;
      indexLock.lock();
      try {
        state.checkOpen(key);
        refuseDivergentLocked(key);
        k = index.get(key);
        if (k == null) {
          if (!mode.mayCreate()) {
            throw new NoSuchFileException(key);
          }
          k = reserveLocked(key);
          reservation = k.lockExclusive();
        } else if (mode.createNew()) {
          throw new FileAlreadyExistsException(key);
        }
      } finally {
        indexLock.unlock();
      }
      MixChannelImpl h = new MixChannelImpl(k, io, this, mode);
      if (reservation != 0) {
        create(k, h, mode, reservation);
      } else if (!k.attach(h, key, mode.deleteOnClose())) {
        continue;
      }
      register(h);
      if (mode.truncate() && reservation == 0) {
        try {
          h.truncateShared(0);
        } catch (IOException | RuntimeException e) {
          closeAfter(h, e);
          throw e;
        }
      }
      return h;
    }
  }

  /** Creates a reserved key on a tier, without the index lock; its creator holds its lock. */
  private void create(TieredKey k, MixChannelImpl h, OpenOptions mode, long reservation)
      throws IOException {
    try {
      Backing created = Placement.create(tiers, k.key(), mode.hint(), stale);
      k.attachCreated(h, created, mode.deleteOnClose());
      k.live();
    } catch (IOException | RuntimeException e) {
      unreserve(k);
      throw e;
    } finally {
      k.unlockExclusive(reservation);
    }
  }

  /**
   * Puts a reservation of a missing key in the index; caller holds the index lock. The reservation
   * is not live: others wait for it on its lock and look again.
   */
  private TieredKey reserveLocked(String key) {
    TieredKey k = new TieredKey(nextId++, key, null, TieredKey.Life.RESERVED, 0, clock.millis());
    index.put(key, k);
    return k;
  }

  /** Gives up a reservation (its creator holds the key's lock). */
  private void unreserve(TieredKey k) {
    indexLock.lock();
    try {
      index.remove(k.key(), k);
    } finally {
      indexLock.unlock();
    }
    k.markDeleted();
  }

  private void register(MixChannelImpl h) throws IOException {
    indexLock.lock();
    try {
      if (!state.isClosed()) {
        openHandles.add(h);
        return;
      }
    } finally {
      indexLock.unlock();
    }
    IllegalStateException closed = state.closedFailure(h.key());
    closeAfter(h, closed);
    throw closed;
  }

  private static void closeAfter(MixChannelImpl h, Throwable failure) {
    try {
      h.close();
    } catch (IOException suppressed) {
      failure.addSuppressed(suppressed);
    }
  }

  /** Drops a closing handle's reference; deletes a {@code DELETE_ON_CLOSE} key with its last. */
  void release(MixChannelImpl handle) throws IOException {
    TieredKey k = handle.tieredKey();
    indexLock.lock();
    try {
      openHandles.remove(handle);
    } finally {
      indexLock.unlock();
    }
    if (!k.detach(handle)) {
      return;
    }
    try {
      long stamp = k.lockExclusive();
      try {
        if (k.isLiveAs(k.key()) && !k.referenced()) {
          IOException late = deleteLocked(k);
          if (late != null) {
            throw late;
          }
        }
      } finally {
        k.unlockExclusive(stamp);
      }
    } finally {
      k.closeIfUnused();
    }
  }

  /**
   * Renames a key, replacing {@code to}. Across tiers the replaced key is deleted first, so no
   * crash leaves two differing complete copies of {@code to} (see {@code TierManager#rename}).
   *
   * @param from the existing key
   * @param to the new key
   * @throws IOException as {@code TierManager.rename} documents; when the rename took effect and
   *     only its durability is in doubt, the exception comes after the index follows the tier
   */
  void rename(String from, String to) throws IOException {
    Keys.validate(from);
    Keys.validate(to);
    while (true) {
      TieredKey src;
      TieredKey dst;
      boolean reserved = false;
      indexLock.lock();
      try {
        state.checkOpen(from);
        refuseDivergentLocked(from);
        refuseDivergentLocked(to);
        src = index.get(from);
        if (src == null) {
          throw new NoSuchFileException(from);
        }
        if (from.equals(to)) {
          return;
        }
        dst = index.get(to);
        if (dst == null) {
          dst = reserveLocked(to);
          reserved = true;
        }
      } finally {
        indexLock.unlock();
      }
      TieredKey first = src.id() < dst.id() ? src : dst;
      TieredKey second = first == src ? dst : src;
      long firstStamp = first.lockExclusive();
      long secondStamp = second.lockExclusive();
      boolean done = false;
      try {
        if (src.isLiveAs(from) && (reserved || dst.isLiveAs(to))) {
          IOException late = new KeyRename(this, src, dst, reserved, from, to).run();
          done = true;
          if (late != null) {
            throw late;
          }
          return;
        }
      } finally {
        if (reserved && !done) {
          unreserve(dst);
        }
        second.unlockExclusive(secondStamp);
        first.unlockExclusive(firstStamp);
      }
    }
  }

  /**
   * The index follows a rename on the tiers: {@code src} is now {@code to}; a replaced or reserved
   * {@code dst} leaves the index. Both keys' exclusive sides are held.
   */
  void renamed(TieredKey src, TieredKey dst, String from, String to) {
    indexLock.lock();
    try {
      index.remove(from, src);
      index.put(to, src);
    } finally {
      indexLock.unlock();
    }
    src.renamedTo(to);
    if (dst != null) {
      dst.markDeleted();
    }
  }

  /** The index drops a key deleted on its tier; its exclusive side is held. */
  void removed(TieredKey k) {
    indexLock.lock();
    try {
      index.remove(k.key(), k);
    } finally {
      indexLock.unlock();
    }
    k.markDeleted();
  }

  /** Throws the refusal of a key whose copies differ; caller holds the index lock. */
  private void refuseDivergentLocked(String key) throws DivergentCopiesException {
    Divergence d = divergent.get(key);
    if (d != null) {
      throw d.refusal();
    }
  }

  /**
   * Refuses a key whose complete copies differ.
   *
   * @param key the key
   * @throws DivergentCopiesException when it is refused
   */
  void refuseIfDivergent(String key) throws DivergentCopiesException {
    indexLock.lock();
    try {
      refuseDivergentLocked(key);
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * The keys refused because their complete copies differ.
   *
   * @return a sorted snapshot
   */
  List<String> divergentKeys() {
    indexLock.lock();
    try {
      state.checkOpen("*");
      return sorted(divergent.keySet());
    } finally {
      indexLock.unlock();
    }
  }

  private static List<String> sorted(Set<String> keys) {
    List<String> list = new ArrayList<>(keys);
    Collections.sort(list);
    return list;
  }

  /**
   * Resolves a key whose complete copies differ: keeps the copy on one tier, removes every other
   * durably, and serves the key from that tier. The key is reserved meanwhile; when a removal fails
   * the key stays refused (whatever copies are left are found again by the next recovery).
   *
   * @param key the refused key
   * @param keep the tier whose copy is kept
   * @return the tiers whose copies were removed
   * @throws IllegalArgumentException when the key is not refused (and not served from {@code keep}
   *     already), or {@code keep} holds no copy of it
   * @throws IOException when a tier fails; when a removal took effect and only its durability is in
   *     doubt, the exception comes after the key is served
   */
  List<String> resolveDivergent(String key, RankedTier keep) throws IOException {
    Keys.validate(key);
    Divergence d;
    TieredKey k;
    long reservation;
    indexLock.lock();
    try {
      state.checkOpen(key);
      d = divergent.remove(key);
      if (d == null) {
        TieredKey served = index.get(key);
        if (served != null && served.isLiveAs(key) && served.tier() == keep) {
          return List.of();
        }
        throw new IllegalArgumentException(
            "no divergent copies to resolve: key=" + key + ", keep=" + keep);
      }
      k = reserveLocked(key);
      reservation = k.lockExclusive();
    } finally {
      indexLock.unlock();
    }
    List<String> removed = new ArrayList<>();
    IOException late = null;
    boolean done = false;
    try {
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
          IOException l = TierCalls.delete(slot, key);
          late = late == null ? l : late;
          removed.add(slot.name());
        }
      }
      k.adoptedOn(keep, keep.tier().size(key));
      done = true;
      LOG.info("divergent key resolved: key={}, kept={}, removed={}", key, keep, removed);
    } finally {
      if (!done) {
        indexLock.lock();
        try {
          index.remove(key, k);
          divergent.put(key, d);
        } finally {
          indexLock.unlock();
        }
        k.markDeleted();
      }
      k.unlockExclusive(reservation);
    }
    if (late != null) {
      throw late;
    }
    return removed;
  }

  /** Whether the manager closed. */
  boolean isClosed() {
    return state.isClosed();
  }

  StaleCopies stale() {
    return stale;
  }

  /**
   * Retries the removal of every stale copy.
   *
   * @return the first failure, or {@code null} when none is left
   */
  IOException retryStaleCopies() {
    IOException failure = null;
    for (String key : stale.keys()) {
      try {
        withKeyLocked(key, k -> stale.remove(key, k == null ? null : k.tier()));
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      } catch (IllegalStateException e) {
        return null;
      }
    }
    return failure;
  }

  /** Work done with a key's exclusive side held; {@code null} when the key does not exist. */
  @FunctionalInterface
  private interface KeyAction {
    void run(TieredKey k) throws IOException;
  }

  /**
   * Runs an action with a key locked: its exclusive side when it is live, else a reservation of its
   * name, so that no create, rename, delete or migration of the key runs meanwhile.
   */
  private void withKeyLocked(String key, KeyAction action) throws IOException {
    while (true) {
      TieredKey k;
      long reservation = 0;
      indexLock.lock();
      try {
        state.checkOpen(key);
        if (divergent.containsKey(key)) {
          return; // both copies are kept until an operator resolves the key
        }
        k = index.get(key);
        if (k == null) {
          k = reserveLocked(key);
          reservation = k.lockExclusive();
        }
      } finally {
        indexLock.unlock();
      }
      if (reservation != 0) {
        try {
          action.run(null);
        } finally {
          unreserve(k);
          k.unlockExclusive(reservation);
        }
        return;
      }
      long stamp = k.lockExclusive();
      try {
        if (k.isLiveAs(key)) {
          action.run(k);
          return;
        }
      } finally {
        k.unlockExclusive(stamp);
      }
    }
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
    while (true) {
      TieredKey k = get(key);
      if (k == null) {
        return false;
      }
      long stamp = k.lockExclusive();
      try {
        if (!k.isLiveAs(key)) {
          continue;
        }
        IOException late = deleteLocked(k);
        if (late != null) {
          throw late;
        }
        return true;
      } finally {
        k.unlockExclusive(stamp);
      }
    }
  }

  /** Deletes a live key whose exclusive side is held; returns a failure after the effect. */
  private IOException deleteLocked(TieredKey k) throws IOException {
    k.cancelMigration();
    // Stale copies first: if one cannot go, the key stays (a crash would bring it back).
    stale.remove(k.key(), k.tier());
    k.keepBytesReachable();
    IOException late = TierCalls.delete(k.tier(), k.key());
    removed(k);
    return late;
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
    TieredKey k;
    long reservation;
    indexLock.lock();
    try {
      state.checkOpen(key);
      refuseDivergentLocked(key);
      if (index.get(key) != null) {
        return true;
      }
      k = reserveLocked(key);
      reservation = k.lockExclusive();
    } finally {
      indexLock.unlock();
    }
    try {
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
        unreserve(k);
        return false;
      }
      Map<String, Divergence> found = new HashMap<>();
      CopyComparison comparison = slower.isEmpty() ? null : new CopyComparison();
      for (RankedTier slot : slower) {
        Recovery.keepOneCopy(comparison, key, owner, slot, found);
      }
      Divergence d = found.get(key);
      if (d != null) {
        indexLock.lock();
        try {
          divergent.put(key, d);
        } finally {
          indexLock.unlock();
        }
        throw d.refusal();
      }
      k.adoptedOn(owner, owner.tier().size(key));
      return true;
    } catch (IOException | RuntimeException e) {
      unreserve(k);
      throw e;
    } finally {
      k.unlockExclusive(reservation);
    }
  }

  /**
   * Finds a key.
   *
   * @param key the key
   * @return its state, or {@code null}
   * @throws DivergentCopiesException when the key is refused
   */
  TieredKey get(String key) throws DivergentCopiesException {
    indexLock.lock();
    try {
      state.checkOpen(key);
      refuseDivergentLocked(key);
      return index.get(key);
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Finds a live key without checking that the manager is open (the policy round).
   *
   * @param key the key
   * @return its state, or {@code null}
   */
  TieredKey find(String key) {
    indexLock.lock();
    try {
      TieredKey k = index.get(key);
      return k == null || k.isDeleted() || k.tier() == null ? null : k;
    } finally {
      indexLock.unlock();
    }
  }

  /** The tier that owns a key now, or {@code null}. */
  RankedTier ownerOf(String key) {
    indexLock.lock();
    try {
      TieredKey k = index.get(key);
      return k == null || k.isDeleted() ? null : k.tier();
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * The live keys, sorted.
   *
   * @return a snapshot
   * @throws UncheckedIOException with a {@link DivergentCopiesException} when a key is refused: a
   *     listing without it would read as "no such key"
   */
  List<String> keys() {
    indexLock.lock();
    try {
      state.checkOpen("*");
      if (!divergent.isEmpty()) {
        throw new UncheckedIOException(divergent.get(sorted(divergent.keySet()).get(0)).refusal());
      }
      List<String> keys = new ArrayList<>();
      for (TieredKey k : index.values()) {
        if (!k.isDeleted() && k.tier() != null) {
          keys.add(k.key());
        }
      }
      Collections.sort(keys);
      return keys;
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Every live key's state.
   *
   * @return a snapshot
   */
  List<TieredKey> liveKeys() {
    indexLock.lock();
    try {
      List<TieredKey> all = new ArrayList<>();
      for (TieredKey k : index.values()) {
        if (!k.isDeleted() && k.tier() != null) {
          all.add(k);
        }
      }
      return all;
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Counts the keys on a tier, or all keys.
   *
   * @param slot the tier, or {@code null} for all
   * @return the count
   */
  long count(RankedTier slot) {
    long n = 0;
    for (TieredKey k : liveKeys()) {
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
    List<TieredKey> keys;
    indexLock.lock();
    try {
      if (!state.close()) {
        return;
      }
      handles = new ArrayList<>(openHandles);
      keys = new ArrayList<>(index.values());
    } finally {
      indexLock.unlock();
    }
    List<AutoCloseable> closing = new ArrayList<>(handles);
    for (TieredKey k : keys) {
      closing.add(k::closeForShutdown);
    }
    closing.add(
        () -> {
          IOException e = stale.removeAll(this::ownerOfClosed);
          if (e != null && stale.unsafeLeft(this::ownerOfClosed)) {
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
                "stale copies left on slower tiers, recovery removes them: keys={}",
                stale.keys(),
                e);
          }
        });
    Closeables.closeAll(closing, "closing the keys");
  }

  private RankedTier ownerOfClosed(String key) {
    indexLock.lock();
    try {
      TieredKey k = index.get(key);
      return k == null ? null : k.tier();
    } finally {
      indexLock.unlock();
    }
  }
}
