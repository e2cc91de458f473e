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

import dev.mixchannel.api.Keys;
import dev.mixchannel.api.StorageTier;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The files of the log-dir tier's keys ({@link LogDirTier}): the key {@code
 * <directory.id>/<partition dir>/<file name>} is the segment file {@code <log dir>/<partition
 * dir>/<file name>} of the known log dir with that {@code directory.id} (see {@link SegmentPath}).
 *
 * <p>Beside a segment file, two names are the key's <em>incomplete</em> files: {@code <file
 * name>.migrating}, a migration's copy (a name Kafka's log loader ignores), and {@code <file
 * name>.mixchannel-empty}, the placeholder a replacement writes before it renames it over the
 * segment file ({@link Placeholder#replace}), when a kill left it behind. Partition directories are
 * Kafka's: nothing here creates one. Reads names and directory listings only; thread-safe.
 */
final class LogDirKeyFiles {

  /** The suffix of the file written to replace a segment file by a placeholder. */
  static final String EMPTY_SUFFIX = Placeholder.TEMP_SUFFIX;

  private final String tierName;
  private final LogDirs logDirs;

  /**
   * Maps the keys of a tier onto the files of the log dirs.
   *
   * @param tierName the tier's name, for messages
   * @param logDirs the broker's log dirs
   */
  LogDirKeyFiles(String tierName, LogDirs logDirs) {
    this.tierName = tierName;
    this.logDirs = logDirs;
  }

  /**
   * The segment file of a key.
   *
   * @param key the key
   * @return {@code <log dir>/<partition dir>/<file name>}
   * @throws IllegalArgumentException when the key is invalid or no segment key
   * @throws NoSuchFileException when no known log dir has the key's {@code directory.id}
   */
  Path file(String key) throws NoSuchFileException {
    Keys.validate(key);
    SegmentKey parsed =
        SegmentKey.parse(key)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "not a segment key of the log-dir tier: key="
                            + key
                            + " (tier "
                            + tierName
                            + ")"));
    return resolve(parsed)
        .orElseThrow(
            () ->
                new NoSuchFileException(
                    key, null, "no known log dir has this directory.id (tier " + tierName + ")"));
  }

  /**
   * The segment file of a key, when it has one that can be seen.
   *
   * @param key the key
   * @return its file, or empty when the key is no segment key or no known log dir has its {@code
   *     directory.id}
   */
  Optional<Path> fileIfKnown(String key) {
    return SegmentKey.parse(key).flatMap(this::resolve);
  }

  private Optional<Path> resolve(SegmentKey key) {
    return logDirs
        .dirOf(key.tag())
        .map(dir -> dir.resolve(key.partitionDir()).resolve(key.fileName()));
  }

  /**
   * The migration copy of a segment file.
   *
   * @param file the segment file
   * @return {@code <file>.migrating}
   */
  static Path incomplete(Path file) {
    return file.resolveSibling(file.getFileName() + StorageTier.INCOMPLETE_SUFFIX);
  }

  /**
   * The placeholder a replacement of a segment file writes beside it.
   *
   * @param file the segment file
   * @return {@code <file>.mixchannel-empty}
   */
  static Path emptyTemp(Path file) {
    return file.resolveSibling(file.getFileName() + EMPTY_SUFFIX);
  }

  /**
   * Fails when the partition directory of a key's file is missing: Kafka has none, and this tier
   * never creates one.
   *
   * @param key the key
   * @param file its segment file
   * @throws NoSuchFileException when the directory is missing
   */
  void checkPartitionDir(String key, Path file) throws NoSuchFileException {
    if (!Files.isDirectory(file.getParent())) {
      throw new NoSuchFileException(
          key, null, "partition directory missing (tier " + tierName + ", " + file + ")");
    }
  }

  /**
   * The keys with an incomplete file: a {@code .migrating} copy, or a {@code .mixchannel-empty}
   * file left by a process killed while replacing their segment file by a placeholder.
   *
   * @return the keys, each once
   */
  List<String> incompleteKeys() {
    Set<String> keys = new LinkedHashSet<>();
    for (String suffix : List.of(StorageTier.INCOMPLETE_SUFFIX, EMPTY_SUFFIX)) {
      for (SegmentPath segment : LogDirWalk.incompleteSegments(logDirs, suffix)) {
        keys.add(segment.key());
      }
    }
    return new ArrayList<>(keys);
  }
}
