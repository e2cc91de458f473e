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
 * Kafka opens (a new segment's file created as a placeholder, a stale key of its name put aside, a
 * segment file with bytes the manager did not know adopted) and hands Kafka an {@link
 * AnchorChannel} on it, counted until Kafka closes it.
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
  private final String lastTier;
  private final Quarantine quarantine;
  private final KeyAdopter adopter;
  private final ExcludedSegments excluded;
  private final AdapterCounters counters;
  private final LongSupplier clockMillis;
  private final OpenSegments openSegments = new OpenSegments();

  /**
   * Creates the open path of a store.
   *
   * @param manager the tiers, whose last tier is the log dirs
   * @param lastTier the name of the log-dir tier
   * @param quarantine where a stale key of a new segment's name goes
   * @param adopter gives a keyless anchor the key Kafka renamed it away from
   * @param excluded the segments of excluded topics, kept in their files
   * @param counters the event counters
   * @param clockMillis the wall clock, for the files' modification times
   */
  SegmentOpener(
      TierManager manager,
      String lastTier,
      Quarantine quarantine,
      KeyAdopter adopter,
      ExcludedSegments excluded,
      AdapterCounters counters,
      LongSupplier clockMillis) {
    this.manager = manager;
    this.lastTier = lastTier;
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
   * @return the channel, or empty when a read-only open finds no key
   * @throws IOException when the tiers fail
   */
  Optional<FileChannel> open(SegmentPath segment, boolean mutable, int initFileSize)
      throws IOException {
    String key = segment.key();
    Path file = segment.anchor();
    if (!mutable) {
      if (!known(key, file)) {
        return Optional.empty();
      }
      return Optional.of(wrap(manager.open(key, StandardOpenOption.READ), file));
    }
    boolean created = false;
    if (!Files.exists(file)) {
      // A new segment: a key left from a deleted one of the same name is stale. On a fast tier
      // it is put aside rather than deleted; on the log-dir tier its bytes were the file Kafka
      // removed, so the key is only forgotten (the quarantine cannot hold a log-dir key).
      if (manager.exists(key)) {
        if (lastTier.equals(manager.tierOf(key))) {
          manager.delete(key);
          LOG.info("forgot a key of the log-dir tier whose file Kafka deleted: key={}", key);
        } else {
          quarantine.quarantine(key, "Kafka creates a new segment of that name");
        }
      }
      createFile(file);
      created = true;
    } else {
      adopter.adopt(segment);
      known(key, file);
    }
    adopter.opened(segment);
    MixChannel channel =
        manager.open(
            key,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE,
            StandardOpenOption.CREATE,
            SizeHint.of(Math.max(0, initFileSize)));
    if (created) {
      SegmentSealer.sealOlder(manager, segment);
    }
    counters.opens.increment();
    return Optional.of(wrap(channel, file));
  }

  /**
   * Whether the manager knows a key, after adopting a segment file with bytes it did not know (a
   * segment on the last tier: written without the adapter, or demoted); an adopted segment of an
   * excluded topic is held in its file.
   *
   * @param key the segment's key
   * @param file the segment's file
   * @return whether the manager knows the key now
   * @throws IOException when the file cannot be read or the tiers fail
   */
  boolean known(String key, Path file) throws IOException {
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
    return false;
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
   * Creates a new segment's file as a placeholder, what it is while the bytes are on a fast tier;
   * the log-dir tier empties it when the segment is placed there.
   */
  private static void createFile(Path file) throws IOException {
    try {
      Placeholder.create(file);
    } catch (FileAlreadyExistsException e) {
      // Created between our check and now: a placeholder, or Kafka's file of the same name.
      return;
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(
          file.toString(), null, "partition directory missing: cannot create the segment file");
    }
  }
}
