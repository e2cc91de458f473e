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

import dev.mixchannel.api.DivergentCopiesException;
import dev.mixchannel.api.RefusedCopyException;
import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.tiering.TierManager;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The adapter of one broker process: its settings, its log dirs and, from the first segment Kafka
 * opens on, its {@link KafkaSegmentStore}. The store is created lazily so that a broker that never
 * opens a segment (a tool, a failed start) never opens the tiers, and it is closed by a shutdown
 * hook after Kafka's own shutdown hook has finished (Kafka closes and flushes its segments there).
 * Thread-safe.
 */
public final class KafkaAdapter implements AutoCloseable {

  /** The name Kafka gives the thread of its shutdown hook ({@code kafka.Kafka}). */
  public static final String KAFKA_SHUTDOWN_HOOK = "kafka-shutdown-hook";

  private final AdapterSettings settings;
  private final AdviceRecord advice;
  private final LogDirs logDirs;
  private final Object storeLock = new Object();
  private volatile KafkaSegmentStore store;
  private volatile boolean toolWarned;
  private volatile boolean writer;
  private volatile Boolean markAccepted;
  private boolean closed;

  /**
   * Creates the adapter; opens nothing yet.
   *
   * @param settings the settings
   * @param advice what the agent advised, or {@code null} for a patched Kafka (no agent)
   */
  public KafkaAdapter(AdapterSettings settings, AdviceRecord advice) {
    this.settings = settings;
    this.advice = advice;
    this.logDirs = LogDirs.of(settings.logDirs(), settings.config());
  }

  /**
   * Whether Kafka may read the adapter's log-dir mark as the version it stands for: a patched Kafka
   * (no agent) always, the agent once its segment advice is in place ({@link
   * AdviceRecord#inPlace}). The first answer is logged.
   *
   * @param loader the loader of Kafka's classes
   * @return whether the mark is accepted
   */
  public boolean acceptsMark(ClassLoader loader) {
    boolean accepted = advice == null || advice.inPlace(loader);
    if (markAccepted == null || markAccepted != accepted) {
      markAccepted = accepted;
      if (accepted) {
        log().info("MixChannel log-dir mark accepted: settings={}", settings.source());
      } else {
        log()
            .error(
                "MixChannel log-dir mark refused: the agent's segment advice is not in place"
                    + " (advised: {}); Kafka refuses the marked log dirs",
                advice.advised());
      }
    }
    return accepted;
  }

  /**
   * The settings.
   *
   * @return the settings
   */
  public AdapterSettings settings() {
    return settings;
  }

  /**
   * Opens a file for {@code FileRecords.openChannel}.
   *
   * @param file the file
   * @param mutable whether Kafka opens it for writing
   * @param initFileSize Kafka's expected size, a placement hint only
   * @return the segment's channel, or {@code null} when Kafka should open the file itself (no
   *     segment file of a served log dir, or a read-only open of a segment the tiers do not hold)
   * @throws IOException when the tiers fail
   */
  public FileChannel open(File file, boolean mutable, int initFileSize) throws IOException {
    Optional<SegmentPath> segment = logDirs.resolve(file);
    if (segment.isEmpty()) {
      return null;
    }
    return guarded(segment.get(), () -> open(segment.get(), file, mutable, initFileSize));
  }

  /**
   * One store operation on a segment, whose refusal (copies that differ, a refused copy) Kafka must
   * see as an IOException.
   */
  private interface Step<T> {
    T run() throws IOException;
  }

