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
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;

/**
 * The content of a segment file whose bytes are on a fast tier: a short fixed text that a reader
 * without the agent cannot take for a segment. Its first twelve bytes are where Kafka reads a
 * batch's base offset and size: the size there is 10, below Kafka's minimum record overhead (14),
 * so every Kafka reader ({@code kafka-dump-log}, a broker's log recovery) fails on the file with
 * {@code CorruptRecordException ... in file <path>} instead of reading an empty segment; the rest
 * says, in plain text ({@code cat}, {@code head}), where the bytes are and what to run.
 *
 * <p>A file is a placeholder when its bytes are a prefix of {@link #BYTES} (the empty file
 * included: the placeholder of the first adapter layout, a file just created, or one whose fill a
 * crash cut short). No segment can be one: a segment of 12 bytes or more holds a valid batch size
 * there, and a shorter one holds no batch. A placeholder with at least one byte is written only
 * once the segment's key exists ({@link #claimsKey}); an empty file claims nothing. Pure functions
 * over files; thread-safe.
 */
final class Placeholder {

  /** The placeholder's bytes. */
  static final byte[] BYTES = bytes();

  /** The suffix of the file a replacement writes before it renames it over the segment file. */
  static final String TEMP_SUFFIX = ".mixchannel-empty";

  private Placeholder() {}

  private static byte[] bytes() {
    byte[] head = {'M', 'I', 'X', 'C', 'H', 'N', 'L', '\n', 0, 0, 0, '\n'};
    byte[] text =
        ("MixChannel placeholder: the bytes of this Kafka segment are on a fast MixChannel tier,"
                + " not in this file. Read it through the MixChannel agent (with the broker"
                + " stopped), or run dev.mixchannel.kafka.Evacuate to move every segment back"
                + " into its file (docs/kafka/README.md).\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] all = Arrays.copyOf(head, head.length + text.length);
    System.arraycopy(text, 0, all, head.length, text.length);
    return all;
  }

  /**
   * How many bytes of a segment a file holds.
   *
   * @param file a segment file
   * @return -1 when there is no regular file, 0 for a placeholder (or an empty file), else its size
   * @throws IOException when the file cannot be read
   */
  static long segmentBytes(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return -1;
    }
    if (!attributes.isRegularFile()) {
      return -1;
    }
    long size = attributes.size();
    if (size == 0) {
      return 0;
    }
    if (size > BYTES.length) {
      return size;
    }
    return isPrefix(file, (int) size) ? 0 : size;
  }

  /**
   * Whether a file is a placeholder with at least one byte: whole, or a prefix a crash left of its
   * fill. The adapter writes those bytes only once the segment's key exists (a new segment's file
   * is created empty, its key next, the fill last; a promotion publishes the fast copy before it
   * replaces the file), so such a file says that its segment's bytes are on a fast tier, and
   * without its key that they are lost there ({@link LostSegments}).
   *
   * @param file a segment file
   * @return whether it is a non-empty placeholder; {@code false} for an empty or missing file and
   *     for one that holds segment bytes
   * @throws IOException when the file cannot be read
   */
  static boolean claimsKey(Path file) throws IOException {
    try {
      return Files.size(file) > 0 && segmentBytes(file) == 0;
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /**
   * Whether a file is a whole placeholder (not just an empty file or a cut one).
   *
   * @param file a segment file
   * @return whether its bytes are exactly {@link #BYTES}
   * @throws IOException when the file cannot be read
   */
  static boolean isWhole(Path file) throws IOException {
    try {
      return Files.size(file) == BYTES.length && isPrefix(file, BYTES.length);
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  private static boolean isPrefix(Path file, int size) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(size);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
        // read on
      }
    } catch (NoSuchFileException e) {
      return false;
    }
    return buffer.position() == size && Arrays.equals(buffer.array(), 0, size, BYTES, 0, size);
  }

  /**
   * Fills a file that holds no segment bytes (an empty file, or a placeholder cut short) with the
   * placeholder, in place, keeping its modification time (Kafka reads it for time-based retention).
   * A crash during the fill leaves a prefix, which is still a placeholder. Not synced: a power loss
   * may leave it empty, which is a placeholder too. Only for a file whose key exists, made durable
   * before this (see {@link #claimsKey}).
   *
   * @param file the file
   * @throws IOException when it cannot be written
   * @throws IllegalStateException when the file holds segment bytes
   */
  static void fill(Path file) throws IOException {
    if (isWhole(file)) {
      return;
    }
    if (segmentBytes(file) != 0) {
      throw new IllegalStateException(
          "refusing to overwrite segment bytes with a placeholder: file=" + file);
    }
    FileTime modified = Files.getLastModifiedTime(file);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(BYTES);
      long position = 0;
      while (buffer.hasRemaining()) {
        position += channel.write(buffer, position);
      }
    }
    Files.setLastModifiedTime(file, modified);
  }

  /**
   * Replaces a segment file by a placeholder with the same modification time, in one atomic rename
   * of a fresh file over it followed by a directory sync: Kafka always finds its file, and a reader
   * still holding the old file keeps its bytes (the old file is unlinked, not truncated). Only for
   * a file whose key a faster tier holds complete (see {@link #claimsKey}).
   *
   * <p>Kafka renames a segment file before the adapter hears of it ({@code .deleted}, {@code
   * .swap}): when it renamed the file between this method's look and its rename, the rename created
   * a placeholder under a name Kafka no longer uses, which would claim a key at the next start. So
   * after the rename the directory is looked at once more: when the old file lives on under another
   * name, the placeholder just made is removed again.
   *
   * @param file the segment file
   * @throws IOException when a step fails (the file is then either the segment or a placeholder)
   */
  static void replace(Path file) throws IOException {
    replace(file, () -> {});
  }

  /**
   * {@link #replace(Path)}, with a step run just before the rename (a test's rename by Kafka).
   *
   * @param file the segment file
   * @param beforeRename run after the placeholder is written, before it is renamed over the file
   * @throws IOException when a step fails
   */
  static void replace(Path file, IoStep beforeRename) throws IOException {
    BasicFileAttributes old;
    try {
      old = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return;
    }
    Path temp = file.resolveSibling(file.getFileName() + TEMP_SUFFIX);
    Files.deleteIfExists(temp);
    Files.write(temp, BYTES, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    Files.setLastModifiedTime(temp, old.lastModifiedTime());
    Object made = Files.readAttributes(temp, BasicFileAttributes.class).fileKey();
    beforeRename.run();
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    if (old.fileKey() != null && made != null && livesElsewhere(file, old.fileKey())) {
      Object now = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
      if (made.equals(now)) {
        Files.delete(file);
      }
    }
    DurableFiles.syncDirectory(file.getParent());
  }

  /** A step that may fail with an I/O error. */
  @FunctionalInterface
  interface IoStep {
    /**
     * Runs the step.
     *
     * @throws IOException when it fails
     */
    void run() throws IOException;
  }

  /** Whether the file of that identity has another name in the directory of {@code file}. */
  private static boolean livesElsewhere(Path file, Object fileKey) throws IOException {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(file.getParent())) {
      for (Path entry : entries) {
        if (!entry.equals(file)) {
          try {
            BasicFileAttributes a =
                Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (fileKey.equals(a.fileKey())) {
              return true;
            }
          } catch (NoSuchFileException gone) {
            // Deleted while listed: not the old file's other name.
          }
        }
      }
    }
    return false;
  }
}
