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
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The manager's index: each name and its key's state ({@link TieredKey}), and the refused names
 * ({@link Refusal}: their copies differ, or a tier refuses its copy). Thread-safe.
 *
 * <p>The index lock guards only the maps and is held only for map operations: never while a key's
 * lock is acquired or a tier is called, so a key whose lock is busy (a long spill, a force) delays
 * only operations on that key. Every namespace operation finds its keys through the one loop of
 * {@link #lock} (or {@link #lockPair} for a rename): find the name under the index lock (reserving
 * it when missing, if asked), take the key's exclusive side without the index lock, and check the
 * key is still the one the index names; when not (deleted, renamed or given up meanwhile) look
 * again. A reserved name is in the index, locked by its reserver, so others wait for it on its lock
 * and look again.
 */
final class KeyIndex {

  /** What {@link #lock} does when the name is not in the index. */
  enum Missing {
    /** Throws {@link NoSuchFileException}. */
    FAIL,
    /** Reserves the name for the caller, who makes it live or gives it up by closing. */
    RESERVE,
    /** Returns a lock of no key. */
    NONE
  }

  private final ReentrantLock indexLock = new ReentrantLock();
  // Sorted, so that the listing is one walk (no sort per call); about the heap of a hash map's
  // node.
  private final NavigableMap<String, TieredKey> keys = new TreeMap<>();
  private final Map<String, Refusal> refused = new HashMap<>();
  private final ManagerState state;
  private final Clock clock;
  private long nextId;

  KeyIndex(Recovery.Result recovered, ManagerState state, Clock clock) {
    this.state = state;
    this.clock = clock;
    long now = clock.millis();
    recovered
        .owners()
        .forEach(
            (key, slot) ->
                keys.put(
                    key,
                    new TieredKey(
                        nextId++,
                        key,
                        slot,
                        TieredKey.Life.LIVE,
                        recovered.sizes().getOrDefault(key, 0L),
                        now)));
    refused.putAll(recovered.refused());
  }

  /**
   * Finds a name and locks its key's exclusive side: the find–lock–re-check loop.
   *
   * @param name the key
   * @param missing what to do when the name is not in the index
   * @return the lock; the caller closes it
   * @throws NoSuchFileException when the name is missing and {@code missing} is {@link
   *     Missing#FAIL}
   * @throws KeyRefusedException when the name is refused ({@link Refusal})
   * @throws IllegalStateException when the manager is closed
   */
  Locked lock(String name, Missing missing) throws IOException {
    while (true) {
      TieredKey k;
      indexLock.lock();
      try {
        state.checkOpen(name);
        refuseLocked(name);
        k = keys.get(name);
        if (k == null) {
          return missingLocked(name, missing);
        }
      } finally {
        indexLock.unlock();
      }
      long stamp = k.lock().lockExclusive();
      if (k.isLiveAs(name)) {
        return new Locked(this, k, stamp, false);
      }
      k.lock().unlockExclusive(stamp);
    }
  }

  /**
   * Finds and locks the two keys of a rename, in id order: {@code from} must exist, {@code to} is
   * reserved when missing.
   *
   * @param from the key renamed, not {@code to}
   * @param to the new name
   * @return the locks; the caller closes them
   * @throws NoSuchFileException when {@code from} does not exist
   * @throws KeyRefusedException when either name is refused ({@link Refusal})
   * @throws IllegalStateException when the manager is closed
   */
  Pair lockPair(String from, String to) throws IOException {
    while (true) {
      TieredKey src;
      TieredKey dst;
      boolean reserved = false;
      indexLock.lock();
      try {
        state.checkOpen(from);
        refuseLocked(from);
        refuseLocked(to);
        src = keys.get(from);
        if (src == null) {
          throw new NoSuchFileException(from);
        }
        dst = keys.get(to);
        if (dst == null) {
          dst = reserveLocked(to);
          reserved = true;
        }
      } finally {
        indexLock.unlock();
      }
      Pair pair = Pair.lock(this, src, dst, reserved);
      if (src.isLiveAs(from) && (reserved || dst.isLiveAs(to))) {
        return pair;
      }
      pair.close();
    }
  }

  /** What {@link #lock} returns for a missing name; caller holds the index lock. */
  private Locked missingLocked(String name, Missing missing) throws NoSuchFileException {
    if (missing == Missing.FAIL) {
      throw new NoSuchFileException(name);
    }
    if (missing == Missing.NONE) {
      return new Locked(this, null, 0, false);
    }
    TieredKey reservation = reserveLocked(name);
    return Locked.exclusive(this, reservation, true);
  }

  /** Puts a reservation of a missing name in the index; caller holds the index lock. */
  private TieredKey reserveLocked(String name) {
    TieredKey k = new TieredKey(nextId++, name, null, TieredKey.Life.RESERVED, 0, clock.millis());
    keys.put(name, k);
    return k;
  }

  /** Gives up a reservation (its reserver holds the key's lock). */
  private void unreserve(TieredKey k) {
    indexLock.lock();
    try {
      keys.remove(k.key(), k);
    } finally {
      indexLock.unlock();
    }
    k.markDeleted();
  }

  private void refuseLocked(String name) throws KeyRefusedException {
    Refusal r = refused.get(name);
    if (r != null) {
      throw r.refusal();
    }
  }

