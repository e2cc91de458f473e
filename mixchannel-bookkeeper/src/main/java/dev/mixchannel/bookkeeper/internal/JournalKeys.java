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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * How journal files map to tier keys. A journal file {@code /data/bk/journal/current/18f2c.txn} has
 * the key {@code journal/data/bk/journal/current/18f2c.txn}: the prefix {@value #PREFIX} and the
 * real path (symbolic links resolved) of its placeholder. A key therefore names its placeholder
 * without any configuration, and two spellings of one directory give one key. A quarantined key is
 * moved under {@value #QUARANTINE}{@code <epoch millis>/}, where no placeholder can claim it.
 */
public final class JournalKeys {

  /** The first segment of every journal key. */
  public static final String PREFIX = "journal/";

  /** The first segment of every quarantined key. */
  public static final String QUARANTINE = "quarantine/";

  /** The suffix of the journal files the bookie lists. */
  public static final String SUFFIX = ".txn";

  /**
   * The longest key a PMem tier stores, in UTF-8 bytes (see the README's limits); journal keys and
   * their quarantined forms must fit.
   */
  public static final int MAX_KEY_BYTES = 480;

  /** The longest journal file name: 16 hex digits and the suffix. */
  private static final String LONGEST_NAME = "ffffffffffffffff" + SUFFIX;

  /** The room a quarantine prefix and its timestamp take. */
  private static final int QUARANTINE_BYTES = QUARANTINE.length() + 14;

  private static final Pattern JOURNAL_NAME = Pattern.compile("[0-9a-fA-F]{1,16}\\.txn");

  private JournalKeys() {}

  /**
   * The key of a placeholder.
   *
   * @param placeholder the journal file (its directory must exist)
   * @return the key
   * @throws IOException when the directory's real path cannot be resolved
   */
  public static String keyOf(Path placeholder) throws IOException {
    Path dir = placeholder.toAbsolutePath().getParent().toRealPath();
    return PREFIX + dir.toString().substring(1) + "/" + placeholder.getFileName();
  }

  /**
   * Whether a key is a journal key.
   *
   * @param key a key
   * @return whether it starts with {@value #PREFIX}
   */
  public static boolean isJournalKey(String key) {
    return key.startsWith(PREFIX);
  }

  /**
   * The placeholder a journal key belongs to.
   *
   * @param key a journal key
   * @return the absolute path of its placeholder
   */
  public static Path placeholderOf(String key) {
    return Path.of("/" + key.substring(PREFIX.length()));
  }

  /**
   * The quarantined form of a key.
   *
   * @param key the key
   * @param epochMillis when it is quarantined
   * @return {@code quarantine/<epochMillis>/<key>}
   */
  public static String quarantined(String key, long epochMillis) {
    return QUARANTINE + epochMillis + "/" + key;
  }

  /**
   * The journal id in a journal file name, as the bookie reads it.
   *
   * @param fileName a file name
   * @return the id, or empty when the name is no journal file name
   */
  public static OptionalLong journalId(String fileName) {
    if (!JOURNAL_NAME.matcher(fileName).matches()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(
        Long.parseUnsignedLong(fileName.substring(0, fileName.length() - SUFFIX.length()), 16));
  }

  /**
   * Whether every key of a journal directory, quarantined too, fits in {@link #MAX_KEY_BYTES}.
   *
   * @param journalDir an absolute journal directory (the bookie's {@code current} directory)
   * @return whether its longest key fits
   */
  public static boolean fits(Path journalDir) {
    String longest =
        PREFIX
            + journalDir.toAbsolutePath().normalize().toString().substring(1)
            + "/"
            + LONGEST_NAME;
    return longest.getBytes(StandardCharsets.UTF_8).length + QUARANTINE_BYTES <= MAX_KEY_BYTES;
  }
}
