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

import static dev.mixchannel.kafka.internal.StoreFixture.FAST;
import static dev.mixchannel.kafka.internal.StoreFixture.LOGDIR;
import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.KeyHold;
import dev.mixchannel.tiering.TierManagerAccess;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store with a file tier in front of the log dir ({@link PmemKafkaSegmentStoreTest} runs the
 * same cases with a PMem tier): Kafka's opens, renames and deletes, adoption of cold files, the
 * sealing rule, quarantine of stale keys, and holding segments in their files.
 */
class KafkaSegmentStoreTest {

  static final String P = "topic-0";
  static final String LOG = "00000000000000000000.log";
  static final String NEXT = "00000000000000000100.log";
  static final String LATER = "00000000000000000200.log";

  @TempDir Path temp;
  StoreFixture fx;

  /** The fixture the cases run on. */
  StoreFixture openFixture(Path root) throws IOException {
    return StoreFixture.files(root);
  }

  @BeforeEach
  void open() throws IOException {
    fx = openFixture(temp);
    Files.createDirectories(fx.logDir.resolve(P));
  }

  @AfterEach
  void close() throws IOException {
    fx.close();
  }

  @Test
  void shouldCreatePlaceholderAndKeepBytesOnFastTierWhenOpeningNewSegment() throws IOException {
    try (FileChannel channel = openMutable(LOG)) {
      channel.write(bytes("hello"));
      assertThat(channel.size()).isEqualTo(5);
    }
    assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
    assertThat(fx.content(key(P, LOG))).isEqualTo("hello");
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(FAST);
    assertThat(fx.store.counters().opens.sum()).isEqualTo(1);
  }

  @Test
  void shouldLeaveReadOnlyOpenToKafkaWhenNoKeyExists() throws IOException {
    fx.putPlaceholder(P, LOG);

    assertThat(fx.store.open(fx.segment(P, LOG), false, 0)).isEmpty();
    assertThat(fx.manager().keys()).isEmpty();
  }

  @Test
  void shouldReadKeyWhenOpenedReadOnly() throws IOException {
    fx.putHot(P, LOG, "bytes");

    Optional<FileChannel> channel = fx.store.open(fx.segment(P, LOG), false, 0);

    assertThat(channel).isPresent();
    try (FileChannel readOnly = channel.get()) {
      assertThat(readOnly.size()).isEqualTo(5);
    }
  }

  @Test
  void shouldAdoptColdFileWhenOpenedReadOnly() throws IOException {
    fx.putCold(P, LOG, "cold");

    try (FileChannel channel = fx.store.open(fx.segment(P, LOG), false, 0).orElseThrow()) {
      assertThat(channel.size()).isEqualTo(4);
    }
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    assertThat(fx.store.counters().adoptions.sum()).isEqualTo(1);
  }

