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

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The in-memory index of a {@link FileTier}: key to entry for complete and incomplete keys, the
 * channels handed out, and the byte accounting behind {@code usedBytes()}.
 *
 * <p>Accounting stays cheap because an entry is in one of two states. <i>Settled</i>: no channel
 * the tier handed out is open, so the file's size can only change from outside the tier and the
 * cached size is counted in its directory's running total. <i>Active</i>: at least one handed-out
 * channel is open and may be writing, so the size is asked of that channel at call time; when the
 * last one is found closed the file's size is read once and the entry settles again. A usage query
 * therefore costs one {@code fstat} per active key and nothing per settled key.
 *
 * <p>Not thread-safe: the tier calls it under its lock.
 */
final class KeyRegistry {

  private final Map<String, FileKey> complete = new HashMap<>();
  private final Map<String, FileKey> incomplete = new HashMap<>();
  private final Map<String, String> refused = new HashMap<>();
  private final Set<FileKey> active = new LinkedHashSet<>();
  private final long[] settledBytes;

  /**
   * Removed entries that still have open channels; their files live on in the tier's trash and
   * count as used until the last of those channels is closed.
   */
  private final List<FileKey> orphans = new ArrayList<>();

  /**
   * Creates an empty registry.
   *
   * @param directoryCount the number of directories of the tier
   */
  KeyRegistry(int directoryCount) {
    this.settledBytes = new long[directoryCount];
  }

  FileKey complete(String key) {
    return complete.get(key);
  }

  FileKey incomplete(String key) {
    return incomplete.get(key);
  }

  void putComplete(String key, FileKey entry) {
    add(complete, key, entry);
  }

  void putIncomplete(String key, FileKey entry) {
    add(incomplete, key, entry);
  }

  private void add(Map<String, FileKey> map, String key, FileKey entry) {
    FileKey previous = map.put(key, entry);
    if (previous != null) {
      map.put(key, previous);
      throw new IllegalStateException("key already indexed: key=" + key + " (" + previous + ")");
    }
    settledBytes[entry.directory().index()] += entry.cachedSizeBytes();
  }

  /** Refuses a complete key (the open found two copies that differ); it is never indexed. */
  void refuse(String key, String reason) {
    refused.put(key, reason);
  }

  /** The refused keys and why, a snapshot. */
  Map<String, String> refusedKeys() {
    return Map.copyOf(refused);
  }

  FileKey removeComplete(String key) {
    return detach(complete.remove(key));
  }

  FileKey removeIncomplete(String key) {
    return detach(incomplete.remove(key));
  }

  /**
   * Takes an entry out of the accounting. When channels are open on it, it becomes an orphan: its
   * channels keep working on the removed file, which the tier keeps reachable in its trash so they
   * can be reopened, and closing the tier closes them.
   */
  private FileKey detach(FileKey entry) {
    if (entry == null) {
      return null;
    }
    if (active.remove(entry)) {
      if (entry.pruneClosed()) {
        orphans.add(entry);
      }
    } else {
      settledBytes[entry.directory().index()] -= entry.cachedSizeBytes();
    }
    return entry;
  }

  /**
   * Whether a channel the tier handed out on an entry is open.
   *
   * @param entry the entry
   * @return whether one is
   */
  boolean hasOpenChannels(FileKey entry) {
    return entry.pruneClosed();
  }

  /**
   * The entry, live or orphan, that an open channel was handed out on.
   *
   * @param channel the channel
   * @return the entry, or {@code null} when the channel is not one of this tier's
   */
  FileKey entryOf(FileChannel channel) {
    for (FileKey entry : active) {
      if (entry.holds(channel)) {
        return entry;
      }
    }
    for (FileKey entry : orphans) {
      if (entry.holds(channel)) {
        return entry;
      }
    }
    return null;
  }

  /**
   * Forgets the orphans whose channels are all closed.
   *
   * @return their files, for the tier to delete from its trash
   */
  List<FileKey> pruneOrphans() {
    List<FileKey> done = new ArrayList<>();
    orphans.removeIf(
        entry -> {
          if (entry.pruneClosed()) {
            return false;
          }
          done.add(entry);
          return true;
        });
    return done;
  }

