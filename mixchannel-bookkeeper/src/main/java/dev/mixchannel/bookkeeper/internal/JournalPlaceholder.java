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

import static java.nio.file.StandardOpenOption.READ;

import dev.mixchannel.api.MixChannelException;
import dev.mixchannel.common.DurableFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * The content of a journal file whose bytes are in a tier key: a short fixed text that a bookie
 * without the provider refuses. Its first eight bytes are a journal header: BookKeeper's journal
 * magic {@code BKLG} and the format version {@value #FORMAT_VERSION} ({@code MIXC} in ASCII), far
 * above every format BookKeeper reads (1 to 6 in 4.16 and 4.17). {@code JournalChannel} checks the
 * header of every journal it opens for reading, before any record and whatever {@code
 * skipReplayJournalInvalidRecord} says, so a stock bookie's replay stops with {@code IOException:
 * Invalid journal version, unable to read. Expected between (1) and (6), got (1296652355)} and the
 * bookie does not start, and {@code readjournal} fails the same way, instead of reading an empty
 * journal. The rest says, in plain text, where the bytes are and what to run.
 *
 * <p>The states of a journal file ({@link State}) and what the provider does with each:
 *
 * <ul>
 *   <li>{@link State#EMPTY}: the bookie created the file ({@code File.createNewFile}) and stopped
 *       before the provider created the key; or a placeholder of the first layout (always empty).
 *       With a key, the journal is read from the key and the file is filled; without one (and no
 *       key of a moved directory to adopt), nothing was ever written: it is replayed as empty.
 *   <li>{@link State#WHOLE}: the key was created and forced before the file was filled, so a whole
 *       placeholder says its key exists. With the key, the journal is read from it; without one,
 *       the journal's bytes are lost (the PMem pool was recreated, its slot quarantined, the tiers
 *       point elsewhere): the open is refused, never replayed as empty.
 *   <li>{@link State#CUT}: a non-empty proper prefix of the placeholder. {@link #fill} writes a
 *       fresh file and renames it over the journal, so the provider never leaves one; a journal
 *       written by a bookie can be one only within its first four bytes ({@code BKLG}, before the
 *       format version), and then holds no record. It is treated as a placeholder: read from its
 *       key and filled, or refused without one (fail closed: a cut stock header is cleared by
 *       truncating the file to 0 bytes).
 *   <li>{@link State#ALTERED}: the placeholder's header followed by anything but the rest of it
 *       (appended to, edited): no journal has that header, so it is treated as a cut placeholder,
 *       never as journal bytes (which would delete its key).
 *   <li>{@link State#JOURNAL}: anything else holds journal bytes (a journal written without the
 *       provider, or one {@code Evacuate} wrote back) and is read as the file it is.
 * </ul>
 *
 * <p>A new journal is made in this order: the bookie creates the empty file; the provider creates
 * the key and forces it; {@link #fill} makes the file a whole placeholder, durably; only then does
 * the bookie get the channel and write entries. A crash before the key leaves an empty file without
 * a key (replayed as empty), a crash after it an empty file with an empty key (read from the key
 * and filled at the next open). Pure functions over files; thread-safe.
 */
public final class JournalPlaceholder {

  /** The format version in the placeholder's header: {@code MIXC}, refused by every bookie. */
  public static final int FORMAT_VERSION = 0x4D495843;

  /** The prefix of the fresh file {@link #fill} writes before it renames it over the journal. */
  static final String TEMP_PREFIX = ".";

  /** The suffix of that file (not {@code .txn}: the bookie never lists it). */
  static final String TEMP_SUFFIX = ".placeholder";

  /** The length of a journal header: the magic and the format version. */
  private static final int HEADER_BYTES = 8;

  private static final byte[] BYTES = content();

  /** What a journal file holds. */
  public enum State {
    /** No regular file of that name. */
    MISSING,
    /** An empty file. */
    EMPTY,
    /** Exactly the placeholder. */
    WHOLE,
    /** A non-empty proper prefix of the placeholder. */
    CUT,
    /**
     * The placeholder's eight-byte header followed by something else (the text changed, bytes
     * appended): no journal has that header, so it holds no journal bytes.
     */
    ALTERED,
    /** Journal bytes. */
    JOURNAL;

    /**
     * Whether the file says its key exists ({@link #WHOLE}, {@link #CUT}, {@link #ALTERED}):
     * without the key, the journal's bytes are lost.
     *
     * @return whether a missing key is a loss
     */
    public boolean claimsKey() {
      return this == WHOLE || this == CUT || this == ALTERED;
    }
  }

  private JournalPlaceholder() {}

  private static byte[] content() {
    ByteBuffer header =
        ByteBuffer.allocate(HEADER_BYTES)
            .put("BKLG".getBytes(StandardCharsets.US_ASCII))
            .putInt(FORMAT_VERSION);
    byte[] text =
        ("\nMixChannel placeholder: the bytes of this BookKeeper journal are in the MixChannel key"
                + " journal/<real path of this file> on the bookie's journal tiers, not in this"
                + " file. Start the bookie with"
                + " journalChannelProvider=dev.mixchannel.bookkeeper.MixChannelJournalProvider, or"
                + " stop it and run dev.mixchannel.bookkeeper.Evacuate to write every journal back"
                + " into its file (docs/bookkeeper/README.md).\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] all = Arrays.copyOf(header.array(), HEADER_BYTES + text.length);
    System.arraycopy(text, 0, all, HEADER_BYTES, text.length);
    return all;
  }

  /**
   * The placeholder's bytes.
   *
   * @return a copy
   */
  public static byte[] bytes() {
    return BYTES.clone();
  }

  /**
   * What a journal file holds.
   *
   * @param file a journal file
   * @return its state
   * @throws IOException when it cannot be read
   */
  public static State stateOf(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return State.MISSING;
    }
    if (!attributes.isRegularFile()) {
      return State.MISSING;
    }
    if (attributes.size() == 0) {
      return State.EMPTY;
    }
    ByteBuffer buffer = ByteBuffer.allocate(BYTES.length + 1);
    try (FileChannel channel = FileChannel.open(file, READ)) {
      while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
        // read to the end or one byte past the placeholder
      }
    } catch (NoSuchFileException e) {
      return State.MISSING;
    }
    int read = buffer.position();
    if (read == 0) {
      return State.EMPTY;
    }
    if (read <= BYTES.length && Arrays.equals(buffer.array(), 0, read, BYTES, 0, read)) {
      return read == BYTES.length ? State.WHOLE : State.CUT;
    }
    if (read >= HEADER_BYTES
        && Arrays.equals(buffer.array(), 0, HEADER_BYTES, BYTES, 0, HEADER_BYTES)) {
      return State.ALTERED;
    }
    return State.JOURNAL;
  }

  /**
   * Makes a journal file a whole placeholder, durably: writes the placeholder into a fresh file
   * beside it ({@code .<name>.placeholder}), forces it, renames it over the journal file and forces
   * the directory. A crash leaves the file as it was or whole, never cut. Does nothing to a whole
   * placeholder.
   *
   * @param file the journal file: missing, empty, or a placeholder
   * @throws IOException when a step fails, or the file holds journal bytes (never overwritten)
   */
  public static void fill(Path file) throws IOException {
    State state = stateOf(file);
    if (state == State.WHOLE) {
      return;
    }
    if (state == State.JOURNAL) {
      throw new MixChannelException(
          "refusing to overwrite journal bytes with a placeholder: file=" + file);
    }
    // Atomic: a reader, or a crash, sees the old file or the whole placeholder.
    DurableFiles.replace(
        file, file.resolveSibling(TEMP_PREFIX + file.getFileName() + TEMP_SUFFIX), BYTES);
  }
}