  @Test
  void shouldAdoptColdFileInPlaceWhenSegmentWasWrittenWithoutAdapter() throws IOException {
    fx.putCold(P, LOG, "written by a stock broker");

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isEqualTo(25);
      channel.write(bytes("!"), 25);
    }
    assertThat(fx.fileContent(P, LOG)).isEqualTo("written by a stock broker!");
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    assertThat(fx.store.counters().adoptions.sum()).isEqualTo(1);
  }

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.kafka.internal.Quarantine",
      contains = "quarantined a key that looks orphaned")
  void shouldQuarantineStaleKeyNotDeleteItWhenKafkaCreatesSegmentOfSameName() throws IOException {
    fx.putOrphan(P, LOG, "left over from a deleted segment");

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isZero();
    }
    String quarantined = Quarantine.PREFIX + fx.clockMillis.get() + "/" + key(P, LOG);
    assertThat(fx.manager().keys()).containsExactlyInAnyOrder(key(P, LOG), quarantined);
    assertThat(fx.content(quarantined)).isEqualTo("left over from a deleted segment");
    assertThat(fx.content(key(P, LOG))).isEmpty();
  }

  @Test
  void shouldForgetColdKeyWhenKafkaCreatesSegmentOfSameNameAfterDeletingItsFile()
      throws IOException {
    fx.putCold(P, LOG, "old cold segment");
    fx.reopen();
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
    Files.delete(fx.file(P, LOG));

    try (FileChannel channel = openMutable(LOG)) {
      channel.write(bytes("new"));
    }

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
    assertThat(fx.content(key(P, LOG))).isEqualTo("new");
  }

  @Test
  void shouldFollowRenamesAndDeletesWhenSegmentIsHot() throws IOException {
    FileChannel channel = openMutable(LOG);
    channel.write(bytes("segment"));
    Path deleted = fx.file(P, LOG + ".deleted");
    Files.move(fx.file(P, LOG), deleted);

    fx.store.renamed(channel, fx.segment(P, LOG), fx.segment(P, LOG + ".deleted"));

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
    assertThat(((AnchorChannel) channel).anchor()).isEqualTo(deleted);
    channel.close();
    Files.delete(deleted);
    fx.store.deleted(fx.segment(P, LOG + ".deleted"));
    assertThat(fx.manager().keys()).isEmpty();
    assertThat(fx.store.counters().renames.sum()).isEqualTo(1);
    assertThat(fx.store.counters().deletes.sum()).isEqualTo(1);
  }

  @Test
  void shouldFollowKafkasRenameWhenSegmentIsCold() throws IOException {
    fx.putCold(P, LOG, "cold");
    FileChannel channel = openMutable(LOG);
    Path deleted = fx.file(P, LOG + ".deleted");
    Files.move(fx.file(P, LOG), deleted);

    fx.store.renamed(channel, fx.segment(P, LOG), fx.segment(P, LOG + ".deleted"));

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
    assertThat(fx.manager().tierOf(key(P, LOG + ".deleted"))).isEqualTo(LOGDIR);
    assertThat(Files.readString(deleted)).isEqualTo("cold");
    channel.close();
    Files.delete(deleted);
    fx.store.deleted(fx.segment(P, LOG + ".deleted"));
    assertThat(fx.manager().keys()).isEmpty();
  }

  @Test
  void shouldAdoptSwapKeyWhenLogLoaderRenamedSwapFileBehindOurBack() throws IOException {
    fx.putHot(P, LOG, "pre-compaction");
    fx.putHot(P, LOG + ".swap", "compacted");
    // Kafka's log loader: open the swap segment, delete the old file, rename .swap to .log.
    openMutable(LOG + ".swap").close();
    Files.delete(fx.file(P, LOG));
    Files.move(fx.file(P, LOG + ".swap"), fx.file(P, LOG));

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isEqualTo(9);
    }
    assertThat(fx.content(key(P, LOG))).isEqualTo("compacted");
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
    assertThat(fx.store.counters().adoptions.sum()).isEqualTo(1);
  }

  @Test
  void shouldKeepOriginalKeyWhenSwapFileWasNeverOpened() throws IOException {
    fx.putHot(P, LOG, "original");
    fx.putOrphan(P, LOG + ".swap", "invalid swap");

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isEqualTo(8);
    }
  }

  @Test
  void shouldAdoptOrphanKeyWhenOpeningKeylessPlaceholderItWasRenamedTo() throws IOException {
    fx.putOrphan(P, LOG + ".cleaned", "cleaned");
    fx.putPlaceholder(P, LOG + ".swap");

    try (FileChannel channel = openMutable(LOG + ".swap")) {
      assertThat(channel.size()).isEqualTo(7);
    }
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".swap"));
  }

  @Test
  void shouldCreateEmptyFileThenKeyThenPlaceholderWhenKafkaOpensNewSegment() throws IOException {
    // The key cannot be made (its log dir's mark cannot be written): Kafka still finds its file,
    // and that file, without a key, is empty, as a broker that died between the two leaves it.
    Path blocker =
        Files.createDirectory(fx.logDir.resolve(LogDirs.META_PROPERTIES + LogDirMark.TEMP_SUFFIX));
    assertThatThrownBy(() -> openMutable(LOG)).isInstanceOf(IOException.class);
    assertThat(fx.file(P, LOG)).isEmptyFile();
    assertThat(fx.manager().keys()).isEmpty();
    Files.delete(blocker);

    fx.reopen();
    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isZero();
      channel.write(bytes("first"));
    }

    assertThat(fx.content(key(P, LOG))).isEqualTo("first");
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(FAST);
    assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
  }

  @Test
  @LostSegmentsRefused
  void shouldRefuseLogDirAndChangeNothingWhenFastTierLostTheSegmentsBytes() throws IOException {
    try (FileChannel channel = openMutable(LOG)) {
      channel.write(bytes("acknowledged"));
    }
    try (FileChannel channel = openMutable(NEXT)) {
      channel.write(bytes("acknowledged too"));
    }
    // A crash cut the fill of one placeholder: a prefix says its key existed as well.
    byte[] cut = Arrays.copyOf(Placeholder.BYTES, 5);
    Files.write(fx.file(P, NEXT), cut);
    FileTime modified = Files.getLastModifiedTime(fx.file(P, LOG));
    fx.loseFastTier();

    fx.open();

    assertThat(fx.manager().keys()).isEmpty();
    for (String name : List.of(LOG, NEXT, LATER)) {
      for (boolean mutable : new boolean[] {false, true}) {
        assertThatThrownBy(() -> fx.store.open(fx.segment(P, name), mutable, 0))
            .isInstanceOf(IOException.class)
            .hasMessageContaining("file=" + fx.file(P, name))
            .hasMessageContaining("key=" + key(P, name))
            .hasMessageContaining("fast tier that no longer holds them")
            .hasMessageContaining("mixchannel-tool inspect")
            .hasMessageContaining("docs/troubleshooting.md");
      }
    }
    assertThatThrownBy(() -> fx.store.holdInLogDir(fx.segment(P, LOG)))
        .isInstanceOf(IOException.class);
    assertThat(fx.store.reconcile(true) + fx.store.reconcile(true)).isZero();
    assertThat(fx.manager().keys()).isEmpty();
    assertThat(fx.manager().refusedKeys()).isEmpty();
    assertThat(fx.file(P, LOG)).hasBinaryContent(Placeholder.BYTES);
    assertThat(Files.getLastModifiedTime(fx.file(P, LOG))).isEqualTo(modified);
    assertThat(fx.file(P, NEXT)).hasBinaryContent(cut);
    assertThat(fx.file(P, LATER)).doesNotExist();

    fx.restoreFastTier();
    fx.open();
    assertThat(fx.content(key(P, LOG))).isEqualTo("acknowledged");
    assertThat(fx.content(key(P, NEXT))).isEqualTo("acknowledged too");
    assertThat(fx.file(P, NEXT)).hasBinaryContent(Placeholder.BYTES);
  }

  @Test
  void shouldSealOlderSegmentsOfThePartitionWhenKafkaCreatesNewSegment() throws IOException {
    Files.createDirectories(fx.logDir.resolve("other-0"));
    openMutable(LOG).close();
    fx.store.open(fx.segment("other-0", LOG), true, 0).orElseThrow().close();
    assertThat(sealed(key(P, LOG))).isFalse();

    openMutable(NEXT).close();

    assertThat(sealed(key(P, LOG))).isTrue();
    assertThat(sealed(key(P, NEXT))).isFalse();
    assertThat(sealed(key("other-0", LOG))).isFalse();
  }

  @Test
  void shouldSealAllButNewestSegmentOfEachPartitionWhenStoreOpens() throws IOException {
    fx.putHot(P, LOG, "a");
    fx.putHot(P, NEXT, "b");
    fx.putCold(P, "00000000000000000200.log", "c");
    fx.putHot("other-0", LOG, "d");

    fx.reopen();

    assertThat(sealed(key(P, LOG))).isTrue();
    assertThat(sealed(key(P, NEXT))).isTrue();
    assertThat(sealed(key(P, "00000000000000000200.log"))).isFalse();
    assertThat(sealed(key("other-0", LOG))).isFalse();
  }

  @Test
  void shouldDemoteIntoFileAndHoldItThereWhenReaderReadsByPath() throws IOException {
    fx.putHot(P, LOG, "segment bytes");
    Files.setLastModifiedTime(fx.file(P, LOG), FileTime.fromMillis(1_600_000_000_000L));

    try (KeyHold hold = fx.store.holdInLogDir(fx.segment(P, LOG))) {
      assertThat(fx.fileContent(P, LOG)).isEqualTo("segment bytes");
      assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
      assertThat(TierManagerAccess.snapshotOf(fx.manager(), key(P, LOG)).held()).isTrue();
      assertThat(Files.getLastModifiedTime(fx.file(P, LOG)).toMillis())
          .isEqualTo(1_600_000_000_000L);
      assertThat(siblings()).containsExactly(LOG);
    }
    assertThat(TierManagerAccess.snapshotOf(fx.manager(), key(P, LOG)).held()).isFalse();
    assertThat(fx.store.counters().demotionsForReaders.sum()).isEqualTo(1);
  }

  @Test
  void shouldHandOutNoHoldWhenSegmentHasNoKeyAndNoBytes() throws IOException {
    fx.putPlaceholder(P, LOG);

    try (KeyHold hold = fx.store.holdInLogDir(fx.segment(P, LOG))) {
      assertThat(fx.manager().keys()).isEmpty();
    }
    assertThat(fx.store.counters().demotionsForReaders.sum()).isZero();
  }

  @Test
  void shouldMoveSegmentBackToItsFileWhenTopicIsExcluded() throws IOException {
    fx.putHot(P, LOG, "excluded now");

    fx.store.releaseToKafka(fx.segment(P, LOG));

    assertThat(fx.fileContent(P, LOG)).isEqualTo("excluded now");
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo(LOGDIR);
  }

  @Test
  void shouldReportChannelsClosedWhenKafkaClosedThemAll() throws Exception {
    FileChannel first = openMutable(LOG);
    FileChannel second = openMutable(NEXT);
    assertThat(fx.store.awaitChannelsClosed(10)).isFalse();
    first.close();
    second.close();
    assertThat(fx.store.awaitChannelsClosed(10)).isTrue();
  }

  boolean sealed(String key) {
    return TierManagerAccess.snapshotOf(fx.manager(), key).sealed();
  }

  void awaitMigrations() throws InterruptedException {
    TierManagerAccess.awaitMigrations(fx.manager(), Duration.ofSeconds(30));
  }

  List<String> siblings() throws IOException {
    try (var names = Files.list(fx.logDir.resolve(P))) {
      return names.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  FileChannel openMutable(String fileName) throws IOException {
    return fx.store.open(fx.segment(P, fileName), true, 0).orElseThrow();
  }

  static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }
}