  /**
   * The index follows a rename on the tiers: {@code src} is now {@code to}; a replaced or reserved
   * {@code dst} leaves the index. Both keys' exclusive sides are held.
   */
  void renamed(TieredKey src, TieredKey dst, String from, String to) {
    indexLock.lock();
    try {
      keys.remove(from, src);
      keys.put(to, src);
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
    unreserve(k);
  }

  // ---- refused names ----

  /**
   * Throws the refusal of a refused name.
   *
   * @throws KeyRefusedException when it is refused: {@link DivergentCopiesException} or {@link
   *     dev.mixchannel.api.RefusedCopyException}
   */
  void refuseIfRefused(String name) throws KeyRefusedException {
    indexLock.lock();
    try {
      refuseLocked(name);
    } finally {
      indexLock.unlock();
    }
  }

  /** Refuses a name from now on. */
  void refuse(Refusal r) {
    indexLock.lock();
    try {
      refused.put(r.key(), r);
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Ends the refusal of a name to resolve it: the name is reserved for the caller, who makes it
   * live or, when the resolution fails, gives the refusal back ({@link #refuse}) before closing.
   *
   * @return the refusal and the reservation, or {@code null} when the name is not refused
   */
  Resolution beginResolution(String name) {
    indexLock.lock();
    try {
      state.checkOpen(name);
      Refusal r = refused.remove(name);
      if (r == null) {
        return null;
      }
      TieredKey reservation = reserveLocked(name);
      return new Resolution(r, Locked.exclusive(this, reservation, true));
    } finally {
      indexLock.unlock();
    }
  }

  /** The refused names, sorted. */
  List<String> refusedKeys() {
    return refusedKeys(Refusal.class);
  }

  /** The names refused because their copies differ, sorted. */
  List<String> divergentKeys() {
    return refusedKeys(Divergence.class);
  }

  private List<String> refusedKeys(Class<? extends Refusal> kind) {
    indexLock.lock();
    try {
      state.checkOpen("*");
      List<String> names = new ArrayList<>();
      refused.forEach(
          (name, r) -> {
            if (kind.isInstance(r)) {
              names.add(name);
            }
          });
      Collections.sort(names);
      return names;
    } finally {
      indexLock.unlock();
    }
  }

  // ---- queries ----

  /** A live key without checking that the manager is open (the policy round), or {@code null}. */
  TieredKey find(String name) {
    indexLock.lock();
    try {
      TieredKey k = keys.get(name);
      return k == null || k.isDeleted() || k.tier() == null ? null : k;
    } finally {
      indexLock.unlock();
    }
  }

  /** The tier that owns a key now, or {@code null}; without checking that the manager is open. */
  RankedTier ownerOf(String name) {
    TieredKey k = find(name);
    return k == null ? null : k.tier();
  }

  /**
   * The live names, sorted: the refused ones are not live ({@link #refusedKeys} lists them), and
   * every operation on them still throws their refusal.
   */
  List<String> names() {
    indexLock.lock();
    try {
      state.checkOpen("*");
      List<String> names = new ArrayList<>();
      for (TieredKey k : liveLocked()) {
        names.add(k.key());
      }
      return names;
    } finally {
      indexLock.unlock();
    }
  }

  /** Every live key's state. */
  List<TieredKey> liveKeys() {
    indexLock.lock();
    try {
      return liveLocked();
    } finally {
      indexLock.unlock();
    }
  }

  private List<TieredKey> liveLocked() {
    List<TieredKey> live = new ArrayList<>();
    for (TieredKey k : keys.values()) {
      if (!k.isDeleted() && k.tier() != null) {
        live.add(k);
      }
    }
    return live;
  }

  /** Every key in the index, live or reserved (the manager closing). */
  List<TieredKey> all() {
    indexLock.lock();
    try {
      return new ArrayList<>(keys.values());
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * A key found and locked by {@link KeyIndex#lock}: live under its name, a reservation of it, or
   * none. Closing gives up a reservation the operation did not make live, then unlocks.
   *
   * @param index the index the key is in
   * @param key the key, or {@code null} when the name was missing and nothing was reserved
   * @param stamp the stamp of the key's exclusive side
   * @param reserved whether the key is a reservation of a missing name
   */
  record Locked(KeyIndex index, TieredKey key, long stamp, boolean reserved)
      implements AutoCloseable {

    /** Locks a key's exclusive side. */
    static Locked exclusive(KeyIndex index, TieredKey key, boolean reserved) {
      return new Locked(index, key, key.lock().lockExclusive(), reserved);
    }

    @Override
    public void close() {
      if (key == null) {
        return;
      }
      if (reserved && key.isReserved()) {
        index.unreserve(key);
      }
      key.lock().unlockExclusive(stamp);
    }
  }

  /**
   * The two keys of a rename, locked in id order (so two renames of the same names cannot deadlock)
   * and unlocked in the reverse order; closing gives up an unused reservation of {@code to}.
   *
   * @param src the key renamed
   * @param dst the key of the new name: live, or reserved when the name did not exist
   */
  record Pair(Locked src, Locked dst) implements AutoCloseable {

    private static Pair lock(KeyIndex index, TieredKey src, TieredKey dst, boolean reserved) {
      if (src.id() < dst.id()) {
        Locked first = Locked.exclusive(index, src, false);
        return new Pair(first, Locked.exclusive(index, dst, reserved));
      }
      Locked first = Locked.exclusive(index, dst, reserved);
      return new Pair(Locked.exclusive(index, src, false), first);
    }

    @Override
    public void close() {
      boolean srcFirst = src.key().id() < dst.key().id();
      (srcFirst ? dst : src).close();
      (srcFirst ? src : dst).close();
    }
  }

  /**
   * A refused name being resolved.
   *
   * @param refusal the refusal, to give back when the resolution fails
   * @param lock the reservation of the name
   */
  record Resolution(Refusal refusal, Locked lock) {}
}
