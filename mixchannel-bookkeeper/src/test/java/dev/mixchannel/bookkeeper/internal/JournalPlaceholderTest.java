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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.bookkeeper.internal.JournalPlaceholder.State;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The placeholder's content and the classification every provider decision starts from: what a
 * stock bookie reads in its header, which files are placeholders (empty, whole, cut, altered) and
 * which hold journal bytes, and the atomic fill that never overwrites journal bytes.
 */
class JournalPlaceholderTest {

  /** BookKeeper 4.16 and 4.17 read journal formats 1 to 6 ({@code JournalChannel}). */
  private static final int NEWEST_BOOKKEEPER_FORMAT = 6;

  @TempDir Path dir;

  @Test
  void shouldCarryAJournalHeaderNoBookKeeperReadsWhenReadAsAStockBookieDoes() {
    ByteBuffer header = ByteBuffer.wrap(JournalPlaceholder.bytes(), 0, 8);
    byte[] magic = new byte[4];
    header.get(magic);
    assertThat(new String(magic, StandardCharsets.US_ASCII)).isEqualTo("BKLG");
    int version = header.getInt();
    assertThat(version).isEqualTo(JournalPlaceholder.FORMAT_VERSION).isEqualTo(1296652355);
    assertThat(version).isGreaterThan(NEWEST_BOOKKEEPER_FORMAT);
    String text = new String(JournalPlaceholder.bytes(), StandardCharsets.US_ASCII);
    assertThat(text)
        .startsWith("BKLGMIXC\nMixChannel placeholder")
        .contains("dev.mixchannel.bookkeeper.Evacuate", "journalChannelProvider=")
        .endsWith("\n");
  }

  @Test
  void shouldTellPlaceholdersFromJournalBytesWhenClassifyingAFile() throws IOException {
    byte[] placeholder = JournalPlaceholder.bytes();
    assertThat(JournalPlaceholder.stateOf(dir.resolve("1.txn"))).isEqualTo(State.MISSING);
    assertThat(JournalPlaceholder.stateOf(dir)).isEqualTo(State.MISSING);
    assertThat(state(new byte[0])).isEqualTo(State.EMPTY);
    assertThat(state(placeholder)).isEqualTo(State.WHOLE);
    for (int length : new int[] {1, 4, 5, 8, 9, placeholder.length - 1}) {
      assertThat(state(Arrays.copyOf(placeholder, length)))
          .as("prefix %d", length)
          .isEqualTo(State.CUT);
    }
    assertThat(state(Arrays.copyOf(placeholder, placeholder.length + 1))).isEqualTo(State.ALTERED);
    byte[] edited = placeholder.clone();
    edited[20] = '!';
    assertThat(state(edited)).isEqualTo(State.ALTERED);
    assertThat(state(Arrays.copyOf(edited, 21))).isEqualTo(State.ALTERED);
    assertThat(state(stockHeader())).isEqualTo(State.JOURNAL);
    assertThat(state(Arrays.copyOf(stockHeader(), 5))).isEqualTo(State.JOURNAL);
    assertThat(state("in the file".getBytes(StandardCharsets.US_ASCII))).isEqualTo(State.JOURNAL);
    assertThat(State.EMPTY.claimsKey()).isFalse();
    assertThat(State.WHOLE.claimsKey()).isTrue();
    assertThat(State.CUT.claimsKey()).isTrue();
    assertThat(State.ALTERED.claimsKey()).isTrue();
    assertThat(State.JOURNAL.claimsKey()).isFalse();
  }

  @Test
  void shouldMakeAWholePlaceholderWhenFillingAFileWithoutJournalBytes() throws IOException {
    Path empty = Files.createFile(dir.resolve("a.txn"));
    Path cut = Files.write(dir.resolve("b.txn"), Arrays.copyOf(JournalPlaceholder.bytes(), 12));
    Path missing = dir.resolve("c.txn");
    Path whole = Files.write(dir.resolve("d.txn"), JournalPlaceholder.bytes());
    Path altered =
        Files.write(dir.resolve("f.txn"), Arrays.copyOf(JournalPlaceholder.bytes(), 500));
    for (Path file : new Path[] {empty, cut, missing, whole, altered}) {
      JournalPlaceholder.fill(file);
      assertThat(Files.readAllBytes(file)).as("%s", file).isEqualTo(JournalPlaceholder.bytes());
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("no temporary file left")
          .containsExactlyInAnyOrder("a.txn", "b.txn", "c.txn", "d.txn", "f.txn");
    }
  }

  @Test
  void shouldRefuseToOverwriteJournalBytesWhenAskedToFillThem() throws IOException {
    Path journal = Files.write(dir.resolve("e.txn"), stockHeader());
    assertThatThrownBy(() -> JournalPlaceholder.fill(journal))
        .isInstanceOf(IOException.class)
        .hasMessage("refusing to overwrite journal bytes with a placeholder: file=" + journal);
    assertThat(Files.readAllBytes(journal)).isEqualTo(stockHeader());
  }

  private State state(byte[] content) throws IOException {
    Path file = Files.write(Files.createTempFile(dir, "state", ".txn"), content);
    return JournalPlaceholder.stateOf(file);
  }

  /** The 512-byte header a stock bookie writes at the start of a format-6 journal. */
  private static byte[] stockHeader() {
    ByteBuffer header = ByteBuffer.allocate(512);
    header.put("BKLG".getBytes(StandardCharsets.US_ASCII)).putInt(NEWEST_BOOKKEEPER_FORMAT);
    return header.array();
  }
}
