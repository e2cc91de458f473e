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
package dev.mixchannel.kafka;

import dev.mixchannel.kafka.internal.AdapterSettings;
import dev.mixchannel.kafka.internal.AdviceRecord;
import dev.mixchannel.kafka.internal.KafkaAdapter;
import dev.mixchannel.kafka.internal.LogDirMark;
import dev.mixchannel.kafka.internal.SegmentFiles;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The entry point Kafka's {@code FileRecords} calls, through the agent's advice or through {@code
 * docs/kafka/filerecords.patch}: it puts the bytes of Kafka's segment files ({@code \d{20}\.log}
 * and its {@code .deleted}, {@code .cleaned} and {@code .swap} forms, in the served log dirs) on a
 * MixChannel {@code TierManager} and leaves every other file to Kafka.
 *
 * <p><b>The one piece of static state in MixChannel.</b> Kafka calls a static method of {@code
 * FileRecords} and has no place to pass an object through, so this class holds the process's one
 * adapter: installed by the agent from its argument ({@link #install(Path)}), or on first use from
 * the {@value #CONFIG_PROPERTY} system property in a patched broker. Without either, every method
 * leaves Kafka's behaviour unchanged. The adapter opens its tiers on the first segment open and
 * closes them in a shutdown hook after Kafka's own shutdown hook has finished.
 *
 * <p>Thread-safe. Each method throws what its {@code FileRecords} counterpart may throw, so Kafka
 * handles a tier failure as an I/O error of the log dir.
 */
public final class KafkaChannelFactory {

  /** System property naming the settings file of a patched broker. */
  public static final String CONFIG_PROPERTY = "mixchannel.config";

  private static final Object LOCK = new Object();

  /** The process's adapter, or {@code null} while none is installed. Guarded by {@link #LOCK}. */
  private static volatile KafkaAdapter adapter;

  /** Whether {@link #CONFIG_PROPERTY} has been consulted. Guarded by {@link #LOCK}. */
  private static boolean propertyRead;

  private KafkaChannelFactory() {}

  /**
   * Installs the process's adapter from a settings file (the agent's argument). Reads and validates
   * the settings now; opens the tiers later, on the first segment open.
   *
   * @param settingsFile a properties file with the tiers and, ideally, Kafka's {@code log.dirs}
   * @throws IOException when the file cannot be read
   * @throws dev.mixchannel.api.InvalidConfigException for a bad setting
   * @throws IllegalStateException when an adapter with other settings is installed
   */
  public static void install(Path settingsFile) throws IOException {
    install(AdapterSettings.load(settingsFile), null);
  }

  /**
   * Installs the process's adapter for the agent.
   *
   * @param settings the settings
   * @param advice what the agent advised, or {@code null} for a patched Kafka
   * @throws IllegalStateException when an adapter with other settings is installed
   */
  static void install(AdapterSettings settings, AdviceRecord advice) {
    synchronized (LOCK) {
      propertyRead = true;
      if (adapter != null) {
        if (adapter.settings().equals(settings)) {
          return;
        }
        throw new IllegalStateException(
            "a MixChannel Kafka adapter is installed already: settings="
                + adapter.settings().source()
                + ", new="
                + settings.source());
      }
      adapter = new KafkaAdapter(settings, advice);
    }
  }

  /**
   * Whether an adapter is installed.
   *
   * @return {@code true} once {@link #install(Path)} succeeded or {@value #CONFIG_PROPERTY} named a
   *     valid file
   */
  public static boolean isInstalled() {
    return current() != null;
  }

  /**
   * {@code MetaPropertiesVersion.fromNumberString}, before Kafka parses a log dir's {@code
   * meta.properties} version: the adapter's mark ({@code mixchannel-<n>}, written while any of the
   * dir's segment bytes are on a fast tier) stands for Kafka's version {@code n} when an adapter is
   * installed and, for the agent, its segment advice is in place. Otherwise the value is returned
   * as it is, and Kafka refuses the dir as a Kafka without MixChannel does.
   *
   * @param value the version string
   * @param kafkaClass Kafka's class that parses it; its loader holds Kafka's other classes
   * @return the string for Kafka to parse
   */
  public static String acceptMark(String value, Class<?> kafkaClass) {
    String number = LogDirMark.unmarked(value);
    if (number == null) {
      return value;
    }
    KafkaAdapter current = current();
    if (current == null || !current.acceptsMark(kafkaClass.getClassLoader())) {
      return value;
    }
    return number;
  }

  /**
   * {@code FileRecords.openChannel}: the channel of a segment file.
   *
   * @param file the file
   * @param mutable whether Kafka opens it for writing
   * @param fileAlreadyExists whether Kafka expects the file to exist
   * @param initFileSize Kafka's expected size ({@code segment.bytes} with {@code
   *     log.preallocate=true}, else 0), used as a placement hint only: segments are never
   *     zero-filled in advance
   * @param preallocate Kafka's {@code log.preallocate}; Kafka's bookkeeping works unchanged with a
   *     channel that starts empty
   * @return the channel, or {@code null} for Kafka to open the file itself
   * @throws IOException when the tiers fail
   */
  public static FileChannel openChannel(
      File file, boolean mutable, boolean fileAlreadyExists, int initFileSize, boolean preallocate)
      throws IOException {
    if (!SegmentFiles.isSegment(file.getName())) {
      return null;
    }
    KafkaAdapter current = current();
    return current == null ? null : current.open(file, mutable, initFileSize);
  }

  /**
   * {@code FileRecords.renameTo} and {@code updateParentDir}, called after Kafka moved the file (or
   * its directory).
   *
   * @param channel the segment's channel
   * @param from the file before
   * @param to the file after
   * @throws IOException when the tiers fail
   */
  public static void renamed(FileChannel channel, File from, File to) throws IOException {
    if (from == null || to == null || !SegmentFiles.isSegment(from.getName())) {
      return;
    }
    KafkaAdapter current = current();
    if (current != null) {
      current.renamed(channel, from, to);
    }
  }

  /**
   * {@code FileRecords.updateParentDir}, which declares no exception, called after Kafka moved the
   * partition directory. An {@link IOException} from the tiers is rethrown as it is, not wrapped in
   * an unchecked exception: Kafka's caller (renaming a log's directory) handles an {@code
   * IOException} as an I/O error of the log dir and takes it offline.
   *
   * @param channel the segment's channel
   * @param from the file before
   * @param to the file after
   */
  public static void parentDirUpdated(FileChannel channel, File from, File to) {
    try {
      renamed(channel, from, to);
    } catch (IOException e) {
      throw KafkaChannelFactory.<RuntimeException>rethrow(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T rethrow(Throwable t) throws T {
    throw (T) t;
  }

  /**
   * {@code FileRecords.deleteIfExists}, called after Kafka deleted the file.
   *
   * @param file the file
   * @throws IOException when the tiers fail
   */
  public static void deleted(File file) throws IOException {
    if (file == null || !SegmentFiles.isSegment(file.getName())) {
      return;
    }
    KafkaAdapter current = current();
    if (current != null) {
      current.deleted(file);
    }
  }

  /**
   * Before Kafka tiered storage copies a segment by path ({@code RLMCopyTask.copyLogSegment}): the
   * segment's bytes are demoted into its own file, durably, and held there.
   *
   * @param logSegment Kafka's {@code LogSegment} (its {@code log().file()} is read reflectively, as
   *     the class moved between Kafka releases)
   * @return a hold for {@link #afterRemoteCopy}, or {@code null}
   * @throws IOException when the demotion fails: Kafka then fails this copy and retries it later
   */
  public static Object beforeRemoteCopy(Object logSegment) throws IOException {
    KafkaAdapter current = current();
    if (current == null || logSegment == null) {
      return null;
    }
    return current.beforeRemoteCopy(segmentFile(logSegment));
  }

  /**
   * After the copy of {@link #beforeRemoteCopy}, whether it succeeded or not: the hold ends.
   *
   * @param hold what {@link #beforeRemoteCopy} returned
   */
  public static void afterRemoteCopy(Object hold) {
    if (hold instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("releasing a segment hold failed: " + e.getMessage(), e);
      }
    }
  }

  private static File segmentFile(Object logSegment) throws IOException {
    try {
      Object records = logSegment.getClass().getMethod("log").invoke(logSegment);
      return (File) records.getClass().getMethod("file").invoke(records);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IOException(
          "cannot find the file of a Kafka log segment: class=" + logSegment.getClass().getName(),
          e);
    }
  }

  private static KafkaAdapter current() {
    KafkaAdapter installed = adapter;
    if (installed != null) {
      return installed;
    }
    synchronized (LOCK) {
      if (adapter == null && !propertyRead) {
        propertyRead = true;
        String file = System.getProperty(CONFIG_PROPERTY);
        if (file != null && !file.isBlank()) {
          try {
            adapter = new KafkaAdapter(AdapterSettings.load(Path.of(file.trim())), null);
          } catch (IOException e) {
            throw new IllegalStateException(
                "cannot read the MixChannel settings: " + CONFIG_PROPERTY + "=" + file, e);
          }
        }
      }
      return adapter;
    }
  }
}
