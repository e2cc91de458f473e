package dev.mixchannel.kafka.internal;

import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.LeakCheckExtension;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(LeakCheckExtension.class)
class KafkaSegmentStoreTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000000.log";

  @TempDir Path temp;
  private StoreFixture fx;

  @BeforeEach
  void open() throws IOException {
    fx = new StoreFixture(temp);
    Files.createDirectories(fx.logDir.resolve(P));
  }

  @AfterEach
  void close() throws IOException {
    fx.close();
  }

  @Test
  void shouldCreateEmptyAnchorAndKeepBytesInTierWhenOpeningNewSegment() throws IOException {
    try (FileChannel channel = openMutable(LOG)) {
      channel.write(bytes("hello"));
      assertThat(channel.size()).isEqualTo(5);
    }
    assertThat(fx.logDir.resolve(P).resolve(LOG)).exists().isEmptyFile();
    assertThat(fx.content(key(P, LOG))).isEqualTo("hello");
    assertThat(fx.manager().tierOf(key(P, LOG))).isEqualTo("fast");
    assertThat(fx.store.getOpens()).isEqualTo(1);
  }

  @Test
  void shouldLeaveReadOnlyOpenToKafkaWhenNoKeyExists() throws IOException {
    fx.putAnchor(P, LOG);

    assertThat(fx.store.open(fx.segment(P, LOG), false, 0)).isEmpty();
  }

  @Test
  void shouldReadKeyWhenOpenedReadOnly() throws IOException {
    fx.putKey(P, LOG, "bytes", true);

    Optional<FileChannel> channel = fx.store.open(fx.segment(P, LOG), false, 0);

    assertThat(channel).isPresent();
    try (FileChannel readOnly = channel.get()) {
      assertThat(readOnly.size()).isEqualTo(5);
    }
  }

  @Test
  void shouldDropStaleKeyWhenKafkaCreatesSegmentOfSameName() throws IOException {
    fx.putKey(P, LOG, "left over from a deleted segment", false);

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isZero();
    }
  }

  @Test
  void shouldImportAnchorBytesWhenSegmentWasWrittenWithoutAdapter() throws IOException {
    Files.writeString(fx.logDir.resolve(P).resolve(LOG), "written by a stock broker");

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isEqualTo(25);
    }
    assertThat(fx.logDir.resolve(P).resolve(LOG)).isEmptyFile();
    assertThat(fx.content(key(P, LOG))).isEqualTo("written by a stock broker");
    assertThat(fx.store.getImports()).isEqualTo(1);
  }

  @Test
  void shouldReplaceKeyWithAnchorBytesWhenImportWasInterrupted() throws IOException {
    fx.putKey(P, LOG, "half cop", false);
    Files.writeString(fx.logDir.resolve(P).resolve(LOG), "whole anchor");

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isEqualTo(12);
    }
    assertThat(fx.content(key(P, LOG))).isEqualTo("whole anchor");
  }

  @Test
  void shouldFollowRenamesAndDeletes() throws IOException {
    FileChannel channel = openMutable(LOG);
    channel.write(bytes("segment"));
    Path anchor = fx.logDir.resolve(P).resolve(LOG);
    Path deleted = anchor.resolveSibling(LOG + ".deleted");
    Files.move(anchor, deleted);

    fx.store.renamed(channel, fx.segment(P, LOG), fx.segment(P, LOG + ".deleted"));

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
    assertThat(((AnchorChannel) channel).anchor()).isEqualTo(deleted);
    channel.close();
    Files.delete(deleted);
    fx.store.deleted(fx.segment(P, LOG + ".deleted"));
    assertThat(fx.manager().keys()).isEmpty();
    assertThat(fx.store.getRenames()).isEqualTo(1);
    assertThat(fx.store.getDeletes()).isEqualTo(1);
  }

  @Test
  void shouldAdoptSwapKeyWhenLogLoaderRenamedSwapFileBehindOurBack() throws IOException {
    fx.putKey(P, LOG, "pre-compaction", true);
    fx.putKey(P, LOG + ".swap", "compacted", true);
    // Kafka's log loader: open the swap segment, delete the old file, rename .swap to .log.
    openMutable(LOG + ".swap").close();
    Path anchor = fx.logDir.resolve(P).resolve(LOG);
    Files.delete(anchor);
    Files.move(anchor.resolveSibling(LOG + ".swap"), anchor);

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isEqualTo(9);
    }
    assertThat(fx.content(key(P, LOG))).isEqualTo("compacted");
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
    assertThat(fx.store.getAdoptions()).isEqualTo(1);
  }

  @Test
  void shouldKeepOriginalKeyWhenSwapFileWasNeverOpened() throws IOException {
    fx.putKey(P, LOG, "original", true);
    fx.putKey(P, LOG + ".swap", "invalid swap", false);

    try (FileChannel channel = openMutable(LOG)) {
      assertThat(channel.size()).isEqualTo(8);
    }
  }

  @Test
  void shouldAdoptOrphanKeyWhenOpeningKeylessAnchorItWasRenamedTo() throws IOException {
    fx.putKey(P, LOG + ".cleaned", "cleaned", false);
    fx.putAnchor(P, LOG + ".swap");

    try (FileChannel channel = openMutable(LOG + ".swap")) {
      assertThat(channel.size()).isEqualTo(7);
    }
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".swap"));
  }

  @Test
  void shouldTouchAnchorWhenWritingAtMostOncePerSecondAndOnForce() throws IOException {
    Path anchor = fx.logDir.resolve(P).resolve(LOG);
    try (FileChannel channel = openMutable(LOG)) {
      channel.write(bytes("a"));
      assertThat(Files.getLastModifiedTime(anchor).toMillis()).isEqualTo(1_000_000);

      fx.clockMillis.set(1_000_500);
      channel.write(bytes("b"));
      assertThat(Files.getLastModifiedTime(anchor).toMillis()).isEqualTo(1_000_000);

      fx.clockMillis.set(1_001_000);
      channel.write(bytes("c"));
      assertThat(Files.getLastModifiedTime(anchor).toMillis()).isEqualTo(1_001_000);

      fx.clockMillis.set(1_001_200);
      channel.force(true);
      assertThat(Files.getLastModifiedTime(anchor).toMillis()).isEqualTo(1_001_200);
    }
  }

  @Test
  void shouldReportChannelsClosedWhenKafkaClosedThemAll() throws Exception {
    FileChannel first = openMutable(LOG);
    FileChannel second = openMutable("00000000000000000010.log");
    assertThat(fx.store.awaitChannelsClosed(10)).isFalse();
    first.close();
    second.close();
    assertThat(fx.store.awaitChannelsClosed(10)).isTrue();
  }

  private FileChannel openMutable(String fileName) throws IOException {
    return fx.store.open(fx.segment(P, fileName), true, 0).orElseThrow();
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }
}
