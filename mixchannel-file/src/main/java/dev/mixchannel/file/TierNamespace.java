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
package dev.mixchannel.file;

import dev.mixchannel.common.Closeables;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The namespace of a {@link FileTier}: its lock, its index ({@link KeyRegistry}), its trash, and
 * the one rule of every namespace change: change the entries under the lock, then make each
 * directory whose entries changed durable ({@code fsync} of the directory) before the change
 * returns. The syncs run after the lock is released, so a slow disk does not hold up other keys.
 *
 * <p>Every call that takes the lock first deletes the trash files of removed keys whose channels
 * are all closed, so such a key's blocks are counted until its last channel closed and freed at the
 * tier's next call. Thread-safe.
 */
final class TierNamespace {

  /** Work done under the tier's lock. */
  @FunctionalInterface
  interface Action<T> {
    T run() throws IOException;
  }

  /**
   * A namespace change done under the tier's lock; it records what it changed in {@code changed}.
   */
  @FunctionalInterface
  interface Change<T> {
    T run(Changed changed) throws IOException;
  }

  private final String tierName;
  private final List<TierDirectory> directories;
  private final KeyRegistry registry;
  private final DirectorySync directorySync;
  private final ReentrantLock lock = new ReentrantLock();

  /** Written under {@link #lock}; read without it for the fast open check. */
  private volatile boolean closed;

  TierNamespace(
      String tierName,
      List<TierDirectory> directories,
      KeyRegistry registry,
      DirectorySync directorySync) {
    this.tierName = tierName;
    this.directories = List.copyOf(directories);
    this.registry = registry;
    this.directorySync = directorySync;
  }

  /** The index; only to be used inside {@link #locked} or {@link #change}. */
  KeyRegistry registry() {
    return registry;
  }

  /**
   * Runs an action under the lock, once the tier is known to be open.
   *
   * @throws IllegalStateException when the tier is closed
   */
  <T> T locked(Action<T> action) throws IOException {
    ensureOpen();
    lock.lock();
    try {
      ensureOpen();
      purgeOrphans();
      return action.run();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Runs a namespace change under the lock, then syncs every directory it recorded. When a sync
   * fails, the channel the change recorded (a new key's) is closed and the failure thrown: the
   * change took effect, its durability did not.
   *
   * @throws IllegalStateException when the tier is closed
   */
  <T> T change(Change<T> change) throws IOException {
    Changed changed = new Changed();
    T result = locked(() -> change.run(changed));
    try {
      changed.sync();
    } catch (IOException e) {
      changed.closeOnFailure(e);
      throw e;
    }
    return result;
  }

  /**
   * Removes a key's file: into the trash when channels are open on it (they may be reopened), else
   * for good. Caller holds the lock.
   */
  void removeFile(FileKey entry) throws IOException {
    if (registry.hasOpenChannels(entry)) {
      entry.file(entry.directory().moveToTrash(entry.file()));
    } else {
      Files.deleteIfExists(entry.file());
    }
  }

  /**
   * Closes the namespace: later calls fail, and every channel handed out is returned for the caller
   * to close. Idempotent: {@code null} when closed already.
   */
  List<FileChannel> close() {
    lock.lock();
    try {
      if (closed) {
        return null;
      }
      closed = true;
      return registry.takeChannels();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Deletes the trash files of the removed keys whose channels are all closed. Caller holds the
   * lock, or the tier is closed and its channels are closed.
   */
  void purgeOrphans() throws IOException {
    for (FileKey orphan : registry.pruneOrphans()) {
      if (orphan.directory().isTrash(orphan.file())) {
        Files.deleteIfExists(orphan.file());
      }
    }
  }

  /** A closeable that purges the trash, for the tier's close. */
  Closeable trashPurge() {
    return this::purgeOrphans;
  }

  NoSuchFileException noSuchKey(String key) {
    return new NoSuchFileException(
        key, null, "no such key (tier " + tierName + ", " + dirs() + ")");
  }

  NoSuchFileException noSuchIncompleteKey(String key) {
    return new NoSuchFileException(
        key, null, "no such incomplete key (tier " + tierName + ", " + dirs() + ")");
  }

  /** The tier's directories, for messages. */
  String dirs() {
    return directories.size() == 1 ? directories.get(0).toString() : directories.toString();
  }

  void ensureOpen() {
    if (closed) {
      throw new IllegalStateException(
          "tier is closed: tier=" + tierName + " (" + directories + ")");
    }
  }

  /**
   * Syncs directories. A concurrent delete may have removed an emptied sub-directory in between;
   * its removal is an entry of its parent, so the nearest directory that still exists is synced
   * instead (the deleter syncs it too).
   */
  private void syncAll(Iterable<Path> changed) throws IOException {
    for (Path directory : changed) {
      Path existing = directory;
      while (true) {
        try {
          directorySync.sync(existing);
          break;
        } catch (NoSuchFileException e) {
          Path parent = existing.getParent();
          if (parent == null || !isInsideTier(parent)) {
            throw e;
          }
          existing = parent;
        }
      }
    }
  }

  private boolean isInsideTier(Path path) {
    for (TierDirectory directory : directories) {
      if (path.startsWith(directory.root())) {
        return true;
      }
    }
    return false;
  }

  /** What one namespace change changed: the directories to sync, the channel it created. */
  final class Changed {
    private final Set<Path> directories = new LinkedHashSet<>();
    private final List<FileChannel> created = new ArrayList<>(1);

    /** A directory whose entries changed. */
    void add(Path directory) {
      directories.add(directory);
    }

    /** Directories whose entries changed. */
    void addAll(List<Path> changedDirectories) {
      directories.addAll(changedDirectories);
    }

    /** A channel the change opened, to close should the change not become durable. */
    void created(FileChannel channel) {
      created.add(channel);
    }

    /**
     * Syncs what changed so far, under the lock: a change whose next step must not reach the disk
     * before this one (a rename before the removal of the replaced copy) calls it in between.
     */
    void syncNow() throws IOException {
      sync();
    }

    private void sync() throws IOException {
      syncAll(directories);
      directories.clear();
    }

    private void closeOnFailure(IOException failure) {
      Closeables.closeQuietly(failure, created);
    }
  }
}
