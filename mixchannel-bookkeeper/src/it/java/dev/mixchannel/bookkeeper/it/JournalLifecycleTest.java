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
package dev.mixchannel.bookkeeper.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.bookkeeper.MixChannelJournalProvider;
import dev.mixchannel.bookkeeper.internal.BookieFixture;
import dev.mixchannel.bookkeeper.internal.JournalKeys;
import dev.mixchannel.bookkeeper.internal.JournalPlaceholder;
import dev.mixchannel.bookkeeper.internal.JournalPlaceholder.State;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.testkit.junit.LeakCheck;
import dev.mixchannel.tiering.TierManager;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.bookkeeper.bookie.FileChannelProvider;
import org.apache.bookkeeper.bookie.Journal;
import org.apache.bookkeeper.bookie.LedgerDirsManager;
import org.apache.bookkeeper.util.DiskChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;

/**
 * BookKeeper's own {@code Journal} in the test JVM with the provider: it writes, shuts down
 * (closing the provider before its journal thread closes the last channel, on an interrupted
 * thread), and a fresh {@code Journal} scans the journals back the way replay and {@code
 * readjournal} do; and a stock {@code Journal}, without the provider, refuses a placeholder.
 */
@ExpectedLog(
    logger = "org.apache.bookkeeper.bookie.Journal",
    level = Level.ERROR,
    contains = "Problems reading from",
    reason = "a new bookie has no lastMark file yet, which BookKeeper logs as an error")
class JournalLifecycleTest {

  private static final int ENTRIES = 2_000;
  private static final long LEDGER = 7;

  @Test
  void shouldScanEveryEntryBackWhenAJournalWrittenThroughTheProviderIsReadByANewJournal(
      @TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      bookie.conf().setJournalChannelProvider(MixChannelJournalProvider.class.getName());
      bookie.conf().setJournalSyncData(true);
      bookie.conf().setProperty("journalFlushWhenQueueEmpty", "true");
      Journal journal = newJournal(bookie);
      journal.start();
      AtomicInteger failures = new AtomicInteger();
      CountDownLatch written = new CountDownLatch(ENTRIES);
      for (long entryId = 0; entryId < ENTRIES; entryId++) {
        journal.logAddEntry(
            entry(entryId),
            false,
            (rc, ledgerId, id, address, ctx) -> {
              if (rc != 0) {
                failures.incrementAndGet();
              }
              written.countDown();
            },
            null);
      }
      assertThat(written.await(60, TimeUnit.SECONDS)).isTrue();
      assertThat(failures).hasValue(0);
      journal.shutdown();

      // The tiers were closed by the journal's shutdown: the test can open them now.
      List<Path> files = new ArrayList<>();
      for (Long id : Journal.listJournalIds(bookie.journalCurrent().toFile(), null)) {
        files.add(bookie.journalCurrent().resolve(Long.toHexString(id) + ".txn"));
      }
      assertThat(files).isNotEmpty();
      try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
        for (Path file : files) {
          assertThat(JournalPlaceholder.stateOf(file)).isEqualTo(State.WHOLE);
          assertThat(tiers.exists(JournalKeys.keyOf(file))).isTrue();
        }
      }

      Journal reader = newJournal(bookie);
      List<Long> seen = new ArrayList<>();
      for (Long id : Journal.listJournalIds(bookie.journalCurrent().toFile(), null)) {
        reader.scanJournal(
            id,
            0L,
            (version, offset, entry) -> {
              long ledgerId = entry.getLong();
              long entryId = entry.getLong();
              if (ledgerId == LEDGER) {
                assertThat(entry.remaining()).isEqualTo(1024);
                assertThat(entry.get(entry.position())).isEqualTo((byte) entryId);
                seen.add(entryId);
              }
            },
            false);
      }
      assertThat(seen).hasSize(ENTRIES);
      assertThat(seen.get(ENTRIES - 1)).isEqualTo(ENTRIES - 1L);
      // The scan's provider still holds the tiers: Journal.shutdown() does nothing for a journal
      // that never started, so close the provider as a shutdown would.
      closeProvider(reader);
    }
  }

  @Test
  @ExpectedLog(
      logger = "org.apache.bookkeeper.bookie.JournalChannel",
      level = Level.ERROR,
      contains = "Invalid journal version",
      reason = "the refusal this test asks for")
  @LeakCheck(
      fileDescriptors = false,
      reason =
          "BookKeeper's JournalChannel throws from its constructor without closing the stock"
              + " provider's channel of the journal it refuses; the JVM closes it at exit")
  void shouldFailAStockScanOfAPlaceholderWhereItReadsAnEmptyFileAsAnEmptyJournal(@TempDir Path root)
      throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      // No journalChannelProvider: BookKeeper's own files, as replay and readjournal without it.
      Files.createFile(bookie.journalCurrent().resolve("1.txn"));
      JournalPlaceholder.fill(bookie.journalCurrent().resolve("2.txn"));
      Journal stock = newJournal(bookie);
      List<Long> seen = new ArrayList<>();
      Journal.JournalScanner scanner = (version, offset, entry) -> seen.add(offset);
      // The first layout's empty placeholder: an empty journal to a stock bookie, read silently.
      stock.scanJournal(1L, 0L, scanner, false);
      assertThat(seen).isEmpty();
      for (boolean skipInvalidRecord : new boolean[] {false, true}) {
        assertThatThrownBy(() -> stock.scanJournal(2L, 0L, scanner, skipInvalidRecord))
            .isInstanceOf(IOException.class)
            .hasMessage(
                "Invalid journal version, unable to read. Expected between (1) and (6), got ("
                    + JournalPlaceholder.FORMAT_VERSION
                    + ")");
      }
      assertThat(seen).isEmpty();
    }
  }

  private static void closeProvider(Journal journal) throws Exception {
    Field field = Journal.class.getDeclaredField("fileChannelProvider");
    field.setAccessible(true);
    ((FileChannelProvider) field.get(journal)).close();
  }

  private static Journal newJournal(BookieFixture bookie) throws Exception {
    File[] ledgerDirs = bookie.conf().getLedgerDirs();
    LedgerDirsManager dirs =
        new LedgerDirsManager(bookie.conf(), ledgerDirs, new DiskChecker(0.99f, 0.98f));
    return new Journal(0, bookie.journalCurrent().toFile(), bookie.conf(), dirs);
  }

  private static ByteBuf entry(long entryId) {
    ByteBuffer bytes = ByteBuffer.allocate(16 + 1024);
    bytes.putLong(LEDGER).putLong(entryId);
    while (bytes.hasRemaining()) {
      bytes.put((byte) entryId);
    }
    bytes.flip();
    return Unpooled.wrappedBuffer(bytes);
  }
}
