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

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the key of a journal whose placeholder has none: the same journal file name under another
 * directory whose placeholder is gone (the journal directory was moved or renamed, so its real path
 * changed), quarantined or not. Exactly one such key is renamed to the placeholder's key; several
 * are ambiguous and fail the open, since replaying an empty journal in place of one of them could
 * lose acknowledged entries. Stateless.
 */
final class Adoption {

  private static final Logger LOG = LoggerFactory.getLogger(Adoption.class);

  private Adoption() {}

  /**
   * Adopts the key of a moved journal.
   *
   * @param tiers the tiers
   * @param key the key the placeholder wants, which does not exist
   * @return {@code true} when a key was renamed to {@code key}
   * @throws IOException when several keys qualify, or the rename fails
   */
  static boolean adopt(TierManager tiers, String key) throws IOException {
    String name = key.substring(key.lastIndexOf('/'));
    List<String> candidates = new ArrayList<>();
    for (String other : tiers.keys()) {
      String journalKey = original(other);
      if (journalKey != null
          && !other.equals(key)
          && journalKey.endsWith(name)
          && Files.notExists(JournalKeys.placeholderOf(journalKey))) {
        candidates.add(other);
      }
    }
    if (candidates.isEmpty()) {
      return false;
    }
    if (candidates.size() > 1) {
      throw new IOException(
          "journal placeholder has no key and several keys of moved journal directories could be"
              + " its: key="
              + key
              + ", candidates="
              + candidates
              + " (evacuate or rename one of them)");
    }
    tiers.rename(candidates.get(0), key);
    LOG.info(
        "adopted the key of a journal whose directory moved: from={}, to={}",
        candidates.get(0),
        key);
    return true;
  }

  /** The journal key a key holds: itself, or the key inside a quarantined one; else null. */
  private static String original(String key) {
    if (JournalKeys.isJournalKey(key)) {
      return key;
    }
    if (key.startsWith(JournalKeys.QUARANTINE)) {
      int slash = key.indexOf('/', JournalKeys.QUARANTINE.length());
      String inner = slash < 0 ? "" : key.substring(slash + 1);
      return JournalKeys.isJournalKey(inner) ? inner : null;
    }
    return null;
  }

  /**
   * The placeholder of a journal or quarantined key.
   *
   * @param key a key
   * @return its placeholder, or null for other keys
   */
  static Path placeholderOfAny(String key) {
    String journalKey = original(key);
    return journalKey == null ? null : JournalKeys.placeholderOf(journalKey);
  }
}
