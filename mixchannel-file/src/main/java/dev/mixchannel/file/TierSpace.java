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

import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Space accounting of a {@link FileTier}: its capacity, the room left, and the directory a new key
 * goes to. Directories that share a file store share its free space, which is measured once per
 * call.
 *
 * <p>Immutable; the {@link KeyRegistry} passed in must be guarded by the tier's lock.
 */
final class TierSpace {

  private final String tierName;
  private final List<TierDirectory> directories;
  private final long configuredCapacityBytes;

  /**
   * Creates the accounting of a tier.
   *
   * @param tierName the tier's name, for messages
   * @param directories the tier's directories
   * @param configuredCapacityBytes the configured capacity, or {@code -1} for the free space
   */
  TierSpace(String tierName, List<TierDirectory> directories, long configuredCapacityBytes) {
    this.tierName = tierName;
    this.directories = List.copyOf(directories);
    this.configuredCapacityBytes = configuredCapacityBytes;
  }

  /** The configured capacity, or for -1 the usable space of the distinct file stores plus use. */
  long capacityBytes(KeyRegistry registry) throws IOException {
    return configuredCapacityBytes == -1
        ? usableBytes() + registry.usedBytes()
        : configuredCapacityBytes;
  }

  /** Capacity minus use; for a capacity of -1 that is the usable space of the file stores. */
  long roomBytes(KeyRegistry registry) throws IOException {
    return configuredCapacityBytes == -1
        ? usableBytes()
        : configuredCapacityBytes - registry.usedBytes();
  }

  /**
   * Checks that a new key expected to grow to {@code bytes} fits.
   *
   * @throws TierFullException when it does not
   */
  void requireRoom(String key, long bytes, KeyRegistry registry) throws IOException {
    long roomBytes = roomBytes(registry);
    if (bytes > roomBytes) {
      throw new TierFullException(
          tierName,
          bytes,
          "no room for a new key: key="
              + key
              + ", requestedBytes="
              + bytes
              + ", roomBytes="
              + roomBytes
              + ", usedBytes="
              + registry.usedBytes()
              + ", configuredCapacityBytes="
              + configuredCapacityBytes
              + " (tier "
              + tierName
              + ", "
              + directories
              + ")");
    }
  }

  /**
   * Chooses the directory for a new key: the most usable space on its file store; among directories
   * that share a store or tie, the one holding fewer of this tier's bytes, so that keys spread;
   * then the first configured.
   */
  TierDirectory place(KeyRegistry registry) throws IOException {
    if (directories.size() == 1) {
      return directories.get(0);
    }
    Map<FileStore, Long> usable = usableBytesByStore();
    long mostUsable = Long.MIN_VALUE;
    List<TierDirectory> candidates = new ArrayList<>();
    for (TierDirectory directory : directories) {
      long candidateUsable = usable.get(directory.store());
      if (candidateUsable > mostUsable) {
        mostUsable = candidateUsable;
        candidates.clear();
      }
      if (candidateUsable == mostUsable) {
        candidates.add(directory);
      }
    }
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    // Only a shared store or a tie needs this tier's bytes per directory, which costs one size()
    // call per key with an open channel.
    long[] usedBytesByDirectory = registry.usedBytesByDirectory();
    TierDirectory best = candidates.get(0);
    for (TierDirectory candidate : candidates) {
      if (usedBytesByDirectory[candidate.index()] < usedBytesByDirectory[best.index()]) {
        best = candidate;
      }
    }
    return best;
  }

  private long usableBytes() throws IOException {
    long total = 0;
    for (long bytes : usableBytesByStore().values()) {
      total += bytes;
    }
    return total;
  }

  private Map<FileStore, Long> usableBytesByStore() throws IOException {
    // FileStore.equals identifies one mounted file system, so shared stores are measured once.
    Map<FileStore, Long> usable = new LinkedHashMap<>();
    for (TierDirectory directory : directories) {
      FileStore store = directory.store();
      if (!usable.containsKey(store)) {
        usable.put(store, store.getUsableSpace());
      }
    }
    return usable;
  }
}
