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

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Journal keys and their placeholders. */
class JournalKeysTest {

  @Test
  void shouldNameTheRealDirectoryWhenTheJournalDirectoryIsReachedThroughALink(@TempDir Path root)
      throws Exception {
    Path real = Files.createDirectories(root.resolve("real"));
    Path link = Files.createSymbolicLink(root.resolve("link"), real);
    String key = JournalKeys.keyOf(link.resolve("1a2b.txn"));
    assertThat(key).isEqualTo(JournalKeys.keyOf(real.resolve("1a2b.txn")));
    assertThat(key).startsWith("journal/").endsWith("/real/1a2b.txn");
    assertThat(JournalKeys.placeholderOf(key)).isEqualTo(real.toRealPath().resolve("1a2b.txn"));
  }

  @Test
  void shouldReadTheJournalIdWhenTheNameIsAJournalName() {
    assertThat(JournalKeys.journalId("18f2a3b4c5d.txn")).hasValue(0x18f2a3b4c5dL);
    assertThat(JournalKeys.journalId("VERSION")).isEmpty();
    assertThat(JournalKeys.journalId(".1a.txn.evacuating")).isEmpty();
  }

  @Test
  void shouldMoveOutOfEveryPlaceholdersReachWhenQuarantined() {
    String key = "journal/data/j/current/1a.txn";
    String quarantined = JournalKeys.quarantined(key, 99);
    assertThat(quarantined).isEqualTo("quarantine/99/journal/data/j/current/1a.txn");
    assertThat(JournalKeys.isJournalKey(quarantined)).isFalse();
  }
}
