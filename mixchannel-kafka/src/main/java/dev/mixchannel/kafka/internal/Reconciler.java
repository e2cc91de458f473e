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

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the keys back in line with Kafka's segment files after Kafka changed files without the
 * adapter (its startup cleanup deletes {@code .deleted}/{@code .cleaned} files directly; it deletes
 * a renamed partition directory by path) or after a crash between a file's rename and its key's.
 *
 * <p><b>Never on absence.</b> A key is acted on only when its log dir answers: its {@code
 * meta.properties} is readable and names the key's {@code directory.id}, the log dir can be listed,
 * and Kafka has not marked it offline. A key of a log dir that is unknown, offline, unmounted or
 * failing is left alone, however long that lasts.
 *
 * <p>An orphan is a key on a fast tier whose segment file is missing from an answering log dir.
 * Since Kafka changes the file first and the key second, an orphan's file is at most one Kafka
 * rename ahead: the orphan is renamed onto a placeholder (a file without segment bytes: one with
 * bytes is a segment of its own) that has no key and is either the same segment under a suffix
 * Kafka renames to in one step ({@link SegmentFiles#successors}) in the same partition directory,
 * or the same file in the only other directory of the same partition ({@code <partition>} and
 * {@code <partition>.<hex>-delete|-future|-stray}). Otherwise: when its partition directory was one
 * Kafka names for deletion ({@code -delete}, {@code -stray}) and is gone, Kafka deleted it on
 * purpose and the key is deleted; in every other case the key is quarantined ({@link Quarantine}),
 * deleted only after the retention. A key on the log-dir tier whose file is gone from an answering
 * log dir is forgotten (its bytes were the file). Two candidates are ambiguous: the key is left
 * alone and an ERROR line says so. The reconciler writes no file: a keyless placeholder no orphan
 * follows is a segment whose bytes a fast tier lost, whose log dir is refused after the first pass
 * ({@link LostSegments}) and which no pass changes.
 *
 * <p>{@link #doWork(boolean)} is one pass. A periodic sweep asks for confirmation: it acts only on
 * keys that were orphans in the previous pass too, so it never races a rename Kafka is in the
 * middle of. Each action re-checks the key under the adapter's exclusive lock. Not thread-safe: one
 * caller at a time.
 */
final class Reconciler {

  private static final Logger LOG = LoggerFactory.getLogger(Reconciler.class);

  private final TierManager manager;
  private final LogDirs logDirs;
  private final String lastTier;
  private final LogDirStatus status;
  private final Quarantine quarantine;
  private final Lock actionLock;
  private final AdapterCounters counters;
  private Set<String> suspects = Set.of();

  Reconciler(
      TierManager manager,
      LogDirs logDirs,
      String lastTier,
      LogDirStatus status,
      Quarantine quarantine,
      Lock actionLock,
      AdapterCounters counters) {
    this.manager = manager;
    this.logDirs = logDirs;
    this.lastTier = lastTier;
    this.status = status;
    this.quarantine = quarantine;
    this.actionLock = actionLock;
    this.counters = counters;
  }

  /**
   * One pass over every key.
   *
   * @param confirm act only on keys that were orphans in the previous confirmed pass as well
   * @return the number of keys renamed, quarantined, deleted or forgotten
   * @throws IOException when listing or changing keys fails
   */
  public int doWork(boolean confirm) throws IOException {
    Map<String, Path> answering = answeringLogDirs();
    List<String> orphans = new ArrayList<>();
    for (String key : manager.keys()) {
      Optional<SegmentKey> parsed = SegmentKey.parse(key);
      if (parsed.isEmpty()) {
        continue;
      }
      Path dir = answering.get(parsed.get().tag());
      if (dir != null && Files.notExists(file(dir, parsed.get()))) {
        orphans.add(key);
      }
    }
    Set<String> previous = suspects;
    suspects = confirm ? new HashSet<>(orphans) : Set.of();
    int actions = 0;
    Map<Path, List<String>> listings = new HashMap<>();
    for (String key : orphans) {
      if (confirm && !previous.contains(key)) {
        continue;
      }
      actionLock.lock();
      try {
        if (settle(key, answering, listings)) {
          actions++;
        }
      } finally {
        actionLock.unlock();
      }
    }
    return actions;
  }

  /** The known log dirs that answer and that Kafka has not marked offline, by tag. */
  private Map<String, Path> answeringLogDirs() {
    Map<String, Path> answering = new HashMap<>();
    logDirs
        .known()
        .forEach(
            (tag, dir) -> {
              if (!status.isOffline(dir) && LogDirs.answers(dir, tag)) {
                answering.put(tag, dir);
              }
            });
    return answering;
  }

  private boolean settle(String key, Map<String, Path> dirs, Map<Path, List<String>> listings)
      throws IOException {
    if (!manager.exists(key)) {
      return false;
    }
    SegmentKey orphan = SegmentKey.parse(key).orElseThrow();
    Path dir = dirs.get(orphan.tag());
    if (Files.exists(file(dir, orphan)) || !LogDirs.answers(dir, orphan.tag())) {
      return false;
    }
    if (lastTier.equals(manager.tierOf(key))) {
      manager.delete(key);
      LOG.info("forgot a key of the log-dir tier whose file Kafka deleted: key={}", key);
      return true;
    }
    List<String> targets = successors(orphan, dir, listings);
    if (targets.size() > 1) {
      LOG.error(
          "left a key alone: its file is missing and several renamed partition directories hold"
              + " a keyless file of that name: key={}, candidates={} ({})",
          orphan,
          targets,
          dir);
      return false;
    }
    if (targets.size() == 1) {
      manager.rename(key, targets.get(0));
      counters.sweepRenames.increment();
      LOG.info(
          "renamed a key whose file Kafka had already renamed: from={}, to={} ({})",
          key,
          targets.get(0),
          dir);
    } else if (deletedOnPurpose(dir, orphan)) {
      manager.delete(key);
      counters.sweepDeletes.increment();
      LOG.info(
          "deleted a key of a partition directory Kafka deleted: key={}, directory={}",
          key,
          dir.resolve(orphan.partitionDir()));
    } else {
      quarantine.quarantine(key, "its file " + file(dir, orphan) + " is gone");
      counters.sweepQuarantines.increment();
    }
    return true;
  }

  /**
   * Whether Kafka deleted the key's partition directory on purpose: it bore a name Kafka gives a
   * directory it is deleting ({@code -delete}, {@code -stray}) and is gone now.
   */
  private static boolean deletedOnPurpose(Path dir, SegmentKey orphan) {
    String partitionDir = orphan.partitionDir();
    return (partitionDir.endsWith("-delete") || partitionDir.endsWith("-stray"))
        && !SegmentFiles.partitionOf(partitionDir).equals(partitionDir)
        && !Files.exists(dir.resolve(partitionDir));
  }

  /**
   * Finds where an orphan's file went: the keys of the keyless files it may have been renamed to in
   * one step (none: gone; one: renamed; several: ambiguous).
   */
  private List<String> successors(SegmentKey orphan, Path dir, Map<Path, List<String>> listings)
      throws IOException {
    String base = SegmentFiles.baseName(orphan.fileName());
    for (String suffix : SegmentFiles.successors(SegmentFiles.suffix(orphan.fileName()))) {
      SegmentKey candidate = new SegmentKey(orphan.tag(), orphan.partitionDir(), base + suffix);
      if (isKeylessPlaceholder(dir, candidate)) {
        return List.of(candidate.toString());
      }
    }
    List<String> moved = new ArrayList<>();
    for (String other : listing(dir, listings)) {
      if (SegmentFiles.isPartitionDirRename(orphan.partitionDir(), other)) {
        SegmentKey candidate = new SegmentKey(orphan.tag(), other, orphan.fileName());
        if (isKeylessPlaceholder(dir, candidate)) {
          moved.add(candidate.toString());
        }
      }
    }
    return moved;
  }

  /**
   * Whether a file can be where an orphan on a fast tier went: a placeholder (empty or not) without
   * a key. A file with segment bytes is that segment itself, on the last tier: the orphan's bytes
   * cannot be it, and renaming the orphan onto it would give its name two different copies.
   */
  private boolean isKeylessPlaceholder(Path dir, SegmentKey candidate) throws IOException {
    return Placeholder.segmentBytes(file(dir, candidate)) == 0
        && !manager.exists(candidate.toString());
  }

  private static List<String> listing(Path dir, Map<Path, List<String>> listings)
      throws IOException {
    List<String> names = listings.get(dir);
    if (names == null) {
      names = new ArrayList<>();
      try (DirectoryStream<Path> children = Files.newDirectoryStream(dir, Files::isDirectory)) {
        for (Path child : children) {
          names.add(child.getFileName().toString());
        }
      } catch (NoSuchFileException e) {
        names = List.of();
      }
      listings.put(dir, names);
    }
    return names;
  }

  static Path file(Path dir, SegmentKey key) {
    return dir.resolve(key.partitionDir()).resolve(key.fileName());
  }
}
