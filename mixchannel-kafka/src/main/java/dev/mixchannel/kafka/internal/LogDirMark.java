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

import dev.mixchannel.common.DurableFiles;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mark that makes a Kafka without the agent refuse a log dir: the {@code version} of its {@code
 * meta.properties} becomes {@code mixchannel-<version>} ({@code mixchannel-1} for Kafka's v1,
 * {@code mixchannel-0} for a v0 file). The only writer of the mark.
 *
 * <p><b>Why this refuses.</b> Kafka 4.1 to 4.4 read every log dir's {@code meta.properties} ({@code
 * MetaPropertiesEnsemble.Loader}) before they load any partition and parse its {@code version} with
 * {@code MetaPropertiesVersion.fromNumberString}, which throws on a value that is no number: Kafka
 * logs {@code Invalid meta.properties version string 'mixchannel-1'} at ERROR and treats the dir as
 * failed. A failed metadata log dir (the first of {@code log.dirs}, or {@code metadata.log.dir})
 * stops the broker with exit code 1; any other failed dir stays offline while the others serve
 * (JBOD), as after a disk failure. {@code kafka-storage format} skips a marked dir ({@code I/O
 * error trying to read log directory ... Ignoring}) and formats none when no other is left. None of
 * them changes a file of the marked dir. The agent turns the mark back into the number where Kafka
 * parses it ({@link dev.mixchannel.kafka.KafkaChannelFactory#acceptMark}).
 *
 * <p><b>Writes</b> change the {@code version} line only (and a comment line above it that says
 * why), through a temporary file that is forced, renamed over {@code meta.properties} and followed
 * by a sync of the log dir, so the file is always either the old or the new one; the rest of the
 * file is kept byte for byte, and the result is checked to parse to the same properties but {@code
 * version}. Stateless; callers serialize writes to one log dir.
 */
public final class LogDirMark {

  /** The prefix the mark puts before Kafka's version number. */
  public static final String PREFIX = "mixchannel-";

  /** The comment line written above a marked version. */
  static final String COMMENT =
      "# MixChannel: segments of this log dir are on a fast tier; a Kafka without the MixChannel"
          + " agent must not load it (run dev.mixchannel.kafka.Evacuate to take MixChannel out)";

  private static final Pattern MARK = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)");
  private static final Pattern VERSION_LINE = Pattern.compile("\\s*version\\s*[=:\\s]\\s*(.*)");

  /** The suffix of the temporary file a write renames over {@code meta.properties}. */
  static final String TEMP_SUFFIX = ".mixchannel-tmp";

  private LogDirMark() {}

  /**
   * The version number a value stands for when it is a mark.
   *
   * @param value a {@code meta.properties} version value
   * @return the number string when {@code value} is a mark, else {@code null}
   */
  public static String unmarked(String value) {
    if (value == null) {
      return null;
    }
    Matcher m = MARK.matcher(value.trim());
    return m.matches() ? m.group(1) : null;
  }

  /**
   * Whether a log dir is marked.
   *
   * @param logDir the log dir
   * @return whether its {@code meta.properties} version is a mark
   * @throws IOException when the file is missing or unreadable
   */
  public static boolean isMarked(Path logDir) throws IOException {
    Properties properties = new Properties();
    properties.load(new StringReader(Files.readString(meta(logDir), StandardCharsets.ISO_8859_1)));
    return unmarked(properties.getProperty("version")) != null;
  }

  /**
   * Marks a log dir, durably; nothing to do when it is marked.
   *
   * @param logDir the log dir
   * @return whether the file was written
   * @throws IOException when the file is missing, unreadable or cannot be replaced
   */
  public static boolean mark(Path logDir) throws IOException {
    return rewrite(logDir, true);
  }

  /**
   * Removes the mark of a log dir, durably; nothing to do when it is not marked.
   *
   * @param logDir the log dir
   * @return whether the file was written
   * @throws IOException when the file is missing, unreadable or cannot be replaced
   */
  public static boolean unmark(Path logDir) throws IOException {
    return rewrite(logDir, false);
  }

  private static Path meta(Path logDir) {
    return logDir.resolve(LogDirs.META_PROPERTIES);
  }

  private static boolean rewrite(Path logDir, boolean marked) throws IOException {
    Path meta = meta(logDir);
    String before = Files.readString(meta, StandardCharsets.ISO_8859_1);
    List<String> lines = new ArrayList<>(List.of(before.split("\n", -1)));
    lines.removeIf(COMMENT::equals);
    int at = -1;
    String value = null;
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = VERSION_LINE.matcher(lines.get(i));
      if (m.matches()) {
        at = i;
        value = m.group(1).trim();
      }
    }
    String number = value == null ? "0" : value;
    String unmarkedNumber = unmarked(number);
    boolean isMarked = unmarkedNumber != null;
    if (isMarked == marked) {
      return false;
    }
    String next = marked ? PREFIX + number : unmarkedNumber;
    if (at < 0) {
      at = lines.size() - (lines.get(lines.size() - 1).isEmpty() ? 1 : 0);
      lines.add(at, "version=" + next);
    } else {
      lines.set(at, "version=" + next);
    }
    if (marked) {
      lines.add(at, COMMENT);
    }
    String after = String.join("\n", lines);
    check(meta, before, after, next);
    Path temp = meta.resolveSibling(LogDirs.META_PROPERTIES + TEMP_SUFFIX);
    try (FileChannel channel =
        FileChannel.open(
            temp,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
      ByteBuffer bytes = ByteBuffer.wrap(after.getBytes(StandardCharsets.ISO_8859_1));
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(true);
    }
    Files.move(temp, meta, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    DurableFiles.syncDirectory(logDir);
    return true;
  }

  /** The new text must parse to the old properties with only {@code version} changed. */
  private static void check(Path meta, String before, String after, String version)
      throws IOException {
    Properties old = new Properties();
    old.load(new StringReader(before));
    Properties now = new Properties();
    now.load(new StringReader(after));
    old.setProperty("version", version);
    if (!old.equals(now)) {
      throw new IOException(
          "cannot change the version of meta.properties alone: version="
              + version
              + ", before="
              + old
              + ", after="
              + now
              + " ("
              + meta
              + ")");
    }
  }
}
