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

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelException;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.DaemonThreads;
import dev.mixchannel.common.Version;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tiers of one bookie process, shared by the providers of all its journal directories: opened
 * on the first journal channel (so that {@code lastmark} and the last-log-mark endpoint, which
 * build providers without using them, never open storage), closed when every attached provider is
 * closed and the last journal the bookie writes is closed. The bookie closes its providers before
 * its journal threads close their last channel, and closes that channel on an interrupted thread:
 * the close clears the interrupt while it waits for the tiers and sets it again.
 *
 * <p>Opening a journal: a new journal (its placeholder did not exist when the provider was asked)
 * gets a new key, and then its file becomes a placeholder that a bookie without the provider
 * refuses ({@link JournalPlaceholder}); an existing placeholder is read from its key, or the open
 * is refused when a placeholder that says it has a key has none; a file with journal bytes (a
 * journal written without the provider, or evacuated) is read as it is. The reaper runs once when
 * the storage opens and then every {@code reap.interval.ms} on the thread {@code
 * mixchannel-bookkeeper-reaper-1}. Thread-safe: key actions (opens, reaper actions) hold one lock.
 */
public final class JournalStorage {

  private static final Logger LOG = LoggerFactory.getLogger(JournalStorage.class);

  private static final long STOP_WAIT_SECONDS = 30;

  private final JournalSettings settings;
  private final Clock clock;
  private final ReentrantLock keyLock = new ReentrantLock();
  private final Map<String, Integer> openKeys = new HashMap<>();
  private TierManager manager;
  private Runnable unregisterMetrics = () -> {};
  private Reaper reaper;
  private ScheduledExecutorService runner;
  private int providers;
  private int writers;
  private boolean closed;

