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
package dev.mixchannel.bookkeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelException;
import dev.mixchannel.bookkeeper.internal.BookieFixture;
import dev.mixchannel.bookkeeper.internal.JournalKeys;
import dev.mixchannel.bookkeeper.internal.JournalPlaceholder;
import dev.mixchannel.bookkeeper.internal.JournalPlaceholder.State;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.File;
import java.io.FileDescriptor;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.bookkeeper.bookie.BookieFileChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provider driven as BookKeeper's {@code JournalChannel} drives it: {@code open}, {@code
 * fileExists}, {@code createNewFile} by the bookie, {@code getFileChannel}, a header, a force and
 * the preallocation write; and replay opens of every kind of existing journal (each state of its
 * file, with and without a key); and the BookKeeper version check at the first open.
 */
class MixChannelJournalProviderTest {

  private static final long PREALLOC = 16L << 20;

  @Test
  void shouldFillThePlaceholderAndDropThePreallocationWhenTheBookieCreatesAJournal(
      @TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      File file = bookie.journalCurrent().resolve("10.txn").toFile();
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      BookieFileChannel journal = provider.open(file, bookie.conf());
      assertThat(journal.fileExists(file)).isFalse();
      assertThat(file.createNewFile()).isTrue();
      assertThat(journal.fileExists(file)).isTrue();
      FileChannel channel = journal.getFileChannel();
      assertThat(journal.getFileChannel()).isSameAs(channel);
      // Whole before the bookie can write an entry: a bookie without the provider refuses it.
      assertThat(JournalPlaceholder.stateOf(file.toPath())).isEqualTo(State.WHOLE);
      channel.write(ByteBuffer.wrap(header()));
      channel.force(true);
      assertThat(channel.write(ByteBuffer.allocate(512), PREALLOC - 512)).isEqualTo(512);
      assertThat(channel.size()).isEqualTo(512);
      assertThat(channel.position()).isEqualTo(512);
      assertThat(journal.getFD().valid()).isFalse();
      provider.close();
      channel.close();
      assertThat(Files.readAllBytes(file.toPath())).isEqualTo(JournalPlaceholder.bytes());
      try (TierManager tiers = TierManager.open(bookie.tierConfig());
          MixChannel key = tiers.open(JournalKeys.keyOf(file.toPath()))) {
        assertThat(key.size()).isEqualTo(512);
        assertThat(key.tierName()).isEqualTo("pmem");
        assertThat(key.isSealed()).isFalse();
      }
    }
  }

  @Test
  void shouldWriteThePreallocationWhenTheSettingsAskForIt(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      bookie.conf().setProperty("mixchannel.bookkeeper.preallocate", "true");
      File file = bookie.journalCurrent().resolve("11.txn").toFile();
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      BookieFileChannel journal = provider.open(file, bookie.conf());
      assertThat(file.createNewFile()).isTrue();
      FileChannel channel = journal.getFileChannel();
      channel.write(ByteBuffer.wrap(header()));
      channel.write(ByteBuffer.allocate(512), PREALLOC - 512);
      assertThat(channel.size()).isEqualTo(PREALLOC);
      provider.close();
      channel.close();
    }
  }

  @Test
  void shouldReadTheKeyBackAndFillAnEmptyPlaceholderWhenAnExistingJournalIsOpened(
      @TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      File whole = bookie.journalCurrent().resolve("12.txn").toFile();
      File firstLayout = bookie.journalCurrent().resolve("18.txn").toFile();
      writeJournal(bookie, whole, "entries");
      writeJournal(bookie, firstLayout, "entries");
      assertThat(JournalPlaceholder.stateOf(whole.toPath())).isEqualTo(State.WHOLE);
      // The placeholder of the first layout: an empty file beside its key.
      Files.write(firstLayout.toPath(), new byte[0]);
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      for (File file : new File[] {whole, firstLayout}) {
        BookieFileChannel journal = provider.open(file, bookie.conf());
        assertThat(journal.fileExists(file)).isTrue();
        FileChannel channel = journal.getFileChannel();
        assertThat(read(channel))
            .isEqualTo(new String(header(), StandardCharsets.ISO_8859_1) + "entries");
        channel.close();
        assertThat(Files.readAllBytes(file.toPath())).isEqualTo(JournalPlaceholder.bytes());
      }
      provider.close();
    }
  }

  @Test
  void shouldReadThePlaceholderAndDeleteTheLeftoverKeyWhenThePlaceholderHoldsBytes(
      @TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      File file = bookie.journalCurrent().resolve("13.txn").toFile();
      writeJournal(bookie, file, "in the tiers");
      Files.writeString(file.toPath(), "in the file");
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      FileChannel channel = provider.open(file, bookie.conf()).getFileChannel();
      assertThat(read(channel)).isEqualTo("in the file");
      channel.close();
      provider.close();
      assertNoKeys(bookie);
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.internal.Reaper",
      contains = "quarantined a journal key")
  void shouldQuarantineAStaleKeyWhenANewJournalTakesItsName(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      File file = bookie.journalCurrent().resolve("14.txn").toFile();
      writeJournal(bookie, file, "stale");
      Files.delete(file.toPath());
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      BookieFileChannel journal = provider.open(file, bookie.conf());
      assertThat(journal.fileExists(file)).isFalse();
      assertThat(file.createNewFile()).isTrue();
      FileChannel channel = journal.getFileChannel();
      assertThat(channel.size()).isZero();
      channel.close();
      provider.close();
      try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
        assertThat(tiers.keys())
            .hasSize(2)
            .anyMatch(key -> key.startsWith(JournalKeys.QUARANTINE) && key.endsWith("/14.txn"));
      }
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.internal.Reaper",
      contains = "journal directory is missing or no directory")
  void shouldAdoptTheKeyWhenTheJournalDirectoryMoved(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      Path old = Files.createDirectories(root.resolve("old-journal"));
      String oldKey = JournalKeys.keyOf(old.resolve("15.txn"));
      try (TierManager tiers = TierManager.open(bookie.tierConfig());
          MixChannel key =
              tiers.open(oldKey, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        key.write(ByteBuffer.wrap("moved".getBytes(StandardCharsets.ISO_8859_1)));
      }
      Files.delete(old);
      File file = bookie.journalCurrent().resolve("15.txn").toFile();
      assertThat(file.createNewFile()).isTrue();
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      FileChannel channel = provider.open(file, bookie.conf()).getFileChannel();
      assertThat(read(channel)).isEqualTo("moved");
      assertThat(JournalPlaceholder.stateOf(file.toPath())).isEqualTo(State.WHOLE);
      channel.close();
      provider.close();
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.internal.Reaper",
      contains = "journal directory is missing or no directory")
  void shouldRefuseToGuessWhenTwoMovedDirectoriesHoldTheJournalName(@TempDir Path root)
      throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
        for (String dir : new String[] {"gone-a", "gone-b"}) {
          Path gone = Files.createDirectories(root.resolve(dir));
          tiers
              .open(
                  JournalKeys.keyOf(gone.resolve("16.txn")),
                  StandardOpenOption.CREATE,
                  StandardOpenOption.WRITE)
              .close();
          Files.delete(gone);
        }
      }
      File file = bookie.journalCurrent().resolve("16.txn").toFile();
      assertThat(file.createNewFile()).isTrue();
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      BookieFileChannel journal = provider.open(file, bookie.conf());
      assertThatThrownBy(journal::getFileChannel)
          .isInstanceOf(IOException.class)
          .hasMessageContaining("several keys");
      provider.close();
    }
  }

  @Test
  void shouldOpenNoStorageWhenNoChannelIsAskedFor(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      File file = bookie.journalCurrent().resolve("17.txn").toFile();
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      BookieFileChannel journal = provider.open(file, bookie.conf());
      assertThat(journal.fileExists(file)).isFalse();
      FileDescriptor fd = journal.getFD();
      assertThat(fd.valid()).isFalse();
      assertThat(provider.supportReuseFile()).isFalse();
      provider.close();
      provider.close();
      try (var pool = Files.list(bookie.pmemDir())) {
        assertThat(pool).isEmpty();
      }
      assertThatThrownBy(() -> provider.open(file, bookie.conf()))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("closed");
    }
  }

  @Test
  void shouldCloseTheTiersWhenTheLastChannelClosesOnAnInterruptedThreadAfterTheProviders(
      @TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      Path second = Files.createDirectories(root.resolve("journal2").resolve("current"));
      bookie
          .conf()
          .setJournalDirsName(
              new String[] {root.resolve("journal").toString(), second.getParent().toString()});
      MixChannelJournalProvider one = new MixChannelJournalProvider();
      MixChannelJournalProvider two = new MixChannelJournalProvider();
      File first = bookie.journalCurrent().resolve("20.txn").toFile();
      File other = second.resolve("21.txn").toFile();
      FileChannel a = newJournal(one, first, bookie);
      FileChannel b = newJournal(two, other, bookie);
      one.close();
      a.close();
      two.close();
      assertThatThrownBy(() -> TierManager.open(bookie.tierConfig()))
          .isInstanceOf(IOException.class);
      Thread.currentThread().interrupt();
      try {
        b.close();
      } finally {
        assertThat(Thread.interrupted()).as("interrupt kept").isTrue();
      }
      try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
        assertThat(tiers.keys())
            .containsExactlyInAnyOrder(
                JournalKeys.keyOf(first.toPath()), JournalKeys.keyOf(other.toPath()));
      }
    }
  }

  @Test
  void shouldReplayAnEmptyFileAsEmptyWhenNoTierHoldsItsKey(@TempDir Path root) throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      File file = bookie.journalCurrent().resolve("19.txn").toFile();
      assertThat(file.createNewFile()).isTrue();
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      FileChannel channel = provider.open(file, bookie.conf()).getFileChannel();
      assertThat(channel.size()).isZero();
      assertThat(JournalPlaceholder.stateOf(file.toPath())).isEqualTo(State.EMPTY);
      channel.close();
      provider.close();
      assertNoKeys(bookie);
    }
  }

  @Test
  void shouldRefuseAWholeOrCutPlaceholderWhenNoTierHoldsItsKey(@TempDir Path root)
      throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      Path whole = bookie.journalCurrent().resolve("1a.txn");
      Path cut = bookie.journalCurrent().resolve("1b.txn");
      writeJournal(bookie, whole.toFile(), "acknowledged");
      writeJournal(bookie, cut.toFile(), "acknowledged");
      Files.write(cut, Arrays.copyOf(JournalPlaceholder.bytes(), 20));
      // The keys are lost (a slot quarantined, a pool recreated): no tier holds them.
      try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
        assertThat(tiers.delete(JournalKeys.keyOf(whole))).isTrue();
        assertThat(tiers.delete(JournalKeys.keyOf(cut))).isTrue();
      }
      MixChannelJournalProvider provider = new MixChannelJournalProvider();
      for (Path file : new Path[] {whole, cut}) {
        BookieFileChannel journal = provider.open(file.toFile(), bookie.conf());
        assertThat(journal.fileExists(file.toFile())).isTrue();
        assertThatThrownBy(journal::getFileChannel)
            .isInstanceOf(MixChannelException.class)
            .hasMessageStartingWith(
                "journal placeholder has no key, its bytes are in no tier: file="
                    + file
                    + ", key="
                    + JournalKeys.keyOf(file)
                    + ", placeholder=");
      }
      provider.close();
      assertThat(JournalPlaceholder.stateOf(whole)).isEqualTo(State.WHOLE);
      assertThat(JournalPlaceholder.stateOf(cut)).isEqualTo(State.CUT);
      assertNoKeys(bookie);
    }
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.bookkeeper.MixChannelJournalProvider",
      contains = "runs on a BookKeeper outside its tested range",
      reason = "the provider allowed to run on 4.18.0 says so")
  void shouldRefuseABookKeeperOutsideTheTestedRangeUnlessTheSettingNamesIt(@TempDir Path root)
      throws Exception {
    Path classPath = BookieFixture.bookKeeperRoot(root.resolve("bookkeeper-4.18.0"), "4.18.0");
    try (BookieFixture bookie = new BookieFixture(root);
        URLClassLoader bookKeeper =
            new URLClassLoader(new URL[] {classPath.toUri().toURL()}, null)) {
      File file = bookie.journalCurrent().resolve("1c.txn").toFile();
      MixChannelJournalProvider refusing = new MixChannelJournalProvider(bookKeeper);
      assertThatThrownBy(() -> refusing.open(file, bookie.conf()))
          .isInstanceOf(MixChannelException.class)
          .hasMessageContaining(
              "refuses to run on a BookKeeper it was not built for: version=4.18.0")
          .hasMessageContaining("tested=[4.16.6, 4.17.2]")
          .hasMessageContaining("mixchannel.bookkeeper.version.allow=4.18.0");
      refusing.close();
      try (Stream<Path> pool = Files.list(bookie.pmemDir())) {
        assertThat(pool).as("no tier opened").isEmpty();
      }

      bookie.conf().setProperty("mixchannel.bookkeeper.version.allow", "4.18.0");
      MixChannelJournalProvider allowed = new MixChannelJournalProvider(bookKeeper);
      FileChannel channel = newJournal(allowed, file, bookie);
      allowed.close();
      channel.close();
      assertThat(JournalPlaceholder.stateOf(file.toPath())).isEqualTo(State.WHOLE);
    }
  }

  private static void assertNoKeys(BookieFixture bookie) throws IOException {
    try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
      assertThat(tiers.keys()).isEmpty();
    }
  }

  private static FileChannel newJournal(
      MixChannelJournalProvider provider, File file, BookieFixture bookie) throws IOException {
    BookieFileChannel journal = provider.open(file, bookie.conf());
    assertThat(file.createNewFile()).isTrue();
    FileChannel channel = journal.getFileChannel();
    channel.write(ByteBuffer.wrap(header()));
    channel.force(false);
    return channel;
  }

  private static void writeJournal(BookieFixture bookie, File file, String text)
      throws IOException {
    MixChannelJournalProvider provider = new MixChannelJournalProvider();
    FileChannel channel = newJournal(provider, file, bookie);
    channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)));
    channel.close();
    provider.close();
  }

  private static byte[] header() {
    byte[] header = new byte[512];
    System.arraycopy("BKLG".getBytes(StandardCharsets.ISO_8859_1), 0, header, 0, 4);
    header[7] = 6;
    return header;
  }

  private static String read(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(4096);
    while (channel.read(buffer) > 0) {
      // read to the end
    }
    buffer.flip();
    return StandardCharsets.ISO_8859_1.decode(buffer).toString();
  }
}
