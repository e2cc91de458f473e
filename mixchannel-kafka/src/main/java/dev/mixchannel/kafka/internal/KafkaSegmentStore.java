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
import java.nio.channels.FileChannel;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka's segment files on a {@link TierManager} whose last tier is the log dirs themselves ({@link
 * LogDirTier}): a segment's bytes are on a fast tier, with a placeholder of its name in the log
 * dir, or in its own {@code .log} file, an ordinary Kafka segment. Opens, renames and deletes Kafka
 * makes through {@code FileRecords} arrive here; the {@link Reconciler} repairs what Kafka changed
 * without it.
 *
 * <p>Invariants: Kafka changes its file first (creates, renames, deletes it) and the key follows,
 * so after a crash a key is at most one step behind its file. A segment file with bytes that no
 * fast tier holds is simply a segment on the last tier (written without the adapter, or demoted):
 * it is adopted, never imported. A placeholder whose key no tier holds is a segment whose bytes a
 * fast tier lost: refused with its log dir, never created anew ({@link LostSegments}). Nothing is
 * deleted because a file or directory cannot be seen: orphans are quarantined ({@link Quarantine}).
 *
 * <p>Thread-safe: every operation enters through a {@link StoreGate}. Kafka's run concurrently
 * under the shared side of one lock (an open takes the {@link SegmentOpener}'s path); each
 * reconcile action and a restore take the exclusive side. Owns the manager: {@link #close()} closes
 * it.
 */
final class KafkaSegmentStore implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(KafkaSegmentStore.class);

  private final TierManager manager;
  private final LogDirs logDirs;
  private final String lastTier;
  private final StoreGate gate;
  private final AdapterCounters counters = new AdapterCounters();
  private final Reconciler reconciler;
  private final KeyAdopter adopter;
  private final Quarantine quarantine;
  private final ExcludedSegments excluded;
  private final SegmentOpener opener;
  private final SweepAgent sweeper;
  private final AdapterBean bean;

  private KafkaSegmentStore(
      KafkaTiers tiers,
      LogDirs logDirs,
      String lastTier,
      long retentionMillis,
      LongSupplier clockMillis,
      boolean jmx,
      LogDirStatus status,
      Predicate<String> excludedTopic,
      RefusedLogDirs refusedDirs) {
    TierManager manager = tiers.manager();
    this.manager = manager;
    this.logDirs = logDirs;
    this.lastTier = lastTier;
    this.gate = new StoreGate(manager, refusedDirs);
    LogDirStatus offline = refusedDirs.offlineTogetherWith(status);
    this.quarantine = new Quarantine(tiers, logDirs, offline, retentionMillis, clockMillis);
    this.reconciler =
        new Reconciler(
            manager, logDirs, lastTier, offline, quarantine, gate.exclusiveLock(), counters);
    this.adopter = new KeyAdopter(manager, lastTier, counters);
    this.excluded = new ExcludedSegments(manager, lastTier, excludedTopic);
    this.opener =
        new SegmentOpener(
            tiers, lastTier, refusedDirs, quarantine, adopter, excluded, counters, clockMillis);
    this.sweeper = new SweepAgent(this::sweep);
    this.bean = jmx ? AdapterBean.register(manager, logDirs, counters, quarantine) : null;
  }

  /**
   * Opens the store: refuses every segment of a log dir that holds a key the tiers refused (copies
   * that differ, a copy a tier refuses, see {@link RefusedLogDirs}), marks the log dir of every key
   * on a fast tier and makes its file a whole placeholder (log dirs an earlier adapter wrote),
   * seals every segment but the newest of each partition, holds the quarantined keys and the files
   * of excluded topics, reconciles the keys of the known log dirs with their files, refuses the log
   * dirs of segments whose bytes a fast tier lost ({@link LostSegments}), then starts the periodic
   * sweep.
   *
   * @param tiers the tiers, whose last tier is the log dirs; owned by the store from now on
   * @param logDirs the log dirs
   * @param lastTier the name of the log-dir tier
   * @param sweepIntervalMillis milliseconds between two sweeps, 0 for none
   * @param retentionMillis how long a quarantined key is kept
   * @param clockMillis the wall clock, for file times and quarantine ages
   * @param jmx whether to register the adapter's MXBean (skipped when one is registered)
   * @param status what Kafka says of its log dirs (offline or not)
   * @param excludedTopic the topics whose segments Kafka keeps in its own files only
   * @return the store
   * @throws IOException when the first reconcile fails; the manager is closed then
   */
  public static KafkaSegmentStore open(
      KafkaTiers tiers,
      LogDirs logDirs,
      String lastTier,
      long sweepIntervalMillis,
      long retentionMillis,
      LongSupplier clockMillis,
      boolean jmx,
      LogDirStatus status,
      Predicate<String> excludedTopic)
      throws IOException {
    KafkaSegmentStore store = null;
    try {
      StoreOpening opening = new StoreOpening(tiers, logDirs, lastTier);
      RefusedLogDirs refused = opening.refusedLogDirs();
      store =
          new KafkaSegmentStore(
              tiers,
              logDirs,
              lastTier,
              retentionMillis,
              clockMillis,
              jmx,
              status,
              excludedTopic,
              refused);
      opening.markHotLogDirs();
      SegmentSealer.sealAllButNewest(tiers.manager());
      store.quarantine.holdAll();
      store.excluded.holdFilesAtOpen();
      store.reconcile(false);
      opening.refuseLostSegments(refused);
    } catch (IOException | RuntimeException e) {
      try {
        if (store != null) {
          store.close();
        } else {
          tiers.close();
        }
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    if (sweepIntervalMillis > 0) {
      store.sweeper.start(sweepIntervalMillis);
    }
    return store;
  }

  /**
   * The tiers.
   *
   * @return the manager
   */
  public TierManager manager() {
    return manager;
  }

  /**
   * The log dirs.
   *
   * @return the log dirs
   */
  public LogDirs logDirs() {
    return logDirs;
  }

  /**
   * The event counters, as the MXBean shows them.
   *
   * @return the counters
   */
  AdapterCounters counters() {
    return counters;
  }

  /**
   * The name of the log-dir tier.
   *
   * @return the last tier's name
   */
  public String lastTier() {
    return lastTier;
  }

  /**
   * Opens a segment for Kafka.
   *
   * @param segment the segment
   * @param mutable whether Kafka opens it for writing
   * @param initFileSize Kafka's expected size, a placement hint only
   * @return the channel, or empty when a read-only open finds no key and an empty file (Kafka then
   *     opens the file itself, as a broker without the adapter would)
   * @throws IOException when the tiers fail, or the segment or its log dir is refused
   */
  public Optional<FileChannel> open(SegmentPath segment, boolean mutable, int initFileSize)
      throws IOException {
    return gate.call(() -> opener.open(segment, mutable, initFileSize), segment);
  }

  /**
   * Follows a rename Kafka made of a segment file (a suffix change, or its partition directory
   * moved).
   *
   * @param channel the segment's channel, pointed at the new file when it is an {@link
   *     AnchorChannel}
   * @param from the segment before
   * @param to the segment after
   * @throws IOException when the tiers fail
   */
  public void renamed(FileChannel channel, SegmentPath from, SegmentPath to) throws IOException {
    gate.run(() -> renamedChecked(channel, from, to), from, to);
  }

  private void renamedChecked(FileChannel channel, SegmentPath from, SegmentPath to)
      throws IOException {
    if (channel instanceof AnchorChannel anchored) {
      anchored.anchorMoved(to.anchor());
    }
    String fromKey = from.key();
    String toKey = to.key();
    if (fromKey.equals(toKey)) {
      return;
    }
    adopter.renamed(fromKey, toKey);
    if (manager.exists(fromKey)) {
      manager.rename(fromKey, toKey);
      counters.renames.increment();
    } else if (!opener.known(to)) {
      LOG.debug("Kafka renamed a segment that has no key: from={}, to={}", fromKey, toKey);
    }
    excluded.renamed(fromKey, toKey);
  }

  /**
   * Follows Kafka's deletion of a segment file.
   *
   * @param segment the segment
   * @throws IOException when the tiers fail
   */
  public void deleted(SegmentPath segment) throws IOException {
    gate.run(
        () -> {
          adopter.deleted(segment.key());
          if (manager.delete(segment.key())) {
            counters.deletes.increment();
          }
          excluded.deleted(segment.key());
        },
        segment);
  }

  /**
   * Makes a segment's own file complete before something reads it by path (Kafka tiered storage
   * uploading it): its bytes are demoted into the log dir, durably, and held there until the
   * returned hold is closed, so no promotion empties the file meanwhile. A segment the tiers do not
   * hold is its file already.
   *
   * @param segment the segment
   * @return the hold; the caller closes it when the read is done
   * @throws IOException when the demotion fails (the reader must not read the file then)
   */
  public KeyHold holdInLogDir(SegmentPath segment) throws IOException {
    return gate.call(
        () -> {
          String key = segment.key();
          if (!opener.known(segment)) {
            return () -> {};
          }
          KeyHold hold = manager.hold(key, lastTier);
          counters.demotionsForReaders.increment();
          return hold;
        },
        segment);
  }

  /**
   * Hands a segment of an excluded topic back to Kafka's own file: its bytes are demoted into the
   * log dir when a tier holds them (a topic newly excluded), so that Kafka can open the file
   * itself, and a key of it is held there while the store is open (see {@link ExcludedSegments}).
   *
   * @param segment the segment
   * @throws IOException when the demotion fails, or the segment's bytes were lost on a fast tier
   */
  public void releaseToKafka(SegmentPath segment) throws IOException {
    gate.run(
        () -> {
          opener.checkNotLost(segment);
          excluded.keepInFile(segment.key());
        },
        segment);
  }

  /**
   * One reconcile pass now (see {@link Reconciler}), then the quarantine's expired keys go.
   *
   * @param confirm act only on orphans the previous confirmed pass saw too
   * @return the number of keys renamed, quarantined or deleted
   * @throws IOException when the tiers fail
   */
  public synchronized int reconcile(boolean confirm) throws IOException {
    gate.checkOpen();
    int actions = reconciler.doWork(confirm);
    actions += quarantine.purgeExpired().size();
    excluded.forgetGone();
    counters.sweeps.increment();
    return actions;
  }

  /**
   * Restores a quarantined key under its original name, under the exclusive side of the lock; never
   * over a live key of that name ({@link Quarantine#restore}).
   *
   * @param quarantined the quarantined key
   * @return the original key
   * @throws java.nio.file.FileAlreadyExistsException when a tier holds the original key; nothing is
   *     changed then
   * @throws IOException when the tiers fail
   */
  public String restore(String quarantined) throws IOException {
    return gate.exclusive(() -> quarantine.restore(quarantined));
  }

  /**
   * The quarantined keys with their tiers.
   *
   * @return lines {@code <tier> <quarantined key>}
   */
  public List<String> quarantinedKeys() {
    return quarantine.list();
  }

  /**
   * Waits until Kafka has closed every segment channel this store handed out.
   *
   * @param timeoutMillis the longest wait
   * @return whether none is open
   * @throws InterruptedException when interrupted
   */
  public boolean awaitChannelsClosed(long timeoutMillis) throws InterruptedException {
    return opener.awaitChannelsClosed(timeoutMillis);
  }

  /**
   * Stops the sweep, unregisters the MBean and closes the tiers. Idempotent.
   *
   * @throws IOException when closing the tiers fails
   */
  @Override
  public void close() throws IOException {
    if (!gate.close()) {
      return;
    }
    sweeper.close();
    quarantine.close();
    excluded.close();
    if (bean != null) {
      bean.close();
    }
    manager.close();
  }

  private void sweep() {
    try {
      reconcile(true);
    } catch (IOException | RuntimeException e) {
      // A background pass has no caller to throw to; the next pass retries.
      LOG.warn("orphan sweep failed; retrying in the next pass: {}", e.toString(), e);
    }
  }
}
