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

import dev.mixchannel.tiering.KeyHold;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keys that look orphaned (their segment file is gone while their log dir answers) are not deleted:
 * they are renamed to {@code ~quarantine/<since millis>/<key>}, held on the tier they are on (the
 * policy leaves them there) and deleted only once older than the retention. An operator lists them
 * in JMX ({@link dev.mixchannel.kafka.KafkaAdapterMXBean#getQuarantinedKeys()}) and with {@code
 * QuarantineCommand <settings> list}, and restores one by renaming it back ({@link #restore}),
 * never over a live key of its original name nor into a log dir that is not known and online. The
 * prefix cannot clash with a segment key: a log dir's {@code directory.id} never holds a {@code ~}.
 * Thread-safe.
 */
final class Quarantine {
  private static final Logger LOG = LoggerFactory.getLogger(Quarantine.class);

  /** The first part of every quarantined key. */
  static final String PREFIX = "~quarantine/";

  private final TierManager manager;
  private final LogDirTier logDirTier;
  private final LogDirs logDirs;
  private final LogDirStatus status;
  private final long retentionMillis;
  private final LongSupplier clockMillis;
  private final Map<String, KeyHold> holds = new ConcurrentHashMap<>();

  /**
   * Creates the quarantine of a broker's tiers.
   *
   * @param tiers the tiers, whose last tier is the log dirs
   * @param logDirs the log dirs, where a restore checks the original key's
   * @param status which log dirs are offline (Kafka's view, with the refused ones)
   * @param retentionMillis how long a quarantined key is kept
   * @param clockMillis the wall clock, for quarantine ages
   */
  Quarantine(
      KafkaTiers tiers,
      LogDirs logDirs,
      LogDirStatus status,
      long retentionMillis,
      LongSupplier clockMillis) {
    this.manager = tiers.manager();
    this.logDirTier = tiers.logDirTier();
    this.logDirs = logDirs;
    this.status = status;
    this.retentionMillis = retentionMillis;
    this.clockMillis = clockMillis;
  }

  /** Whether a key is a quarantined one. */
  static boolean isQuarantined(String key) {
    return key.startsWith(PREFIX);
  }

  /** The original key of a quarantined one. */
  static Optional<String> originalOf(String key) {
    if (!isQuarantined(key)) {
      return Optional.empty();
    }
    int slash = key.indexOf('/', PREFIX.length());
    return slash < 0 ? Optional.empty() : Optional.of(key.substring(slash + 1));
  }

  /**
   * Moves a key into quarantine.
   *
   * @param key the key
   * @param why why it looks orphaned, for the log
   * @return the quarantined key
   * @throws IOException when the tiers fail
   */
  String quarantine(String key, String why) throws IOException {
    String quarantined = PREFIX + clockMillis.getAsLong() + "/" + key;
    manager.rename(key, quarantined);
    hold(quarantined);
    LOG.warn(
        "quarantined a key that looks orphaned, deleted after {} ms unless restored: key={},"
            + " quarantined={} ({})",
        retentionMillis,
        key,
        quarantined,
        why);
    return quarantined;
  }

  /** Holds every quarantined key on its tier (when the adapter opens). */
  void holdAll() throws IOException {
    for (String key : manager.keys()) {
      if (isQuarantined(key)) {
        hold(key);
      }
    }
  }

  private void hold(String key) throws IOException {
    try {
      KeyHold old = holds.put(key, manager.hold(key, manager.tierOf(key)));
      if (old != null) {
        old.close();
      }
    } catch (NoSuchFileException e) {
      holds.remove(key);
    }
  }

  /**
   * Deletes the quarantined keys older than the retention.
   *
   * @return the keys deleted
   * @throws IOException when the tiers fail
   */
  List<String> purgeExpired() throws IOException {
    List<String> deleted = new ArrayList<>();
    long now = clockMillis.getAsLong();
    for (String key : manager.keys()) {
      if (isQuarantined(key) && now - sinceMillis(key) >= retentionMillis) {
        release(key);
        if (manager.delete(key)) {
          deleted.add(key);
          LOG.info("deleted a quarantined key after its retention: key={}", key);
        }
      }
    }
    return deleted;
  }

  /**
   * Restores a quarantined key under its original name, unless a live key has that name: Kafka
   * created a segment of that name since (the reason a stale key is quarantined when Kafka opens a
   * new segment), whose records a rename would replace. The caller holds the store's exclusive
   * lock, so no operation of Kafka's through the store runs between the check and the rename; since
   * Kafka renames a file before its key follows, the check asks the log-dir tier for the file as
   * well as the manager for the key. That check needs the original key's log dir: a restore into a
   * log dir that is not known and online (unknown, offline, refused, not answering) is refused.
   *
   * @param quarantined the quarantined key
   * @return the original key
   * @throws FileAlreadyExistsException when a tier holds the original key, naming it, the
   *     quarantined key and the tier; nothing is changed then
   * @throws IOException when the original key's log dir is not known and online; nothing is changed
   *     then
   * @throws dev.mixchannel.api.DivergentCopiesException when the original key is refused (its
   *     copies differ); nothing is changed then
   * @throws IOException when the tiers fail
   * @throws IllegalArgumentException when the key is no quarantined key
   */
  String restore(String quarantined) throws IOException {
    String original =
        originalOf(quarantined)
            .orElseThrow(
                () -> new IllegalArgumentException("not a quarantined key: key=" + quarantined));
    checkLogDirOnline(quarantined, original);
    Optional<String> live = tierHolding(original);
    if (live.isPresent()) {
      throw new FileAlreadyExistsException(
          original,
          null,
          "restore refused, a live key has this name: quarantined="
              + quarantined
              + ", tier="
              + live.get()
              + " (nothing changed; the segment of this name holds Kafka's records now and a"
              + " restore would replace them. Leave the quarantined key: it is deleted after "
              + AdapterSettings.QUARANTINE_RETENTION_MS
              + ", which can be raised to keep it longer)");
    }
    manager.rename(quarantined, original);
    release(quarantined);
    LOG.info("restored a quarantined key: key={}, from={}", original, quarantined);
    return original;
  }

  /**
   * Fails a restore whose original key's log dir is not known and online: what is there (a live
   * segment of that name, a file Kafka renamed onto it) cannot be checked, and the restored key
   * would wait there for a dir that may come back with that segment.
   */
  private void checkLogDirOnline(String quarantined, String original) throws IOException {
    Optional<SegmentKey> parsed = SegmentKey.parse(original);
    Path dir = parsed.map(k -> logDirs.known().get(k.tag())).orElse(null);
    if (dir == null || status.isOffline(dir) || !LogDirs.answers(dir, parsed.get().tag())) {
      throw new IOException(
          "restore refused, the log dir of the original key is not known and online: quarantined="
              + quarantined
              + ", key="
              + original
              + ", logDir="
              + (dir == null ? "unknown" : dir.toString())
              + " (nothing changed: whether a live segment of that name is there cannot be"
              + " checked. Bring the log dir back, mounted, in log.dirs, its meta.properties"
              + " readable and not refused, then restore again)");
    }
  }

  /**
   * The tier that holds a key now: the manager's answer, or the log-dir tier when the key's segment
   * file holds bytes the manager has not indexed yet.
   */
  private Optional<String> tierHolding(String key) throws IOException {
    try {
      if (manager.exists(key)) {
        return Optional.of(manager.tierOf(key));
      }
    } catch (UncheckedIOException e) {
      // The key is refused, its copies differ: live bytes too. Thrown as the tiers' refusal.
      throw e.getCause();
    }
    return logDirTier.holdsNow(key) ? Optional.of(logDirTier.name()) : Optional.empty();
  }

  private void release(String key) {
    KeyHold hold = holds.remove(key);
    if (hold != null) {
      hold.close();
    }
  }

  /** The quarantined keys with their tiers, as {@code "<tier> <key>"} lines. */
  List<String> list() {
    List<String> lines = new ArrayList<>();
    for (String key : manager.keys()) {
      if (isQuarantined(key)) {
        try {
          lines.add(manager.tierOf(key) + " " + key);
        } catch (NoSuchFileException e) {
          // deleted meanwhile
        }
      }
    }
    return lines;
  }

  private static long sinceMillis(String key) {
    int end = key.indexOf('/', PREFIX.length());
    try {
      return Long.parseLong(key.substring(PREFIX.length(), end));
    } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
      return Long.MAX_VALUE;
    }
  }

  /** Releases every hold (the adapter closes). */
  void close() {
    holds.values().forEach(KeyHold::close);
    holds.clear();
  }
}
