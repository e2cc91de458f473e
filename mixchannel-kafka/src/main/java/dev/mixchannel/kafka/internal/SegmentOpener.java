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

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open path of a {@link KafkaSegmentStore}'s segments: finds or creates the key of the segment
 * Kafka opens (a stale key of a new segment's name put aside, a segment file with bytes the manager
 * did not know adopted) and hands Kafka an {@link AnchorChannel} on it, counted until Kafka closes
 * it. A segment whose bytes a fast tier lost ({@link LostSegments}) is refused, with its log dir.
 *
 * <p>A new segment is made in three steps, so that a file claims a key only once the key exists
 * ({@link Placeholder#claimsKey}): Kafka's file is created empty (Kafka always finds its file),
 * then the key (durable when created: a PMem slot is flushed, a file tier syncs its directory),
 * then the file is filled to the placeholder (not synced: a power loss may leave it empty, which
 * claims nothing). A crash before the key leaves an empty file without a key, which the next open
 * takes for the new segment it is.
 *
 * <p>Thread-safe. The store calls {@link #open} and {@link #known} under the shared side of its
 * lock ({@link StoreGate}), so no reconcile action or restore interleaves with them. The channels
 * it hands out are Kafka's to close; {@link #awaitChannelsClosed} waits for that.
 */
final class SegmentOpener {

  // The store's logger: these lines keep the logger name they had while this path was part of
  // the store.
  private static final Logger LOG = LoggerFactory.getLogger(KafkaSegmentStore.class);

  private final TierManager manager;
  private final KafkaTiers tiers;
  private final String lastTier;
  private final RefusedLogDirs refusedDirs;
  private final Quarantine quarantine;
  private final KeyAdopter adopter;
  private final ExcludedSegments excluded;
  private final AdapterCounters counters;
  private final LongSupplier clockMillis;
  private final OpenSegments openSegments = new OpenSegments();

  /**
   * Creates the open path of a store.
   *
   * @param tiers the tiers, whose last tier is the log dirs
   * @param lastTier the name of the log-dir tier
   * @param refusedDirs the refused log dirs, which the dir of a lost segment joins
   * @param quarantine where a stale key of a new segment's name goes
   * @param adopter gives a keyless anchor the key Kafka renamed it away from
   * @param excluded the segments of excluded topics, kept in their files
   * @param counters the event counters
   * @param clockMillis the wall clock, for the files' modification times
   */
  SegmentOpener(
      KafkaTiers tiers,
      String lastTier,
      RefusedLogDirs refusedDirs,
      Quarantine quarantine,
      KeyAdopter adopter,
      ExcludedSegments excluded,
      AdapterCounters counters,
      LongSupplier clockMillis) {
    this.manager = tiers.manager();
    this.tiers = tiers;
    this.lastTier = lastTier;
    this.refusedDirs = refusedDirs;
    this.quarantine = quarantine;
    this.adopter = adopter;
    this.excluded = excluded;
    this.counters = counters;
    this.clockMillis = clockMillis;
  }

  /**
   * Opens a segment for Kafka.
   *
   * @param segment the segment
   * @param mutable whether Kafka opens it for writing
   * @param initFileSize Kafka's expected size, a placement hint only
   * @return the channel, or empty when a read-only open finds no key and an empty file
   * @throws IOException when the tiers fail, or the segment's bytes were lost on a fast tier (its
   *     log dir is refused from now on)
   */
  Optional<FileChannel> open(SegmentPath segment, boolean mutable, int initFileSize)
      throws IOException {
    String key = segment.key();
    Path file = segment.anchor();
    if (!mutable) {
      if (!known(segment)) {
        return Optional.empty();
      }
      return Optional.of(wrap(manager.open(key, StandardOpenOption.READ), file));
    }
    // notExists, not !exists: a file whose existence cannot be told (an I/O error) is not new,
    // and the key of a file that is there must never be forgotten.
    boolean created = Files.notExists(file) && createFile(segment);
    boolean keyed = false;
    if (!created) {
      adopter.adopt(segment);
      keyed = known(segment);
    }
    adopter.opened(segment);
    MixChannel channel =
        manager.open(
            key,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE,
            StandardOpenOption.CREATE,
            SizeHint.of(Math.max(0, initFileSize)));
    if (!keyed) {
      fill(key, channel);
    }
    if (created) {
      SegmentSealer.sealOlder(manager, segment);
    }
    counters.opens.increment();
    return Optional.of(wrap(channel, file));
  }

  /**
   * Whether the manager knows a segment's key, after adopting a segment file with bytes it did not
   * know (a segment on the last tier: written without the adapter, or demoted); an adopted segment
   * of an excluded topic is held in its file.
   *
   * @param segment the segment
   * @return whether the manager knows its key now; {@code false} for an empty file without a key
   * @throws IOException when the file cannot be read or the tiers fail, or when the file is a
   *     placeholder whose key no tier holds ({@link LostSegments}): its log dir is refused then
   */
  boolean known(SegmentPath segment) throws IOException {
    String key = segment.key();
    Path file = segment.anchor();
    if (manager.exists(key)) {
      return true;
    }
    if (Placeholder.segmentBytes(file) > 0 && manager.adopt(key)) {
      counters.adoptions.increment();
      LOG.info("adopted a segment file on the last tier: key={}, file={}", key, file);
      if (excluded.isExcluded(key)) {
        excluded.keepInFile(key);
      }
      return true;
    }
    checkNotLost(segment);
    return manager.exists(key);
  }

  /**
   * Fails when a segment's bytes were lost on a fast tier ({@link LostSegments}), after a key one
   * Kafka rename behind followed its file ({@link KeyAdopter}): such a file claims the key it was
   * renamed with.
   *
   * @param segment the segment
   * @throws IOException when the file cannot be read or the tiers fail, or when the segment is
   *     lost: its log dir is refused then
   */
  void checkNotLost(SegmentPath segment) throws IOException {
    if (manager.exists(segment.key()) || !Placeholder.claimsKey(segment.anchor())) {
      return;
    }
    adopter.adopt(segment);
    if (tiers.lost().isLost(segment)) {
      throw tiers.lost().refuse(segment, refusedDirs);
    }
  }

  /**
   * Waits until Kafka has closed every segment channel this open path handed out.
   *
   * @param timeoutMillis the longest wait
   * @return whether none is open
   * @throws InterruptedException when interrupted
   */
  boolean awaitChannelsClosed(long timeoutMillis) throws InterruptedException {
    return openSegments.awaitNone(TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
  }

  private FileChannel wrap(MixChannel channel, Path file) {
    openSegments.opened();
    return new AnchorChannel(channel, file, clockMillis, openSegments::closed);
  }

  /**
   * The first step of a new segment: its file, created empty. A key left from a deleted segment of
   * the same name is stale: on a fast tier it is put aside rather than deleted; on the log-dir tier
   * its bytes were the file Kafka removed, so the key is only forgotten (the quarantine cannot hold
   * a log-dir key).
   *
   * @return whether the file was created; {@code false} when it appeared meanwhile (Kafka's file of
   *     the same name), which is then opened as an existing file
   */
  private boolean createFile(SegmentPath segment) throws IOException {
    String key = segment.key();
    if (manager.exists(key)) {
      if (lastTier.equals(manager.tierOf(key))) {
        manager.delete(key);
        LOG.info("forgot a key of the log-dir tier whose file Kafka deleted: key={}", key);
      } else {
        quarantine.quarantine(key, "Kafka creates a new segment of that name");
      }
    }
    Path file = segment.anchor();
    try {
      Files.createFile(file);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(
          file.toString(), null, "partition directory missing: cannot create the segment file");
    }
  }

  /**
   * The last step of a new segment (or of an empty file without a key): its key exists, so its file
   * becomes the placeholder when the key is on a fast tier (the log-dir tier leaves its own file
   * alone). A failure closes the channel: Kafka must not write to a segment whose file is in doubt.
   */
  private void fill(String key, MixChannel channel) throws IOException {
    try {
      tiers.logDirTier().fillPlaceholder(key);
    } catch (IOException | RuntimeException e) {
      try {
        channel.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }
}
