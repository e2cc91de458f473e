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
package dev.mixchannel.kafka.internal;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log dirs as a tier: placeholders, publish over them, Kafka's own renames and deletes. */
class LogDirTierTest {

  private static final String TAG = StoreFixture.TAG;
  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000000.log";
  private static final String KEY = TAG + "/" + P + "/" + LOG;
  private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

  @TempDir Path temp;
  private Path logDir;
  private Path file;
  private StorageTier tier;

  @BeforeEach
  void open() throws IOException {
    logDir = Files.createDirectories(temp.resolve("logs")).toAbsolutePath();
    Files.writeString(logDir.resolve(LogDirs.META_PROPERTIES), "directory.id=" + TAG + "\n");
    Files.createDirectories(logDir.resolve(P));
    file = logDir.resolve(P).resolve(LOG);
    tier = tierOver(logDir);
  }

  @AfterEach
  void close() throws IOException {
    tier.close();
  }

  private StorageTier tierOver(Path dir) {
    MixChannelConfig config =
        MixChannelConfig.builder().tier("fast", TierKind.NVME, -1, temp.resolve("fast")).build();
    LogDirTier opened = new LogDirTier("logdir", TierKind.HDD, LogDirs.of(List.of(dir), config));
    // The manager's recovery lists every tier first; that is when the log dirs are learned.
    try {
      opened.keys();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return opened;
  }

  @Test
  void shouldListOnlyFilesWithBytesWhenLogDirHoldsPlaceholders() throws IOException {
    Files.createFile(file);
    Path cold = logDir.resolve(P).resolve("00000000000000000100.log");
    Files.writeString(cold, "cold");
    Files.writeString(logDir.resolve(P).resolve("00000000000000000100.index"), "not a segment");

    assertThat(tier.keys()).containsExactly(TAG + "/" + P + "/00000000000000000100.log");
    assertThat(tier.exists(KEY)).isFalse();
    assertThat(tier.exists(TAG + "/" + P + "/00000000000000000100.log")).isTrue();
    assertThat(tier.size(TAG + "/" + P + "/00000000000000000100.log")).isEqualTo(4);
    assertThatThrownBy(() -> tier.size(KEY)).isInstanceOf(NoSuchFileException.class);
    assertThatThrownBy(() -> tier.open(KEY, Set.of(READ))).isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void shouldAdoptPlaceholderAsEmptyKeyWhenOpenedWithCreate() throws IOException {
    Files.createFile(file);
    Files.setLastModifiedTime(file, OLD);

    try (FileChannel channel = tier.open(KEY, Set.of(CREATE, WRITE, SizeHint.of(1 << 20)))) {
      assertThat(tier.exists(KEY)).isTrue();
      assertThat(tier.keys()).containsExactly(KEY);
      assertThat(tier.size(KEY)).isZero();
      channel.write(bytes("abc"));
    }
    assertThat(Files.readString(file)).isEqualTo("abc");
    assertThatThrownBy(() -> tier.open(KEY, Set.of(CREATE_NEW, WRITE)))
        .isInstanceOf(FileAlreadyExistsException.class);
  }

  @Test
  void shouldForgetEmptyKeyWhenTierRestarts() throws IOException {
    tier.open(KEY, Set.of(CREATE, WRITE)).close();
    assertThat(tier.exists(KEY)).isTrue();
    assertThat(file).isEmptyFile();

    tier.close();
    tier = tierOver(logDir);

    assertThat(tier.exists(KEY)).isFalse();
    assertThat(tier.keys()).isEmpty();
    assertThat(file).exists();
  }

  @Test
  void shouldNeverCreatePartitionDirectoryWhenKafkaHasNone() {
    String key = TAG + "/gone-0/" + LOG;

    assertThatThrownBy(() -> tier.open(key, Set.of(CREATE, WRITE)))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("partition directory missing");
    assertThatThrownBy(() -> tier.createIncomplete(key, SizeHint.of(10)))
        .isInstanceOf(NoSuchFileException.class);
    assertThat(logDir.resolve("gone-0")).doesNotExist();
  }

  @Test
  void shouldReplaceFileByPlaceholderOfSameTimeWhenDeleting() throws IOException {
    Files.writeString(file, "segment bytes");
    Files.setLastModifiedTime(file, OLD);

    try (FileChannel reader = tier.open(KEY, Set.of(READ))) {
      assertThat(tier.delete(KEY)).isTrue();

      assertThat(file).hasBinaryContent(Placeholder.BYTES);
      assertThat(Files.getLastModifiedTime(file)).isEqualTo(OLD);
      assertThat(tier.exists(KEY)).isFalse();
      assertThat(tier.keys()).isEmpty();
      ByteBuffer buffer = ByteBuffer.allocate(64);
      reader.read(buffer, 0);
      assertThat(new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8))
          .isEqualTo("segment bytes");
    }
    assertThat(siblings()).containsExactly(LOG);
  }

  @Test
  void shouldDoNothingWhenDeletingKeyWhoseFileKafkaDeleted() throws IOException {
    Files.writeString(file, "bytes");
    assertThat(tier.exists(KEY)).isTrue();
    Files.delete(file);

    assertThat(tier.delete(KEY)).isFalse();
    assertThat(file).doesNotExist();
  }

  @Test
  void shouldPublishOverPlaceholderKeepingItsTimeWhenCopyIsComplete() throws IOException {
    Files.createFile(file);
    Files.setLastModifiedTime(file, OLD);

    try (FileChannel copy = tier.createIncomplete(KEY, SizeHint.of(5))) {
      assertThat(tier.incompleteKeys()).containsExactly(KEY);
      assertThat(tier.exists(KEY)).isFalse();
      assertThat(file).isEmptyFile();
      copy.write(bytes("hello"));
      tier.publish(KEY);
    }

    assertThat(Files.readString(file)).isEqualTo("hello");
    assertThat(Files.getLastModifiedTime(file)).isEqualTo(OLD);
    assertThat(tier.exists(KEY)).isTrue();
    assertThat(tier.incompleteKeys()).isEmpty();
    assertThat(siblings()).containsExactly(LOG);
  }

  @Test
  void shouldRefusePublishWhenKafkaRemovedTheFile() throws IOException {
    Files.createFile(file);
    try (FileChannel copy = tier.createIncomplete(KEY, SizeHint.of(5))) {
      copy.write(bytes("hello"));
      Files.delete(file);

      assertThatThrownBy(() -> tier.publish(KEY))
          .isInstanceOf(NoSuchFileException.class)
          .hasMessageContaining("Kafka deleted or renamed it");
    }
    assertThat(file).doesNotExist();
    assertThat(tier.incompleteKeys()).containsExactly(KEY);
    assertThat(tier.discardIncomplete(KEY)).isTrue();
    assertThat(siblings()).isEmpty();
  }

  @Test
  void shouldRefuseCopyOverFileWithBytesWhenCreatingOrPublishing() throws IOException {
    Files.createFile(file);
    try (FileChannel copy = tier.createIncomplete(KEY, SizeHint.of(5))) {
      copy.write(bytes("stale"));
      Files.writeString(file, "complete");

      assertThatThrownBy(() -> tier.publish(KEY)).isInstanceOf(FileAlreadyExistsException.class);
      assertThatThrownBy(() -> tier.createIncomplete(KEY, SizeHint.of(5)))
          .isInstanceOf(FileAlreadyExistsException.class);
    }
    assertThat(Files.readString(file)).isEqualTo("complete");
  }

  @Test
  void shouldFollowKafkasRenameWhenFileWasRenamedFirst() throws IOException {
    Files.writeString(file, "cold");
    String deletedKey = KEY + ".deleted";
    Path deleted = file.resolveSibling(LOG + ".deleted");
    Files.move(file, deleted);

    tier.rename(KEY, deletedKey);

    assertThat(Files.readString(deleted)).isEqualTo("cold");
    assertThat(tier.keys()).containsExactly(deletedKey);
  }

  @Test
  void shouldMoveFileWhenRenamedBeforeKafka() throws IOException {
    Files.writeString(file, "cold");

    tier.rename(KEY, KEY + ".swap");

    assertThat(file).doesNotExist();
    assertThat(Files.readString(file.resolveSibling(LOG + ".swap"))).isEqualTo("cold");
  }

  @Test
  void shouldThrowNoSuchFileWhenRenamingKeyWhoseFilesAreBothGone() {
    assertThatThrownBy(() -> tier.rename(KEY, KEY + ".deleted"))
        .isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void shouldKeepEmptyKeyWhenRenamed() throws IOException {
    tier.open(KEY, Set.of(CREATE, WRITE)).close();
    Files.move(file, file.resolveSibling(LOG + ".deleted"));

    tier.rename(KEY, KEY + ".deleted");

    assertThat(tier.exists(KEY + ".deleted")).isTrue();
    assertThat(tier.exists(KEY)).isFalse();
  }

  @Test
  void shouldListAndDiscardIncompleteCopiesWhenLeftByCrash() throws IOException {
    Files.createFile(file);
    Files.writeString(file.resolveSibling(LOG + StorageTier.INCOMPLETE_SUFFIX), "half");

    assertThat(tier.incompleteKeys()).containsExactly(KEY);
    assertThat(tier.keys()).isEmpty();
    assertThat(tier.discardIncomplete(KEY)).isTrue();
    assertThat(tier.discardIncomplete(KEY)).isFalse();
    assertThat(siblings()).containsExactly(LOG);
  }

  @Test
  void shouldDiscardLeftoverEmptyFileWhenKilledWhileReplacingFileByPlaceholder()
      throws IOException {
    Files.writeString(file, "segment bytes");
    Files.createFile(file.resolveSibling(LOG + LogDirKeyFiles.EMPTY_SUFFIX));

    assertThat(tier.incompleteKeys()).containsExactly(KEY);
    assertThat(tier.discardIncomplete(KEY)).isTrue();

    assertThat(siblings()).containsExactly(LOG);
    assertThat(Files.readString(file)).isEqualTo("segment bytes");
    assertThat(tier.keys()).containsExactly(KEY);
  }

  @Test
  void shouldHoldNoKeysAndDeleteNothingWhenLogDirIsUnknown() throws IOException {
    Path unformatted = Files.createDirectories(temp.resolve("unformatted"));
    Files.createDirectories(unformatted.resolve(P));
    Path segment = unformatted.resolve(P).resolve(LOG);
    Files.writeString(segment, "bytes of a log dir without meta.properties");
    tier.close();
    tier = tierOver(unformatted);

    assertThat(tier.keys()).isEmpty();
    assertThat(tier.incompleteKeys()).isEmpty();
    assertThatThrownBy(() -> tier.delete(KEY))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("directory.id");
    assertThat(Files.readString(segment)).isEqualTo("bytes of a log dir without meta.properties");
  }

  @Test
  void shouldReopenIncompleteCopyNotPlaceholderWhenCopyIsInFlight() throws IOException {
    Files.createFile(file);
    try (FileChannel copy = tier.createIncomplete(KEY, SizeHint.of(5))) {
      copy.write(bytes("hello"));
      try (FileChannel reopened = tier.reopen(copy)) {
        assertThat(reopened.size()).isEqualTo(5);
        reopened.write(bytes("!"), 5);
      }
      tier.publish(KEY);
    }
    assertThat(Files.readString(file)).isEqualTo("hello!");
  }

  @Test
  void shouldRefuseToReopenPlaceholderWhenKeyWasDeletedUnderOpenChannel() throws IOException {
    Files.writeString(file, "segment bytes");
    try (FileChannel reader = tier.open(KEY, Set.of(READ, WRITE))) {
      tier.delete(KEY);

      assertThatThrownBy(() -> tier.reopen(reader))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("deleted or replaced");
      assertThat(reader.size()).isEqualTo(13);
    }
  }

  @Test
  void shouldReopenRenamedFileWhenKafkaRenamedIt() throws IOException {
    Files.writeString(file, "cold");
    try (FileChannel channel = tier.open(KEY, Set.of(READ, WRITE))) {
      Files.move(file, file.resolveSibling(LOG + ".deleted"));
      tier.rename(KEY, KEY + ".deleted");

      try (FileChannel reopened = tier.reopen(channel)) {
        assertThat(reopened.size()).isEqualTo(4);
      }
    }
  }

  @Test
  void shouldListKeysWhenKafkaDeletesFilesConcurrently() throws Exception {
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      files.add(logDir.resolve(P).resolve(String.format("%020d.log.deleted", i)));
    }
    AtomicBoolean stop = new AtomicBoolean();
    Thread kafka =
        new Thread(
            () -> {
              try {
                while (!stop.get()) {
                  for (Path f : files) {
                    Files.writeString(f, "x");
                  }
                  for (Path f : files) {
                    Files.delete(f);
                  }
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "kafka-log-loader");
    kafka.start();
    try {
      for (int i = 0; i < 300; i++) {
        tier.keys();
        tier.exists(TAG + "/" + P + "/" + files.get(i % files.size()).getFileName());
      }
    } finally {
      stop.set(true);
      kafka.join(10_000);
    }
  }

  @Test
  void shouldRefuseKeyWhenItIsNoSegmentKey() {
    assertThatThrownBy(() -> tier.exists("~quarantine/1/" + KEY))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a segment key");
  }

  private List<String> siblings() throws IOException {
    try (var names = Files.list(file.getParent())) {
      return names.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }
}
