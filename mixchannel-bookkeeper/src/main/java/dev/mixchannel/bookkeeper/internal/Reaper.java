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
package dev.mixchannel.bookkeeper.internal;

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the keys of journals the bookie deleted. The bookie deletes old journals with {@code
 * File.delete} after a checkpoint and never tells the provider, so a pass compares the journal keys
 * with the listings of their directories.
 *
 * <p>A key is judged only when its directory can be listed: a directory that is missing, is no
 * directory or cannot be read is never taken as "deleted" (a journal disk may be unmounted or
 * failing), and its keys are kept with one WARN line. A key whose placeholder is missing from a
 * readable directory is deleted when the bookie would have deleted it: its journal id is below the
 * last log mark of that journal directory. Otherwise (no readable mark, a directory that is not one
 * of the bookie's journal directories, a journal at or after the mark) it is quarantined: renamed
 * to {@code quarantine/<epoch millis>/<key>}, kept with its bytes, and logged at WARN. Keys with an
 * open journal channel are left alone.
 *
 * <p>The keys are listed before the directories: a key is created only after its placeholder, so a
 * key in the snapshot whose placeholder is missing from the later listing was deleted. Each action
 * re-checks the key under the storage's key lock. One caller at a time.
 */
final class Reaper {

  private static final Logger LOG = LoggerFactory.getLogger(Reaper.class);

  private final TierManager tiers;
  private final JournalSettings settings;
  private final LastMarks marks;
  private final Lock keyLock;
  private final Predicate<String> inUse;
  private final Clock clock;
  private final Set<Path> warned = new HashSet<>();

  /**
   * Creates a reaper; the last log marks are read from the ledger directories of the settings.
   *
   * @param tiers the journal tiers
   * @param settings the bookie's settings
   * @param keyLock the lock each action takes
   * @param inUse whether a key has an open journal channel (such keys are left alone)
   * @param clock the clock, for quarantine times
   */
  Reaper(
      TierManager tiers,
      JournalSettings settings,
      Lock keyLock,
      Predicate<String> inUse,
      Clock clock) {
    this.tiers = tiers;
    this.settings = settings;
    this.marks = new LastMarks(settings.ledgerDirs(), settings.journalDirs().size());
    this.keyLock = keyLock;
    this.inUse = inUse;
    this.clock = clock;
  }

  /**
   * One pass over every journal key.
   *
   * @return the number of keys deleted or quarantined
   * @throws IOException when deleting or renaming a key fails
   */
  int doWork() throws IOException {
    List<String> keys = tiers.keys();
    Map<Path, Optional<Set<String>>> listings = new HashMap<>();
    int actions = 0;
    for (String key : keys) {
      if (!JournalKeys.isJournalKey(key)) {
        continue;
      }
      Path placeholder = JournalKeys.placeholderOf(key);
      Path dir = placeholder.getParent();
      Optional<Set<String>> names = listings.computeIfAbsent(dir, this::list);
      if (names.isEmpty() || names.get().contains(placeholder.getFileName().toString())) {
        continue;
      }
      keyLock.lock();
      try {
        if (!inUse.test(key) && tiers.exists(key) && Files.notExists(placeholder)) {
          settle(key, dir, placeholder.getFileName().toString());
          actions++;
        }
      } finally {
        keyLock.unlock();
      }
    }
    return actions;
  }

  private void settle(String key, Path dir, String name) throws IOException {
    int index = journalIndex(dir);
    OptionalLong id = JournalKeys.journalId(name);
    OptionalLong mark = index < 0 ? OptionalLong.empty() : marks.logId(index);
    if (id.isPresent()
        && mark.isPresent()
        && Long.compareUnsigned(id.getAsLong(), mark.getAsLong()) < 0) {
      tiers.delete(key);
      LOG.info(
          "deleted the key of a journal the bookie garbage-collected: key={}, lastMark={}",
          key,
          Long.toHexString(mark.getAsLong()));
      return;
    }
    String why =
        index < 0
            ? "its directory is not one of the bookie's journal directories"
            : mark.isEmpty()
                ? "no ledger directory holds a readable last log mark"
                : "the journal is not older than the last log mark "
                    + Long.toHexString(mark.getAsLong());
    quarantine(tiers, key, clock, "its placeholder was deleted but " + why);
  }

  private int journalIndex(Path dir) {
    List<Path> dirs = settings.journalDirs();
    for (int i = 0; i < dirs.size(); i++) {
      try {
        if (Files.isSameFile(dirs.get(i), dir)) {
          return i;
        }
      } catch (IOException e) {
        // A journal directory that cannot be resolved matches nothing.
      }
    }
    return -1;
  }

  private Optional<Set<String>> list(Path dir) {
    if (!Files.isDirectory(dir)) {
      warnOnce(dir, "journal directory is missing or no directory: its keys are kept");
      return Optional.empty();
    }
    Set<String> names = new HashSet<>();
    try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
      for (Path child : children) {
        names.add(child.getFileName().toString());
      }
    } catch (IOException | RuntimeException e) {
      warnOnce(dir, "journal directory cannot be listed: its keys are kept (" + e + ")");
      return Optional.empty();
    }
    warned.remove(dir);
    return Optional.of(names);
  }

  private void warnOnce(Path dir, String message) {
    if (warned.add(dir)) {
      LOG.warn("{}: dir={}", message, dir);
    }
  }

  /**
   * Moves a key to quarantine: out of every placeholder's reach, with its bytes.
   *
   * @param tiers the tiers
   * @param key the key
   * @param clock the clock for the quarantine name
   * @param why the reason, for the log
   * @return the quarantined key
   * @throws IOException when the rename fails
   */
  static String quarantine(TierManager tiers, String key, Clock clock, String why)
      throws IOException {
    String target = JournalKeys.quarantined(key, clock.millis());
    tiers.rename(key, target);
    LOG.warn("quarantined a journal key: key={}, to={}, reason: {}", key, target, why);
    return target;
  }
}
