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

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The in-memory index of one pool: its keys by {@link Namespace}, the damaged slots ({@link
 * Quarantine}) and the handles it handed out. It writes nothing to the media. Not thread-safe: the
 * pool calls it under its monitor.
 */
final class PoolKeys {

  private final Path file;
  private final Map<Namespace, Map<String, PmemKey>> byNamespace = new EnumMap<>(Namespace.class);
  private final Quarantine quarantine;
  private final Set<PmemChannelImpl> handles = new HashSet<>();

  PoolKeys(Path file) {
    this.file = file;
    this.quarantine = new Quarantine(file);
    for (Namespace n : Namespace.values()) {
      byNamespace.put(n, new HashMap<>());
    }
  }

  Quarantine quarantine() {
    return quarantine;
  }

  /** The key of that name in a namespace, or null. */
  PmemKey find(String key, Namespace namespace) {
    return byNamespace.get(namespace).get(key);
  }

  /**
   * The key of that name in a namespace.
   *
   * @throws dev.mixchannel.api.CorruptPoolException when it is quarantined
   * @throws NoSuchFileException when it does not exist
   */
  PmemKey require(String key, Namespace namespace) throws IOException {
    quarantine.check(key);
    PmemKey f = find(key, namespace);
    if (f == null) {
      throw new NoSuchFileException(key, null, "no such key in PMem pool " + file);
    }
    return f;
  }

  /**
   * Checks that a key may be created in a namespace.
   *
   * @throws dev.mixchannel.api.CorruptPoolException when it is quarantined
   * @throws FileAlreadyExistsException when it exists there
   */
  void checkAbsent(String key, Namespace namespace) throws IOException {
    quarantine.check(key);
    if (find(key, namespace) != null) {
      throw new FileAlreadyExistsException(key, null, "key exists in PMem pool " + file);
    }
  }

  /** Adds a key to its namespace, replacing one of that name there. */
  void add(PmemKey f) {
    byNamespace.get(f.namespace()).put(f.key(), f);
  }

  /** Removes a key from a namespace: the removed one, or null. */
  PmemKey remove(String key, Namespace namespace) {
    return byNamespace.get(namespace).remove(key);
  }

  /**
   * A complete key was renamed: it is found by its new name only.
   *
   * @return the complete key it replaced, or null
   */
  PmemKey renamed(String from, PmemKey f) {
    Map<String, PmemKey> complete = byNamespace.get(Namespace.COMPLETE);
    complete.remove(from);
    return complete.put(f.key(), f);
  }

  /** The names in a namespace, a snapshot. */
  List<String> names(Namespace namespace) {
    return List.copyOf(byNamespace.get(namespace).keySet());
  }

  /** Every key of both namespaces, a snapshot. */
  List<PmemKey> all() {
    List<PmemKey> all = new ArrayList<>();
    byNamespace.values().forEach(namespace -> all.addAll(namespace.values()));
    return all;
  }

  // ---- handles ----

  /** A handle was handed out. */
  PmemChannelImpl track(PmemChannelImpl h) {
    handles.add(h);
    return h;
  }

  /** Whether a channel is an open handle of this pool. */
  boolean tracks(PmemChannelImpl h) {
    return handles.contains(h);
  }

  /** A handle closed. */
  void untrack(PmemChannelImpl h) {
    handles.remove(h);
  }

  /** The handles open, a snapshot. */
  List<PmemChannelImpl> handles() {
    return new ArrayList<>(handles);
  }
}