  /**
   * Moves a complete entry to a new key, in the same directory; the caller has renamed the file.
   *
   * @param from the old key
   * @param to the new key
   * @param entry the entry of {@code from}
   * @return the entry {@code to} had, now detached, or {@code null}
   */
  FileKey rename(String from, String to, FileKey entry) {
    complete.remove(from);
    FileKey replaced = detach(complete.remove(to));
    entry.file(entry.directory().resolve(to));
    complete.put(to, entry);
    return replaced;
  }

  /**
   * Moves an incomplete entry to the complete keys; the caller has renamed the file.
   *
   * @param key the key
   * @param entry its incomplete entry
   */
  void publish(String key, FileKey entry) {
    incomplete.remove(key);
    entry.file(entry.directory().resolve(key));
    complete.put(key, entry);
  }

  /**
   * Remembers a channel handed out on an entry.
   *
   * @param entry the key's entry
   * @param channel the new channel
   */
  void track(FileKey entry, FileChannel channel) {
    entry.pruneClosed();
    entry.channels().add(channel);
    if (orphans.contains(entry)) {
      return;
    }
    if (active.add(entry)) {
      settledBytes[entry.directory().index()] -= entry.cachedSizeBytes();
    }
  }

  /**
   * The current size of a key: asked of an open channel, else the cached size.
   *
   * @param entry the key's entry
   * @return the size in bytes
   * @throws IOException when the size cannot be read
   */
  long sizeBytes(FileKey entry) throws IOException {
    if (!active.contains(entry)) {
      return entry.cachedSizeBytes();
    }
    if (entry.pruneClosed()) {
      return openSizeBytes(entry);
    }
    // The last handed-out channel was closed: read the final size once and settle.
    long size;
    try {
      size = Files.size(entry.file());
    } catch (NoSuchFileException e) {
      size = 0;
    }
    entry.cachedSizeBytes(size);
    active.remove(entry);
    settledBytes[entry.directory().index()] += size;
    return size;
  }

  /**
   * The bytes held per directory, complete and incomplete keys together.
   *
   * @return bytes indexed by {@link TierDirectory#index()}
   * @throws IOException when an open channel's or a file's size cannot be read
   */
  long[] usedBytesByDirectory() throws IOException {
    long[] used = settledBytes.clone();
    for (FileKey entry : new ArrayList<>(active)) {
      // Counted whether the entry stays active or settles now: `used` was copied before.
      used[entry.directory().index()] += sizeBytes(entry);
    }
    for (FileKey orphan : orphans) {
      // A removed key's file holds its blocks until its last channel is closed.
      used[orphan.directory().index()] += openSizeBytes(orphan);
    }
    return used;
  }

  /** The size an open channel of an entry reports, or 0 once all of them are closed. */
  private static long openSizeBytes(FileKey entry) throws IOException {
    while (entry.pruneClosed()) {
      try {
        return entry.channels().get(0).size();
      } catch (ClosedChannelException e) {
        entry.channels().remove(0);
      }
    }
    return 0;
  }

  long usedBytes() throws IOException {
    long total = 0;
    for (long bytes : usedBytesByDirectory()) {
      total += bytes;
    }
    return total;
  }

  List<String> completeKeys() {
    return new ArrayList<>(complete.keySet());
  }

  List<String> incompleteKeys() {
    return new ArrayList<>(incomplete.keySet());
  }

  int completeCount() {
    return complete.size();
  }

  int incompleteCount() {
    return incomplete.size();
  }

  /**
   * Every channel handed out that may still be open, on live keys and on removed ones; the registry
   * forgets them. The removed keys stay orphans, for the caller to delete their files once the
   * channels are closed ({@link #pruneOrphans}).
   *
   * @return the channels, for the caller to close
   */
  List<FileChannel> takeChannels() {
    List<FileChannel> all = new ArrayList<>();
    for (FileKey entry : orphans) {
      all.addAll(entry.channels());
    }
    for (FileKey entry : active) {
      all.addAll(entry.channels());
      entry.channels().clear();
    }
    return all;
  }
}
