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

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.common.OpenOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * The namespace changes of a {@link FileTier} that make a new file: {@code open} with a create
 * option (or of an existing key, which changes nothing) and {@code createIncomplete}. A new key is
 * placed by {@link TierSpace} after its room check; each runs as one {@link TierNamespace#change},
 * so the new file's directory entries are durable before its channel is handed out. Thread-safe.
 */
final class KeyCreates {

  private static final Set<OpenOption> INCOMPLETE_OPTIONS =
      Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);

  private final String name;
  private final TierNamespace namespace;
  private final TierSpace space;
  private final KeyRegistry registry;

  KeyCreates(String tierName, TierNamespace namespace, TierSpace space) {
    this.name = tierName;
    this.namespace = namespace;
    this.space = space;
    this.registry = namespace.registry();
  }

  /** Opens a complete key, creating it when the request may. */
  FileChannel open(String key, OpenOptions request) throws IOException {
    return namespace.change(
        changed -> {
          FileKey entry = registry.complete(key);
          if (entry != null) {
            FileChannel channel = FileChannel.open(entry.file(), request.jdkOptions());
            registry.track(entry, channel);
            return channel;
          }
          if (!request.mayCreate()) {
            throw namespace.noSuchKey(key);
          }
          SizeHint hint = request.hint();
          long preallocateBytes = hint.preallocated() ? hint.bytes() : 0;
          return create(key, key, hint, request.jdkOptions(), preallocateBytes, false, changed);
        });
  }

  /** Creates an incomplete key, empty whatever its hint. */
  FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
    return namespace.change(
        changed -> {
          if (registry.complete(key) != null || registry.incomplete(key) != null) {
            throw new FileAlreadyExistsException(
                key,
                null,
                "key exists: complete="
                    + (registry.complete(key) != null)
                    + ", incomplete="
                    + (registry.incomplete(key) != null)
                    + " (tier "
                    + name
                    + ")");
          }
          return create(
              key,
              key + StorageTier.INCOMPLETE_SUFFIX,
              sizeHint,
              INCOMPLETE_OPTIONS,
              0,
              true,
              changed);
        });
  }

  /**
   * Creates a key's file, placed by free space after the room check, and indexes it. Caller holds
   * the lock, within a {@link TierNamespace#change}.
   */
  private FileChannel create(
      String key,
      String fileName,
      SizeHint hint,
      Set<? extends OpenOption> options,
      long preallocateBytes,
      boolean incomplete,
      TierNamespace.Changed changed)
      throws IOException {
    space.requireRoom(key, hint.bytes(), registry);
    TierDirectory directory = space.place(registry);
    Path file = directory.resolve(fileName);
    TierDirectory.NewFile created = directory.create(file, options, preallocateBytes);
    FileChannel channel = created.channel();
    changed.created(channel);
    changed.addAll(created.changedDirectories());
    long sizeBytes = created.changedDirectories().isEmpty() ? channel.size() : 0;
    FileKey entry = new FileKey(directory, file, sizeBytes);
    if (incomplete) {
      registry.putIncomplete(key, entry);
    } else {
      registry.putComplete(key, entry);
    }
    registry.track(entry, channel);
    return channel;
  }
}
