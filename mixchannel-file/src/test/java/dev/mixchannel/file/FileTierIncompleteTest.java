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
import static dev.mixchannel.file.TierTestSupport.READ;
import static dev.mixchannel.file.TierTestSupport.config;
import static dev.mixchannel.file.TierTestSupport.readAll;
import static dev.mixchannel.file.TierTestSupport.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.SizeHint;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTierIncompleteTest {

  @TempDir Path tempDir;

  @Test
  void shouldStayInvisibleUntilPublishedWhenCreatedIncomplete() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir));
        FileChannel copy = tier.createIncomplete("t-0/1.log", SizeHint.of(100))) {
      write(copy, "copied");
      assertThat(tempDir.resolve("t-0/1.log.migrating")).exists();
      assertThat(tier.exists("t-0/1.log")).isFalse();
      assertThat(tier.keys()).isEmpty();
      assertThat(tier.incompleteKeys()).containsExactly("t-0/1.log");
      assertThat(tier.usedBytes()).isEqualTo(6);
      assertThatThrownBy(() -> tier.open("t-0/1.log", READ))
          .isInstanceOf(NoSuchFileException.class);
      assertThatThrownBy(() -> tier.size("t-0/1.log")).isInstanceOf(NoSuchFileException.class);

      tier.publish("t-0/1.log");

      assertThat(tier.exists("t-0/1.log")).isTrue();
      assertThat(tier.incompleteKeys()).isEmpty();
      assertThat(tempDir.resolve("t-0/1.log.migrating")).doesNotExist();
      write(copy, "+more");
      assertThat(tier.size("t-0/1.log")).isEqualTo(11);
      try (FileChannel reader = tier.open("t-0/1.log", READ)) {
        assertThat(readAll(reader)).isEqualTo("copied+more");
      }
    }
  }

  @Test
  void shouldRefuseWhenKeyExistsCompleteOrIncomplete() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      tier.open("done", CREATE_RW).close();
      tier.createIncomplete("pending", SizeHint.NONE).close();
      assertThatThrownBy(() -> tier.createIncomplete("done", SizeHint.NONE))
          .isInstanceOf(FileAlreadyExistsException.class)
          .hasMessageContaining("done");
      assertThatThrownBy(() -> tier.createIncomplete("pending", SizeHint.NONE))
          .isInstanceOf(FileAlreadyExistsException.class)
          .hasMessageContaining("pending");
    }
  }

  @Test
  void shouldFailPublishWhenCompleteKeyExists() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      try (FileChannel copy = tier.createIncomplete("k", SizeHint.NONE)) {
        write(copy, "copy");
      }
      try (FileChannel live = tier.open("k", CREATE_RW)) {
        write(live, "live!");
      }
      assertThatThrownBy(() -> tier.publish("k"))
          .isInstanceOf(FileAlreadyExistsException.class)
          .hasMessageContaining("k");
      assertThat(tier.size("k")).isEqualTo(5);
      assertThat(tier.incompleteKeys()).containsExactly("k");
      assertThatThrownBy(() -> tier.publish("never"))
          .isInstanceOf(NoSuchFileException.class)
          .hasMessageContaining("never");
    }
  }

  @Test
  void shouldRemoveFileAndSpaceWhenDiscarded() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      try (FileChannel copy = tier.createIncomplete("a/b", SizeHint.NONE)) {
        write(copy, "partial");
        assertThat(tier.discardIncomplete("a/b")).isTrue();
        assertThat(tier.usedBytes()).as("held until the channel closes").isEqualTo(7);
      }
      assertThat(tier.usedBytes()).isZero();
      assertThat(tier.discardIncomplete("a/b")).isFalse();
      assertThat(tier.incompleteKeys()).isEmpty();
      assertThat(tempDir.resolve("a")).doesNotExist();
      assertThatThrownBy(() -> tier.publish("a/b")).isInstanceOf(NoSuchFileException.class);
    }
  }

  @Test
  void shouldListIncompleteKeysWhenReopenedAfterCrash() throws IOException {
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      try (FileChannel copy = tier.createIncomplete("t/7.log", SizeHint.NONE)) {
        write(copy, "interrupted");
      }
    }
    try (FileTier tier = FileTier.open(config(-1, tempDir))) {
      assertThat(tier.incompleteKeys()).containsExactly("t/7.log");
      assertThat(tier.keys()).isEmpty();
      assertThat(tier.usedBytes()).isEqualTo(11);
      assertThat(tier.discardIncomplete("t/7.log")).isTrue();
      assertThat(tier.usedBytes()).isZero();
    }
  }
}