  private static <T> T guarded(SegmentPath segment, Step<T> step) throws IOException {
    try {
      return step.run();
    } catch (DivergentCopiesException e) {
      throw refused(segment, e);
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof DivergentCopiesException d) {
        throw refused(segment, d);
      }
      if (e.getCause() instanceof RefusedCopyException r) {
        throw r;
      }
      throw e;
    }
  }

  private FileChannel open(SegmentPath segment, File file, boolean mutable, int initFileSize)
      throws IOException {
    boolean excluded = excluded(segment);
    if (mutable && !excluded) {
      writer = true;
    }
    KafkaSegmentStore current;
    try {
      current = store();
    } catch (StorageInUseException e) {
      if (mutable && !excluded) {
        throw e;
      }
      // A tool (kafka-dump-log.sh) with the agent while the broker holds the tiers: it reads the
      // segment files as they are, cold ones whole; an excluded topic's segments are Kafka's own
      // files anyway. A hot one's file is a placeholder: refused, naming where the bytes are.
      warnToolOnce(e);
      if (!excluded && Placeholder.segmentBytes(file.toPath()) == 0) {
        throw new IOException(
            "segment bytes are on a fast MixChannel tier held by another process (the broker):"
                + " file="
                + file
                + ", key="
                + segment.key()
                + "; stop the broker to read it here, or demote it first ("
                + settings.source()
                + ")",
            e);
      }
      return null;
    }
    if (excluded) {
      current.releaseToKafka(segment);
      return null;
    }
    return current.open(segment, mutable, initFileSize).orElse(null);
  }

  /**
   * The failure Kafka gets for a segment whose complete copies on two tiers differ: an {@link
   * IOException}, which Kafka handles as a failure of the segment's log dir (it takes the dir
   * offline, the others serve), naming the dir, the key and the command that resolves it. Never a
   * silent choice of one copy.
   */
  private static IOException refused(SegmentPath segment, DivergentCopiesException e) {
    log()
        .error(
            "MixChannel refuses a segment whose copies differ; Kafka takes its log dir offline:"
                + " logDir={}, key={}, resolve with: {}",
            segment.logDir(),
            e.key(),
            e.resolution());
    return new IOException(
        "segment refused, its complete copies on two tiers differ: logDir="
            + segment.logDir()
            + ", file="
            + segment.anchor()
            + " ("
            + e.getMessage()
            + ")",
        e);
  }

  private void warnToolOnce(StorageInUseException e) {
    if (!toolWarned) {
      toolWarned = true;
      log()
          .warn(
              "the MixChannel tiers are in use by another process (the broker); reading segment"
                  + " files as they are: segments on a fast tier read as empty files. Stop the"
                  + " broker, or demote them with mixchannel-tool, to read them here: {}",
              e.getMessage());
    }
  }

  /**
   * Makes a segment file complete before Kafka tiered storage uploads it by path: its bytes are
   * demoted into the file and held there until the returned hold is closed ({@link
   * dev.mixchannel.kafka.KafkaChannelFactory#afterRemoteCopy}).
   *
   * @param file the segment file the upload reads
   * @return the hold to release, or {@code null} when the file is no served segment or one of an
   *     excluded topic
   * @throws IOException when the demotion fails: the upload must not run (Kafka retries it later)
   */
  public AutoCloseable beforeRemoteCopy(File file) throws IOException {
    Optional<SegmentPath> segment = logDirs.resolve(file);
    if (segment.isEmpty() || excluded(segment.get())) {
      // An excluded topic's segment is Kafka's own complete file; holding it would adopt it as a
      // key of the last tier, which the policy could then promote to a fast tier.
      return null;
    }
    return guarded(segment.get(), () -> store().holdInLogDir(segment.get()));
  }

  private boolean excluded(SegmentPath segment) {
    return settings.excludes(SegmentFiles.topicOf(segment.partitionDir()));
  }

  /**
   * Follows {@code FileRecords.renameTo} or {@code updateParentDir}, after Kafka moved the anchor.
   *
   * @param channel the segment's channel
   * @param from the file before
   * @param to the file after
   * @throws IOException when the tiers fail, or a served segment moved out of the served log dirs
   */
  public void renamed(FileChannel channel, File from, File to) throws IOException {
    KafkaSegmentStore current = store;
    if (current == null) {
      return;
    }
    Optional<SegmentPath> before = logDirs.resolve(from);
    if (before.isEmpty()) {
      return;
    }
    Optional<SegmentPath> after = logDirs.resolve(to);
    if (after.isEmpty()) {
      throw new IOException(
          "a segment moved out of the log dirs MixChannel serves: from="
              + from
              + ", to="
              + to
              + " ("
              + settings.source()
              + ")");
    }
    guarded(
        before.get(),
        () -> {
          current.renamed(channel, before.get(), after.get());
          return null;
        });
  }

  /**
   * Follows {@code FileRecords.deleteIfExists}, after Kafka deleted the anchor.
   *
   * @param file the deleted file
   * @throws IOException when the tiers fail
   */
  public void deleted(File file) throws IOException {
    KafkaSegmentStore current = store;
    if (current == null) {
      return;
    }
    Optional<SegmentPath> segment = logDirs.resolve(file);
    if (segment.isPresent()) {
      guarded(
          segment.get(),
          () -> {
            current.deleted(segment.get());
            return null;
          });
    }
  }

  /**
   * Closes the store when it was opened. Idempotent.
   *
   * @throws IOException when closing the tiers fails
   */
  @Override
  public void close() throws IOException {
    KafkaSegmentStore current;
    synchronized (storeLock) {
      closed = true;
      current = store;
    }
    if (current != null) {
      current.close();
    }
  }

  private KafkaSegmentStore store() throws IOException {
    KafkaSegmentStore current = store;
    if (current != null) {
      return current;
    }
    synchronized (storeLock) {
      if (closed) {
        throw new IllegalStateException(
            "Kafka adapter closed: settings=" + settings.source() + " (JVM shutting down)");
      }
      if (store == null) {
        long startNanos = System.nanoTime();
        KafkaTiers tiers = KafkaTiers.open(settings, logDirs, true);
        TierManager manager = tiers.manager();
        store =
            KafkaSegmentStore.open(
                tiers,
                logDirs,
                AdapterSettings.LOGDIR_TIER,
                settings.sweepIntervalMillis(),
                settings.quarantineRetentionMillis(),
                System::currentTimeMillis,
                true,
                new KafkaLogDirStatus(),
                settings::excludes);
        Thread hook = new Thread(this::closeAfterKafka, "mixchannel-kafka-shutdown-1");
        Runtime.getRuntime().addShutdownHook(hook);
        log()
            .info(
                "MixChannel tiers open for Kafka: settings={}, logDirs={}, keys={}, millis={}",
                settings.source(),
                logDirs.known(),
                manager.keys().size(),
                (System.nanoTime() - startNanos) / 1_000_000);
      }
      return store;
    }
  }

  /**
   * The shutdown hook: JVM shutdown hooks run concurrently, so wait until Kafka has closed every
   * segment channel (its own shutdown hook flushes and closes them) or Kafka's hook has ended, at
   * most the configured time, then close the tiers.
   */
  private void closeAfterKafka() {
    long deadlineNanos = System.nanoTime() + settings.shutdownWaitMillis() * 1_000_000;
    KafkaSegmentStore current = store;
    Thread kafkaHook = null;
    try {
      // A JVM that only read segments (a tool with the agent) has no Kafka shutdown to wait for.
      while (current != null && writer && System.nanoTime() < deadlineNanos) {
        if (current.awaitChannelsClosed(100)) {
          break;
        }
        if (kafkaHook == null) {
          kafkaHook = findThread(KAFKA_SHUTDOWN_HOOK);
        } else if (!kafkaHook.isAlive()) {
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      close();
      log().info("MixChannel tiers closed: settings={}", settings.source());
    } catch (IOException | RuntimeException e) {
      log().error("closing the MixChannel tiers failed: settings={}", settings.source(), e);
    }
  }

  private static Thread findThread(String name) {
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (name.equals(thread.getName())) {
        return thread;
      }
    }
    return null;
  }

  /**
   * The logger, looked up on use: the agent's {@code premain} runs before Kafka configures its
   * logging, and touching the logging framework that early breaks Kafka's own log output.
   */
  private static Logger log() {
    return LoggerFactory.getLogger(KafkaAdapter.class);
  }
}