  /**
   * Creates the storage; nothing is opened until the first journal channel.
   *
   * @param settings the settings
   * @param clock the clock for quarantine names
   */
  public JournalStorage(JournalSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * The settings.
   *
   * @return the settings this storage was created with
   */
  public JournalSettings settings() {
    return settings;
  }

  /**
   * Counts a provider in, unless the storage is closed.
   *
   * @return {@code false} when the storage is closed
   */
  public synchronized boolean attachProvider() {
    if (closed) {
      return false;
    }
    providers++;
    return true;
  }

  /** Counts a provider out. */
  public synchronized void detachProvider() {
    providers--;
  }

  /**
   * Marks the storage closed when no provider is attached and no written journal is open.
   *
   * @return {@code true} when the caller must now call {@link #closeNow()}
   */
  public synchronized boolean closeIfIdle() {
    if (closed || providers > 0 || writers > 0) {
      return false;
    }
    closed = true;
    return true;
  }

  /**
   * Whether a journal channel is open on a key.
   *
   * @param key the key
   * @return whether the bookie has it open
   */
  public synchronized boolean inUse(String key) {
    return openKeys.containsKey(key);
  }

  /**
   * Opens the channel of a journal the bookie is creating: moves a stale key of that name to
   * quarantine, creates the key and forces it, then makes the journal file a whole placeholder,
   * durably ({@link JournalPlaceholder#fill}). Only then may the bookie write an entry: replay
   * finds a journal only by listing its directory, and a bookie without the provider must find a
   * file it refuses; and since the key exists before the placeholder is whole, a whole placeholder
   * without a key always means lost bytes.
   *
   * @param placeholder the journal file the bookie created
   * @return the channel, to be closed by the bookie
   * @throws IOException when the tiers or the placeholder fail
   */
  public FileChannel openNew(Path placeholder) throws IOException {
    keyLock.lock();
    try {
      TierManager tiers = tiers();
      String key = JournalKeys.keyOf(placeholder);
      if (tiers.exists(key)) {
        Reaper.quarantine(tiers, key, clock, "a new journal's key existed already");
      }
      MixChannel channel =
          tiers.open(key, CREATE_NEW, READ, WRITE, SizeHint.of(settings.sizeHintBytes()));
      try {
        channel.force(true);
        JournalPlaceholder.fill(placeholder);
      } catch (IOException | RuntimeException e) {
        Closeables.closeQuietly(e, channel);
        throw e;
      }
      track(key, true);
      return new JournalKeyChannel(channel, this, key, true, settings.preallocate());
    } finally {
      keyLock.unlock();
    }
  }

  /**
   * Opens the channel of an existing journal for replay, by what its file holds ({@link
   * JournalPlaceholder.State}): journal bytes are read from the file itself (a leftover key of an
   * interrupted evacuation is deleted); a placeholder is read from its key, or from the key of the
   * same journal under a directory that is gone (a moved journal directory), renamed to this one,
   * and the file is filled to a whole placeholder if it is not one (a placeholder of the first,
   * empty layout). Without a key, an empty file is replayed as empty (the bookie stopped between
   * creating it and the key), and a whole or cut placeholder is refused: its bytes are lost.
   *
   * @param placeholder the journal file
   * @return the channel, to be closed by the bookie
   * @throws IOException when the tiers fail, several keys could be this journal's, or the
   *     placeholder's key is in no tier
   */
  public FileChannel openExisting(Path placeholder) throws IOException {
    keyLock.lock();
    try {
      TierManager tiers = tiers();
      String key = JournalKeys.keyOf(placeholder);
      JournalPlaceholder.State state = JournalPlaceholder.stateOf(placeholder);
      if (state == JournalPlaceholder.State.MISSING) {
        throw new NoSuchFileException(placeholder.toString());
      }
      if (state == JournalPlaceholder.State.JOURNAL) {
        if (tiers.delete(key)) {
          LOG.info(
              "deleted the key of a journal whose file holds its bytes (an evacuation stopped"
                  + " before deleting it): key={}",
              key);
        }
        return FileChannel.open(placeholder, READ);
      }
      if (!tiers.exists(key) && !Adoption.adopt(tiers, key)) {
        if (state.claimsKey()) {
          throw new MixChannelException(
              "journal placeholder has no key, its bytes are in no tier: file="
                  + placeholder
                  + ", key="
                  + key
                  + ", placeholder="
                  + state
                  + " (check that the tier settings of "
                  + settings.source()
                  + " are this bookie's, that the PMem pool was not recreated and that"
                  + " mixchannel-tool verify shows no quarantined slot; the journal is not replayed"
                  + " as empty)");
        }
        LOG.info("journal placeholder has no key, replayed as empty: file={}", placeholder);
        return FileChannel.open(placeholder, READ);
      }
      if (state != JournalPlaceholder.State.WHOLE) {
        JournalPlaceholder.fill(placeholder);
        LOG.info(
            "filled a journal placeholder that was not whole: file={}, was={}", placeholder, state);
      }
      MixChannel channel = tiers.open(key, READ);
      track(key, false);
      return new JournalKeyChannel(channel, this, key, false, settings.preallocate());
    } finally {
      keyLock.unlock();
    }
  }

  /**
   * Moves a key after its placeholder (the provider's {@code notifyRename}).
   *
   * @param source the old placeholder
   * @param target the new placeholder
   * @throws IOException when the rename fails
   */
  public void rename(Path source, Path target) throws IOException {
    keyLock.lock();
    try {
      TierManager tiers = tiers();
      String from = JournalKeys.keyOf(source);
      if (tiers.exists(from)) {
        tiers.rename(from, JournalKeys.keyOf(target));
      }
    } finally {
      keyLock.unlock();
    }
  }

  /**
   * One reaper pass now (tests drive the reaper with this).
   *
   * @return keys deleted or quarantined
   * @throws IOException when the tiers fail
   */
  public int reap() throws IOException {
    keyLock.lock();
    Reaper pass;
    try {
      tiers();
      pass = reaper;
    } finally {
      keyLock.unlock();
    }
    return pass.doWork();
  }

  /**
   * The keys of the tiers, opening them if needed.
   *
   * @return a sorted snapshot
   * @throws IOException when the tiers cannot be opened
   */
  public List<String> keys() throws IOException {
    keyLock.lock();
    try {
      return tiers().keys();
    } finally {
      keyLock.unlock();
    }
  }

  /** Called by a journal channel's close; closes the tiers after the last written journal. */
  void channelClosed(String key, boolean writer) throws IOException {
    boolean release;
    synchronized (this) {
      Integer count = openKeys.get(key);
      if (count != null) {
        if (count == 1) {
          openKeys.remove(key);
        } else {
          openKeys.put(key, count - 1);
        }
      }
      if (writer && writers > 0) {
        writers--;
      }
      release = writer;
    }
    if (release) {
      SharedStorages.PROCESS.release(this);
    }
  }

  /**
   * Stops the reaper and closes the tiers, with the calling thread's interrupt cleared meanwhile
   * and set again afterwards. Channels still open (replay channels that BookKeeper before 4.16.6
   * never closes) are closed with the tiers.
   *
   * @throws IOException when closing the tiers failed
   */
  public void closeNow() throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      ScheduledExecutorService stopping;
      synchronized (this) {
        stopping = runner;
      }
      if (stopping != null) {
        stopping.shutdown();
        try {
          if (!stopping.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
            LOG.warn("reaper did not stop in {} s", STOP_WAIT_SECONDS);
          }
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      keyLock.lock();
      try {
        if (manager != null) {
          unregisterMetrics.run();
          manager.close();
          LOG.info("closed the journal tiers ({})", settings.source());
        }
      } finally {
        keyLock.unlock();
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private synchronized void track(String key, boolean writer) {
    openKeys.merge(key, 1, Integer::sum);
    if (writer) {
      writers++;
    }
  }

  /** The tiers, opened on first use with one reaper pass; the caller holds the key lock. */
  private TierManager tiers() throws IOException {
    if (manager != null) {
      return manager;
    }
    synchronized (this) {
      if (closed) {
        throw new IOException("journal tiers are closed: source=" + settings.source());
      }
    }
    TierManager opened = TierManager.open(settings.config());
    LOG.info(
        "MixChannel {} opened the journal tiers: {} ({})",
        Version.current(),
        settings.config(),
        settings.source());
    manager = opened;
    unregisterMetrics =
        BookieMetrics.register(opened, settings.config().tiers().get(0).paths().get(0).toString());
    reaper = new Reaper(opened, settings, keyLock, this::inUse, clock);
    reapQuietly();
    if (settings.reapIntervalMillis() > 0) {
      ScheduledExecutorService scheduled =
          Executors.newSingleThreadScheduledExecutor(new DaemonThreads("bookkeeper-reaper"));
      long period = settings.reapIntervalMillis();
      scheduled.scheduleWithFixedDelay(this::reapQuietly, period, period, TimeUnit.MILLISECONDS);
      synchronized (this) {
        runner = scheduled;
      }
    }
    return opened;
  }

  private void reapQuietly() {
    try {
      reaper.doWork();
    } catch (IOException | RuntimeException e) {
      LOG.warn("reaper pass failed; the next pass tries again ({})", settings.source(), e);
    }
  }
}
