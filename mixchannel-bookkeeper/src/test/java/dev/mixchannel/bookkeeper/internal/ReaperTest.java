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
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.TierManager;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reaper's decisions, one pass at a time through {@link JournalStorage#reap()}. */
class ReaperTest {

  private static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(1234), ZoneOffset.UTC);

  @Test
  void shouldDeleteTheKeyWhenTheBookieDeletedAJournalOlderThanTheLastMark(@TempDir Path root)
      throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      String key = journal(bookie, "a0");
      journal(bookie, "b0");
      bookie.writeLastMark(0xb0);
      Files.delete(bookie.journalCurrent().resolve("a0.txn"));
      assertThat(passAndKeys(bookie)).containsExactly(JournalKeys.keyOf(placeholder(bookie, "b0")));
      assertThat(key).endsWith("/a0.txn");
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.internal.Reaper",
      contains = "quarantined a journal key")
  void shouldQuarantineTheKeyWhenTheJournalIsNotOlderThanTheLastMark(@TempDir Path root)
      throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      String key = journal(bookie, "c0");
      bookie.writeLastMark(0xc0);
      Files.delete(bookie.journalCurrent().resolve("c0.txn"));
      assertThat(passAndKeys(bookie)).containsExactly(JournalKeys.quarantined(key, 1234));
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.internal.Reaper",
      contains = "quarantined a journal key")
  void shouldQuarantineTheKeyWhenNoLastMarkCanBeRead(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      String key = journal(bookie, "d0");
      Files.delete(bookie.journalCurrent().resolve("d0.txn"));
      assertThat(passAndKeys(bookie)).containsExactly(JournalKeys.quarantined(key, 1234));
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.internal.Reaper",
      contains = "journal directory is missing or no directory")
  void shouldKeepTheKeysWhenTheJournalDirectoryIsMissing(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      String key = journal(bookie, "e0");
      bookie.writeLastMark(0xff);
      Files.delete(bookie.journalCurrent().resolve("e0.txn"));
      Files.delete(bookie.journalCurrent());
      assertThat(passAndKeys(bookie)).containsExactly(key);
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.internal.Reaper",
      contains = "journal directory is missing or no directory")
  void shouldKeepTheKeysWhenTheJournalDirectoryIsNoDirectory(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      String key = journal(bookie, "f0");
      bookie.writeLastMark(0xff);
      Files.delete(bookie.journalCurrent().resolve("f0.txn"));
      Files.delete(bookie.journalCurrent());
      Files.writeString(bookie.journalCurrent(), "a file where the directory was");
      assertThat(passAndKeys(bookie)).containsExactly(key);
    }
  }

  @Test
  void shouldKeepTheKeyWhenItsChannelIsOpen(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      JournalStorage storage = new JournalStorage(bookie.settings(), CLOCK);
      // As a provider would: otherwise closing the last written journal closes the storage.
      assertThat(storage.attachProvider()).isTrue();
      try {
        Path file = Files.createFile(placeholder(bookie, "70"));
        try (FileChannel open = storage.openNew(file)) {
          bookie.writeLastMark(0xff);
          Files.delete(file);
          assertThat(storage.reap()).isZero();
          assertThat(storage.keys())
              .containsExactly(JournalKeys.keyOf(file.resolveSibling("").resolve("70.txn")));
          assertThat(open.isOpen()).isTrue();
        }
        assertThat(storage.reap()).isEqualTo(1);
        assertThat(storage.keys()).isEmpty();
      } finally {
        storage.closeNow();
      }
    }
  }

  /**
   * Creates a journal key with its placeholder, as the bookie and provider would: the bookie's
   * empty file, the key, then the whole placeholder.
   */
  private static String journal(BookieFixture bookie, String id) throws Exception {
    Path file = Files.createFile(placeholder(bookie, id));
    String key = JournalKeys.keyOf(file);
    try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
      tiers.open(key, CREATE_NEW, WRITE).close();
    }
    JournalPlaceholder.fill(file);
    return key;
  }

  private static Path placeholder(BookieFixture bookie, String id) {
    return bookie.journalCurrent().resolve(id + ".txn");
  }

  private static List<String> passAndKeys(BookieFixture bookie) throws Exception {
    JournalStorage storage = new JournalStorage(bookie.settings(), CLOCK);
    try {
      storage.reap();
      return storage.keys();
    } finally {
      storage.closeNow();
    }
  }
}
