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
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The namespace changes of a {@link FileTier} that give a file a new name: {@code rename} of a
 * complete key and {@code publish} of an incomplete one. Each runs as one {@link
 * TierNamespace#change}. Thread-safe.
 */
final class KeyMoves {

  private final String tierName;
  private final TierNamespace namespace;
  private final KeyRegistry registry;

  KeyMoves(String tierName, TierNamespace namespace) {
    this.tierName = tierName;
    this.namespace = namespace;
    this.registry = namespace.registry();
  }

  /**
   * Renames a complete key within its directory, replacing {@code to}. When {@code to} existed in
   * another directory, that file is removed first, durably: a crash between the two steps leaves
   * {@code from} under its old name and no {@code to} (as a rename across tiers does), never two
   * copies of {@code to}, which the next open could not choose between.
   */
  void rename(String from, String to) throws IOException {
    namespace.change(
        changed -> {
          FileKey entry = registry.complete(from);
          if (entry == null) {
            throw namespace.noSuchKey(from);
          }
          if (!from.equals(to)) {
            move(entry, from, to, changed);
          }
          return null;
        });
  }

  private void move(FileKey entry, String from, String to, TierNamespace.Changed changed)
      throws IOException {
    TierDirectory directory = entry.directory();
    Path source = entry.file();
    Path target = directory.resolve(to);
    FileKey old = registry.complete(to);
    if (old != null && old.directory() != directory) {
      Path gone = old.file();
      namespace.removeFile(old);
      registry.removeComplete(to);
      changed.add(old.directory().removeEmptyParents(gone));
      changed.syncNow();
      old = null;
    }
    // Channels open on a key that the rename replaces keep its bytes: a hard link in the trash
    // keeps them reachable for reopen.
    Path oldLink =
        old != null && old.directory() == directory && registry.hasOpenChannels(old)
            ? directory.linkToTrash(target)
            : null;
    Path highestChanged = directory.createParents(target);
    try {
      Files.move(
          source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      directory.removeEmptyParents(target);
      if (oldLink != null) {
        Files.deleteIfExists(oldLink);
      }
      throw e;
    }
    FileKey replaced = registry.rename(from, to, entry);
    if (replaced != null) {
      replaced.file(oldLink);
    }
    changed.addAll(TierDirectory.upTo(target.getParent(), highestChanged));
    changed.add(directory.removeEmptyParents(source));
  }

  /**
   * Publishes an incomplete key: forces its file, then renames it to the key's name, refusing to
   * replace a complete key.
   */
  void publish(String key) throws IOException {
    FileKey entry =
        namespace.locked(
            () -> {
              FileKey incomplete = requireIncomplete(key);
              requireNoComplete(key);
              return incomplete;
            });
    // Bytes and size first, outside the lock (this may write out a whole segment): the rename
    // below must never publish a file whose contents a crash could still lose.
    forceFile(entry);
    namespace.change(
        changed -> {
          if (requireIncomplete(key) != entry) {
            throw namespace.noSuchIncompleteKey(key);
          }
          // ATOMIC_MOVE replaces an existing target on POSIX: "no replace" is checked here, under
          // the lock that every namespace change takes.
          requireNoComplete(key);
          Path target = entry.directory().resolve(key);
          Files.move(entry.file(), target, StandardCopyOption.ATOMIC_MOVE);
          registry.publish(key, entry);
          changed.add(target.getParent());
          return null;
        });
  }

  private FileKey requireIncomplete(String key) throws NoSuchFileException {
    FileKey entry = registry.incomplete(key);
    if (entry == null) {
      throw namespace.noSuchIncompleteKey(key);
    }
    return entry;
  }

  private void requireNoComplete(String key) throws FileAlreadyExistsException {
    FileKey existing = registry.complete(key);
    if (existing != null) {
      throw new FileAlreadyExistsException(
          key,
          null,
          "cannot publish over a complete key (tier " + tierName + ", " + existing + ")");
    }
  }

  /**
   * Forces a key's file through a channel handed out on it when one is open: opening and closing a
   * second descriptor would drop the locks this process holds on the file (POSIX). Only when none
   * is open is a descriptor opened for the force.
   */
  private void forceFile(FileKey entry) throws IOException {
    List<FileChannel> open =
        namespace.locked(
            () -> {
              entry.pruneClosed();
              return new ArrayList<>(entry.channels());
            });
    for (FileChannel channel : open) {
      try {
        channel.force(true);
        return;
      } catch (ClosedChannelException e) {
        // closed meanwhile (with its locks): try the next, or a descriptor of our own
      }
    }
    try (FileChannel file = FileChannel.open(entry.file(), StandardOpenOption.READ)) {
      file.force(true);
    }
  }
}
