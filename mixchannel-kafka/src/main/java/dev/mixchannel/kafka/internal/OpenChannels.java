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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.common.Closeables;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The channels a tier handed out, by key, each with the identity of the file it was opened on: to
 * force a file through a channel of its own (opening and closing a second descriptor would drop the
 * process's locks on it), to reopen one on the same file, and to close them all with the tier. Not
 * thread-safe: the tier calls it under its lock.
 */
final class OpenChannels {
  private final Map<String, List<FileChannel>> byKey = new HashMap<>();
  private final Map<FileChannel, Object> fileKeys = new HashMap<>();

  /**
   * Remembers a channel handed out on a key, with the identity ({@link
   * BasicFileAttributes#fileKey()}) of the file it was just opened on; returns it.
   */
  FileChannel track(String key, FileChannel channel, Path file) {
    List<FileChannel> list = byKey.computeIfAbsent(key, k -> new ArrayList<>());
    list.removeIf(c -> !c.isOpen());
    fileKeys.keySet().removeIf(c -> !c.isOpen());
    list.add(channel);
    fileKeys.put(channel, fileKeyOf(file));
    return channel;
  }

  /**
   * The identity of the file a tracked channel was opened on, or {@code null} when unknown (the
   * file system has none, or the file was gone by the time it was looked at).
   */
  Object fileKeyOf(FileChannel channel) {
    return fileKeys.get(channel);
  }

  /** The identity of the file at a path now, or {@code null} when there is none. */
  static Object fileKeyOf(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Opens again, for reading and writing, the file a tracked channel was opened on, found by its
   * identity among the paths where it may be now (a rename followed meanwhile), and tracks the new
   * channel under the key. A path whose file is another one (deleted and replaced) never counts.
   *
   * @param key the key the channel was handed out on
   * @param channel the tracked channel
   * @param candidates where its file may be now
   * @return the new channel, or empty when none of the paths holds that file any more
   * @throws IOException when the file cannot be opened
   */
  Optional<FileChannel> reopen(String key, FileChannel channel, List<Path> candidates)
      throws IOException {
    Object identity = fileKeys.get(channel);
    for (Path candidate : candidates) {
      if (identity != null && identity.equals(fileKeyOf(candidate))) {
        FileChannel reopened =
            FileChannel.open(candidate, StandardOpenOption.READ, StandardOpenOption.WRITE);
        // The path may have been renamed over between the check and the open: check again.
        if (identity.equals(fileKeyOf(candidate))) {
          return Optional.of(track(key, reopened, candidate));
        }
        reopened.close();
      }
    }
    return Optional.empty();
  }

  /** The key an open channel was handed out on, or {@code null}. */
  String keyOf(FileChannel channel) {
    for (Map.Entry<String, List<FileChannel>> e : byKey.entrySet()) {
      for (FileChannel c : e.getValue()) {
        if (c == channel && c.isOpen()) {
          return e.getKey();
        }
      }
    }
    return null;
  }

  /** The key was renamed; its channels follow. */
  void renamed(String from, String to) {
    List<FileChannel> moved = byKey.remove(from);
    if (moved != null) {
      byKey.computeIfAbsent(to, k -> new ArrayList<>()).addAll(moved);
    }
  }

  /**
   * Forces a file through an open channel of its key on that very file, or through a descriptor of
   * its own when none is open (then no lock can be held on it). A channel of the key on another
   * file (an older copy of the key, replaced since) does not count.
   */
  void force(String key, Path file) throws IOException {
    Object identity = fileKeyOf(file);
    for (FileChannel channel : byKey.getOrDefault(key, List.of())) {
      if (identity == null || !identity.equals(fileKeys.get(channel))) {
        continue;
      }
      try {
        channel.force(true);
        return;
      } catch (ClosedChannelException e) {
        // closed meanwhile: try the next
      }
    }
    try (FileChannel own = FileChannel.open(file, StandardOpenOption.READ)) {
      own.force(true);
    }
  }

  /** Closes every channel; the first failure is thrown after all were tried. */
  void closeAll() throws IOException {
    List<FileChannel> all = new ArrayList<>();
    byKey.values().forEach(all::addAll);
    byKey.clear();
    fileKeys.clear();
    IOException failure = Closeables.closeCollecting(all, "closing the segment channels");
    if (failure != null) {
      throw failure;
    }
  }
}
