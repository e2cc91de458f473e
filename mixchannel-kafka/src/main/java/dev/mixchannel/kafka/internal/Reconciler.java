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
 * Brings the tier keys back in line with the anchor files after the broker changed anchors without
 * the adapter (its startup cleanup deletes {@code .deleted}/{@code .cleaned} files directly) or
 * after a crash between an anchor's rename and its key's rename.
 *
 * <p>An orphan is a key of a known log dir whose anchor file is missing. Since the adapter always
 * moves the anchor first and the key second, an orphan's anchor is at most one Kafka rename ahead:
 * the orphan is renamed onto an anchor that has no key and is either the same segment under a
 * suffix Kafka renames to in one step ({@link SegmentFiles#successors}) in the same partition
 * directory, or the same file in the only other directory of the same partition ({@code
 * <partition>} and {@code <partition>.<hex>-delete|-future|-stray}). Otherwise the broker deleted
 * the anchor and the key is deleted. Two candidates in other directories are ambiguous: the key is
 * left alone and an ERROR line says so. Keys of unknown log dirs and keys that are no segment keys
 * are left alone.
 *
 * <p>{@link #doWork(boolean)} is one pass. A periodic sweep asks for confirmation: it acts only on
 * keys that were orphans in the previous pass too, so it never races a rename the broker is in the
 * middle of. Each action re-checks the key under the adapter's exclusive lock. Not thread-safe: one
 * caller at a time.
 */
public final class Reconciler {

  private static final Logger LOG = LoggerFactory.getLogger(Reconciler.class);

  private final TierManager manager;
  private final LogDirs logDirs;
  private final Lock actionLock;
  private final AdapterCounters counters;
  private Set<String> suspects = Set.of();

  /**
   * Creates a reconciler.
   *
   * @param manager the tiers
   * @param logDirs the log dirs
   * @param actionLock the lock each action holds, excluding the broker's opens, renames, deletes
   * @param counters where actions are counted
   */
  public Reconciler(
      TierManager manager, LogDirs logDirs, Lock actionLock, AdapterCounters counters) {
    this.manager = manager;
    this.logDirs = logDirs;
    this.actionLock = actionLock;
    this.counters = counters;
  }

  /**
   * One pass over every key.
   *
   * @param confirm act only on keys that were orphans in the previous confirmed pass as well
   * @return the number of keys renamed or deleted
   * @throws IOException when listing or changing keys fails
   */
  public int doWork(boolean confirm) throws IOException {
    Map<String, Path> dirs = logDirs.known();
    List<String> orphans = new ArrayList<>();
    for (String key : manager.keys()) {
      if (key.endsWith(KafkaSegmentStore.IMPORT_SUFFIX)) {
        orphans.add(key);
        continue;
      }
      Optional<SegmentKey> parsed = SegmentKey.parse(key);
      if (parsed.isEmpty()) {
        continue;
      }
      Path dir = dirs.get(parsed.get().tag());
      if (dir != null && !Files.exists(anchor(dir, parsed.get()))) {
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
        if (settle(key, dirs, listings)) {
          actions++;
        }
      } finally {
        actionLock.unlock();
      }
    }
    return actions;
  }

  private boolean settle(String key, Map<String, Path> dirs, Map<Path, List<String>> listings)
      throws IOException {
    if (!manager.exists(key)) {
      return false;
    }
    if (key.endsWith(KafkaSegmentStore.IMPORT_SUFFIX)) {
      manager.delete(key);
      counters.sweepDeletes.increment();
      LOG.info("deleted an interrupted import: key={}", key);
      return true;
    }
    SegmentKey orphan = SegmentKey.parse(key).orElseThrow();
    Path dir = dirs.get(orphan.tag());
    if (Files.exists(anchor(dir, orphan))) {
      return false;
    }
    List<String> targets = successors(orphan, dir, listings);
    if (targets.size() > 1) {
      LOG.error(
          "left a key alone: its anchor is missing and several renamed partition directories hold"
              + " a keyless anchor of that name: key={}, candidates={} ({})",
          orphan,
          targets,
          dir);
      return false;
    }
    if (targets.size() == 1) {
      manager.rename(key, targets.get(0));
      counters.sweepRenames.increment();
      LOG.info(
          "renamed a key whose anchor Kafka had already renamed: from={}, to={} ({})",
          key,
          targets.get(0),
          dir);
    } else {
      manager.delete(key);
      counters.sweepDeletes.increment();
      LOG.info(
          "deleted a key whose anchor Kafka deleted: key={}, anchor={}", key, anchor(dir, orphan));
    }
    return true;
  }

  /**
   * Finds where an orphan's anchor went: the keys of the keyless anchors it may have been renamed
   * to in one step (none: deleted; one: renamed; several: ambiguous).
   */
  private List<String> successors(SegmentKey orphan, Path dir, Map<Path, List<String>> listings)
      throws IOException {
    String base = SegmentFiles.baseName(orphan.fileName());
    for (String suffix : SegmentFiles.successors(SegmentFiles.suffix(orphan.fileName()))) {
      SegmentKey candidate = new SegmentKey(orphan.tag(), orphan.partitionDir(), base + suffix);
      if (isKeylessAnchor(dir, candidate)) {
        return List.of(candidate.toString());
      }
    }
    List<String> moved = new ArrayList<>();
    for (String other : listing(dir, listings)) {
      if (SegmentFiles.isPartitionDirRename(orphan.partitionDir(), other)) {
        SegmentKey candidate = new SegmentKey(orphan.tag(), other, orphan.fileName());
        if (isKeylessAnchor(dir, candidate)) {
          moved.add(candidate.toString());
        }
      }
    }
    return moved;
  }

  private boolean isKeylessAnchor(Path dir, SegmentKey candidate) throws IOException {
    return Files.exists(anchor(dir, candidate)) && !manager.exists(candidate.toString());
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

  static Path anchor(Path dir, SegmentKey key) {
    return dir.resolve(key.partitionDir()).resolve(key.fileName());
  }
}
