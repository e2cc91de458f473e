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

import dev.mixchannel.common.Closeables;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One key of a manager: its name, tier and life, its backing channel while referenced, its handles,
 * file locks and migration in flight. Its state is private; each method says which lock it takes or
 * expects.
 *
 * <p>Its locks are {@link KeyLock} ({@link #lock()}).
 */
final class TieredKey {
  private static final Set<StandardOpenOption> READ_WRITE =
      EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE);

  /** Where a key is in its life. */
  enum Life {
    /** Held by a create or a rename that has not finished; not yet usable. */
    RESERVED,
    /** In the manager's index under {@link #key()}. */
    LIVE,
    /** Deleted or replaced: open handles keep its bytes until they close. */
    DELETED
  }

  private final long id;
  private final KeyLock lock = new KeyLock();
  private final KeyActivity activity;
  private final InterruptGuard guard = new InterruptGuard();

  private volatile String key;
  private volatile RankedTier tier;
  private volatile Life life;
  private volatile long version;

  // Written under the exclusive side; read under the shared side or the append lock.
  private Backing backing;

  private final MigrationMark mark = new MigrationMark();

  // Under the exclusive side.
  private final Set<MixChannelImpl> handles = new HashSet<>();
  private int pins;
  private boolean deleteOnClose;
  private final DeletedBytes deletedBytes = new DeletedBytes();

  /** Added and removed under the shared side, walked under the exclusive side. */
  private final Set<HandleLock> fileLocks = ConcurrentHashMap.newKeySet();

  TieredKey(long id, String key, RankedTier tier, Life life, long sizeBytes, long nowMillis) {
    this.id = id;
    this.key = key;
    this.tier = tier;
    this.life = life;
    this.activity = new KeyActivity(sizeBytes, nowMillis);
  }

  long id() {
    return id;
  }

  String key() {
    return key;
  }

  RankedTier tier() {
    return tier;
  }

  long version() {
    return version;
  }

  KeyActivity activity() {
    return activity;
  }

  /** Whether the key's backing calls must run where no caller's interrupt reaches. */
  InterruptGuard guard() {
    return guard;
  }

  boolean isLiveAs(String expected) {
    return life == Life.LIVE && key.equals(expected);
  }

  boolean isDeleted() {
    return life == Life.DELETED;
  }

  boolean isReserved() {
    return life == Life.RESERVED;
  }

  /** The key's locks. */
  KeyLock lock() {
    return lock;
  }

  // ---- the backing channel (shared side, append lock or exclusive side held) ----

  /**
   * The backing channel.
   *
   * @return it, or {@code null} when the key has no references (or the manager closed it)
   */
  Backing backing() {
    return backing;
  }

  /**
   * Records a write (or truncate) about to happen at {@code position}, under the shared side or the
   * append lock, so every write after a migration marked the key (under the exclusive side) is seen
   * by its catch-up.
   */
  void noteWrite(long position) {
    activity.noteWrite();
    mark.noteWrite(position);
  }

  void addFileLock(HandleLock lock) {
    fileLocks.add(lock);
  }

  void removeFileLock(HandleLock lock) {
    fileLocks.remove(lock);
  }

  /** The file locks held through handles of this key; exclusive side held. */
  Set<HandleLock> fileLocks() {
    return fileLocks;
  }

  // ---- migration (exclusive side held) ----

  /** The migration in flight and what was written since it marked the key. */
  MigrationMark mark() {
    return mark;
  }

  /** Rolls back a migration in flight, if any. */
  void cancelMigration() {
    Migration m = mark.migration();
    if (m != null) {
      m.rollBack(this, null);
    }
  }

  /**
   * Points the key at a new backing channel on its tier, for every handle. The replaced backing is
   * retired; the caller closes it after releasing the lock ({@link Backing#closeIfRetired()}).
   *
   * @param next the new backing
   * @return the replaced backing
   */
  Backing switchTo(Backing next) {
    next.guardWith(guard);
    Backing old = backing;
    backing = next;
    tier = next.tier();
    version++;
    if (old != null) {
      old.retire();
    }
    return old;
  }

  /** The key now has this name in the index. */
  void renamedTo(String newKey) {
    key = newKey;
    version++;
  }

  /** A reserved key was found complete on a tier (adoption). Exclusive side held. */
  void adoptedOn(RankedTier slot, long sizeBytes) {
    tier = slot;
    activity.cachedSizeBytes(sizeBytes);
    life = Life.LIVE;
  }

  /** The create or rename that reserved this key made it live. */
  void live() {
    life = Life.LIVE;
  }

  /**
   * Before the key's bytes leave its tier (delete, or replacement by a rename) while handles are
   * open: takes a spare channel on them, while the tier still knows them, so that they stay
   * reachable should an interrupt close the backing channel. Exclusive side held.
   */
  void keepBytesReachable() {
    if (backing != null && !handles.isEmpty()) {
      deletedBytes.keepReachable(backing, key);
    }
  }

  /**
   * The key left the index (deleted, replaced, or a reservation given up); open handles keep its
   * bytes. Exclusive side held.
   */
  void markDeleted() {
    cancelMigration();
    life = Life.DELETED;
    version++;
  }

  // ---- references (each takes the exclusive side itself, unless it says otherwise) ----

  /**
   * Adds a handle to a live key whose exclusive side the caller holds (found and locked by {@link
   * KeyIndex#lock}), opening the backing channel when it is the first reference.
   *
   * @param h the handle
   * @param deleteWhenClosed whether the key is to be deleted when its last handle closes
   * @throws IOException when the backing channel cannot be opened
   */
  void attach(MixChannelImpl h, boolean deleteWhenClosed) throws IOException {
    ensureBacking();
    handles.add(h);
    deleteOnClose |= deleteWhenClosed;
  }

  /**
   * The first handle of a key being created: caller holds the exclusive side since it reserved the
   * key.
   */
  void attachCreated(MixChannelImpl h, Backing created, boolean deleteWhenClosed) {
    switchTo(created);
    handles.add(h);
    deleteOnClose = deleteWhenClosed;
  }

  /**
   * Drops a closing handle: releases its file locks and, with the last reference, the backing.
   *
   * @param h the handle
   * @return whether the key is now to be deleted (its last handle closed and it was opened with
   *     {@code DELETE_ON_CLOSE}); the caller deletes it, then calls {@link #closeIfUnused()}
   * @throws IOException when closing the backing channel fails
   */
  boolean detach(MixChannelImpl h) throws IOException {
    List<AutoCloseable> toClose = new ArrayList<>();
    boolean deleteNow;
    long stamp = lock.lockExclusive();
    try {
      if (!handles.remove(h)) {
        return false;
      }
      for (HandleLock lock : fileLocks) {
        if (lock.handle() == h) {
          fileLocks.remove(lock);
          lock.releaseQuietly();
        }
      }
      deleteNow = handles.isEmpty() && deleteOnClose && life == Life.LIVE;
      if (!deleteNow) {
        releaseIfUnused(toClose);
      }
    } finally {
      lock.unlockExclusive(stamp);
    }
    Closeables.closeAll(toClose, "closing the backing channel of key " + key);
    return deleteNow;
  }

  /**
   * Keeps the backing channel open for a migration.
   *
   * @return false when the key is no longer live
   * @throws IOException when the backing channel cannot be opened
   */
  boolean pin() throws IOException {
    long stamp = lock.lockExclusive();
    try {
      if (life != Life.LIVE) {
        return false;
      }
      ensureBacking();
      pins++;
      return true;
    } finally {
      lock.unlockExclusive(stamp);
    }
  }

  /**
   * Releases a {@link #pin}.
   *
   * @throws IOException when closing the backing channel fails
   */
  void unpin() throws IOException {
    closeIfUnused(() -> pins--);
  }

  /**
   * Releases the backing channel (and spare) when no handle or pin references the key.
   *
   * @throws IOException when closing fails
   */
  void closeIfUnused() throws IOException {
    closeIfUnused(() -> {});
  }

  /** Drops every reference and the backing channel: the manager is closing. */
  void closeForShutdown() throws IOException {
    closeIfUnused(
        () -> {
          handles.clear();
          pins = 0;
        });
  }

  private void closeIfUnused(Runnable change) throws IOException {
    List<AutoCloseable> toClose = new ArrayList<>();
    long stamp = lock.lockExclusive();
    try {
      change.run();
      releaseIfUnused(toClose);
    } finally {
      lock.unlockExclusive(stamp);
    }
    Closeables.closeAll(toClose, "closing the backing channel of key " + key);
  }

  /** Exclusive side held: opens the backing channel when there is none. */
  private void ensureBacking() throws IOException {
    if (backing == null) {
      switchTo(new Backing(tier.tier().open(key, READ_WRITE), tier));
    }
  }

  /**
   * Exclusive side held: retires the backing and spare when unreferenced; collects what to close.
   */
  private void releaseIfUnused(List<AutoCloseable> toClose) throws IOException {
    if (!handles.isEmpty() || pins > 0 || backing == null) {
      return;
    }
    cancelMigration();
    Backing b = backing;
    backing = null;
    version++;
    try {
      if (b.isOpen()) {
        activity.cachedSizeBytes(b.channel().size());
      }
    } finally {
      b.retire();
      toClose.add(b::closeIfRetired);
      deletedBytes.release(toClose);
    }
  }

  /**
   * Exclusive side held: a new channel on this key's bytes after {@code broken} was closed under
   * the key (an interrupt): by name while the key is live, else through the spare channel.
   *
   * @return the new channel
   * @throws KeyClosedException when the bytes of a deleted key cannot be reached any more
   * @throws IOException when the tier cannot open it
   */
  FileChannel reopenChannel() throws IOException {
    if (life == Life.LIVE) {
      return tier.tier().open(key, READ_WRITE);
    }
    return deletedBytes.reopen(tier, key);
  }

  /**
   * Exclusive side held: when the backing channel was closed under the key (a JDK file channel
   * closes when a thread using it is interrupted, whichever handle that thread used), points every
   * handle at a fresh channel on the same bytes, moving the file locks (one another process took
   * meanwhile becomes invalid). The closed backing is retired.
   *
   * @return whether it was closed and replaced
   * @throws KeyClosedException when the bytes of a deleted key cannot be reached any more
   * @throws IOException when the tier cannot open it
   */
  boolean reopenIfClosed() throws IOException {
    Backing broken = backing;
    if (broken == null || broken.isOpen()) {
      return false;
    }
    FileChannel fresh = reopenChannel();
    HandleLock.moveAll(HandleLock.acquireAll(this, fresh, false));
    switchTo(new Backing(fresh, tier));
    return true;
  }

  /**
   * Exclusive side held: a deleted key's bytes now live in an incomplete key of a slower tier
   * (spilled). {@code discard} removes it once the key is no longer referenced.
   *
   * @param newSpare the spare channel on the new copy, or {@code null}
   * @param discard discards the copy
   * @return the replaced spare channel, for the caller to close
   */
  FileChannel ownDeletedCopy(FileChannel newSpare, AutoCloseable discard) {
    return deletedBytes.own(newSpare, discard);
  }

  /** Exclusive side held: whether handles or pins reference the key. */
  boolean referenced() {
    return !handles.isEmpty() || pins > 0;
  }

  /** Exclusive side held: the open handles. */
  List<MixChannelImpl> handles() {
    return new ArrayList<>(handles);
  }

  @Override
  public String toString() {
    return "key[" + key + ", tier=" + tier + ", " + life + "]";
  }
}
