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

import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Evacuation by the state of each journal file: every kind of placeholder (whole, cut, the empty
 * one of the first layout) is replaced by its key's bytes, a file with journal bytes keeps them and
 * loses its leftover key, and a placeholder whose key no tier holds is reported, not written.
 */
class EvacuatorTest {

  @Test
  void shouldWriteEveryPlaceholderBackAndReportThoseWithoutKeyWhenEvacuating(@TempDir Path root)
      throws Exception {
    try (BookieFixture bookie = new BookieFixture(root)) {
      byte[] whole = JournalPlaceholder.bytes();
      byte[] cut = Arrays.copyOf(whole, 30);
      byte[] journal = "journal bytes".getBytes(StandardCharsets.US_ASCII);
      Path lost;
      try (TierManager tiers = TierManager.open(bookie.tierConfig())) {
        journal(tiers, bookie, "20", whole, "key of 20");
        journal(tiers, bookie, "21", cut, "key of 21");
        journal(tiers, bookie, "22", new byte[0], "key of 22");
        journal(tiers, bookie, "23", journal, "key of 23");
        lost = Files.write(bookie.journalCurrent().resolve("24.txn"), whole);
        Files.createFile(bookie.journalCurrent().resolve("25.txn"));

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> left =
            new Evacuator(
                    tiers, bookie.settings(), new PrintStream(out, true, StandardCharsets.UTF_8))
                .run(null);

        assertThat(left).containsExactly(lost.toString());
        assertThat(out.toString(StandardCharsets.UTF_8))
            .contains("left " + lost + ": a placeholder whose key is in no tier");
        assertThat(tiers.keys()).isEmpty();
      }
      for (String id : new String[] {"20", "21", "22"}) {
        assertThat(read(bookie, id)).isEqualTo("key of " + id);
      }
      assertThat(Files.readAllBytes(bookie.journalCurrent().resolve("23.txn"))).isEqualTo(journal);
      assertThat(Files.readAllBytes(lost)).isEqualTo(whole);
      assertThat(Files.size(bookie.journalCurrent().resolve("25.txn"))).isZero();
    }
  }

  /** A journal file with the given content and a key with the given text. */
  private static void journal(
      TierManager tiers, BookieFixture bookie, String id, byte[] file, String key)
      throws Exception {
    Path placeholder = Files.write(bookie.journalCurrent().resolve(id + ".txn"), file);
    try (MixChannel channel = tiers.open(JournalKeys.keyOf(placeholder), CREATE_NEW, WRITE)) {
      channel.write(ByteBuffer.wrap(key.getBytes(StandardCharsets.US_ASCII)));
    }
  }

  private static String read(BookieFixture bookie, String id) throws Exception {
    return Files.readString(
        bookie.journalCurrent().resolve(id + ".txn"), StandardCharsets.US_ASCII);
  }
}
