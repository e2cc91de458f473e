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
package dev.mixchannel.file;

import static dev.mixchannel.file.TierTestSupport.CREATE_RW;
import static dev.mixchannel.file.TierTestSupport.config;
import static dev.mixchannel.file.TierTestSupport.writeBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.TierFullException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file of a key removed while channels are open on it (kept in the trash so they can be
 * reopened) counts as used while it exists, is freed once its last channel is closed, and is
 * removed when the tier closes (issue 18, defect 7: it outlived its last channel and a closed tier,
 * uncounted, so a capacity check placed a new key in its room).
 */
class Issue18TrashTest {
  private static final int MIB = 1 << 20;

  @TempDir Path dir;

  @Test
  void shouldCountADeletedKeyWhileItsChannelIsOpenAndFreeItAtTheLastClose() throws IOException {
    try (FileTier tier = FileTier.open(config(4L * MIB, dir))) {
      FileChannel open = tier.open("a", CREATE_RW);
      FileChannel second = tier.reopen(open);
      writeBytes(open, 5 * MIB / 2);
      tier.delete("a");

      assertThat(tier.usedBytes()).isEqualTo(5L * MIB / 2);
      assertThat(tier.hasRoomFor(2L * MIB)).isFalse();
      assertThatThrownBy(() -> tier.open("b", withHint(SizeHint.of(2L * MIB))))
          .isInstanceOf(TierFullException.class);

      open.close();
      assertThat(tier.usedBytes()).as("one channel still open").isEqualTo(5L * MIB / 2);
      second.close();
      assertThat(tier.hasRoomFor(2L * MIB)).isTrue();
      assertThat(tier.usedBytes()).isZero();
      assertThat(trashFiles()).isEmpty();
      tier.open("b", withHint(SizeHint.of(2L * MIB))).close();
    }
  }

  @Test
  void shouldCountAReplacedKeyWhileItsChannelIsOpen() throws IOException {
    try (FileTier tier = FileTier.open(config(4L * MIB, dir))) {
      FileChannel old = tier.open("a", CREATE_RW);
      writeBytes(old, 3 * MIB);
      try (FileChannel other = tier.open("b", CREATE_RW)) {
        writeBytes(other, MIB / 2);
      }
      tier.rename("b", "a");

      assertThat(tier.usedBytes()).isEqualTo(3L * MIB + MIB / 2);
      assertThat(tier.hasRoomFor(MIB)).isFalse();

      old.close();
      assertThat(tier.usedBytes()).isEqualTo(MIB / 2);
      assertThat(trashFiles()).isEmpty();
    }
  }

  @Test
  void shouldRemoveTheTrashWhenTheTierClosesWithChannelsOpen() throws IOException {
    FileChannel open;
    try (FileTier tier = FileTier.open(config(-1, dir))) {
      open = tier.open("a", CREATE_RW);
      writeBytes(open, MIB);
      tier.delete("a");
      assertThat(trashFiles()).hasSize(1);
    }
    assertThat(open.isOpen()).isFalse();
    assertThat(trashFiles()).isEmpty();
  }

  @Test
  void shouldEmptyTheTrashWhenTheTierOpensAfterACrash() throws IOException {
    Path trash = Files.createDirectories(dir.resolve(TierDirectory.TRASH_DIRECTORY));
    Files.write(trash.resolve("7"), new byte[100]);
    try (FileTier tier = FileTier.open(config(-1, dir))) {
      assertThat(trashFiles()).isEmpty();
      assertThat(tier.usedBytes()).isZero();
    }
  }

  private static Set<java.nio.file.OpenOption> withHint(SizeHint hint) {
    Set<java.nio.file.OpenOption> options = new HashSet<>(CREATE_RW);
    options.add(hint);
    return options;
  }

  private Set<Path> trashFiles() throws IOException {
    Path trash = dir.resolve(TierDirectory.TRASH_DIRECTORY);
    if (!Files.isDirectory(trash)) {
      return Set.of();
    }
    try (Stream<Path> files = Files.list(trash)) {
      return files.collect(java.util.stream.Collectors.toSet());
    }
  }
}
