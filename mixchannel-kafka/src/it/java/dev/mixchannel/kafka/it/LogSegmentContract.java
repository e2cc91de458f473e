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
package dev.mixchannel.kafka.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.kafka.KafkaChannelFactory;
import dev.mixchannel.kafka.internal.AnchorChannel;
import dev.mixchannel.testkit.junit.LeakCheck;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real Kafka {@code LogSegment} over MixChannel: the test JVM runs with the agent ({@code
 * -javaagent}, settings in {@code segment-agent.properties}: one PMem tier, migration off), so a
 * segment Kafka creates in the test log dir lives on the PMem tier behind an empty placeholder, and
 * one demoted into the log dir (the last tier) or written without the agent is its own file. Each
 * Kafka release's module extends this class with its {@link SegmentDriver}.
 */
@LeakCheck(
    threads = false,
    fileDescriptors = false,
    reason =
        "the agent (-javaagent) opens its tier manager, with its scrub thread and PMem pool, at"
            + " the first segment of the log dir and keeps it for the JVM's life, as in a broker")
public abstract class LogSegmentContract {

  /** The name of the last tier, the log dirs. */
  private static final String LOGDIR = "logdir";

  private static Path logDir;
  private static String tag;

  private Path partitionDir;

  /**
   * The driver of the Kafka release under test.
   *
   * @return the driver
   */
  protected abstract SegmentDriver driver();

  @BeforeAll
  static void formatLogDir() throws IOException {
    Properties settings = new Properties();
    try (InputStream in =
        LogSegmentContract.class.getResourceAsStream("/segment-agent.properties")) {
      settings.load(in);
    }
    logDir = Path.of(settings.getProperty("log.dirs"));
    tag = TestLogDirs.format(logDir);
  }

  @BeforeEach
  void createPartition() throws IOException {
    partitionDir = logDir.resolve("seg-" + suffix() + "-0");
    Files.createDirectories(partitionDir);
  }

  @Test
  void shouldKeepRecordsInTiersAndAnchorEmptyWhenAppending() throws Exception {
    try (SegmentHandle segment = driver().open(partitionDir.toFile(), 0, false, "")) {
      segment.append(0, values(0, 10));
      segment.append(10, values(10, 10));
      segment.flush();

      assertThat(segment.readFrom(0)).isEqualTo(expected(0, 20));
      assertThat(segment.size()).isPositive();
      assertThat(FileSnapshot.isPlaceholder(segment.file().toPath())).isTrue();
      assertThat(segment.channel().size()).isEqualTo(segment.size());
      assertThat(tiers()).containsEntry(key("00000000000000000000.log"), "pmem");
    }
  }

  @Test
  void shouldReadRecordsAgainWhenReopenedAfterCleanClose() throws Exception {
    try (SegmentHandle segment = driver().open(partitionDir.toFile(), 100, false, "")) {
      segment.append(100, values(100, 50));
    }
    try (SegmentHandle reopened = driver().open(partitionDir.toFile(), 100, true, "")) {
      assertThat(reopened.readFrom(100)).isEqualTo(expected(100, 50));
      assertThat(reopened.recover()).isZero();
      assertThat(reopened.readFrom(100)).isEqualTo(expected(100, 50));
    }
  }

  @Test
  void shouldDropRecordsWhenTruncated() throws Exception {
    try (SegmentHandle segment = driver().open(partitionDir.toFile(), 0, false, "")) {
      for (int batch = 0; batch < 10; batch++) {
        segment.append(batch * 5L, values(batch * 5, 5));
      }
      int before = segment.size();
      int removed = segment.truncateTo(25);

      assertThat(removed).isPositive();
      assertThat(segment.size()).isEqualTo(before - removed);
      assertThat(segment.channel().size()).isEqualTo(segment.size());
      assertThat(segment.readFrom(0)).isEqualTo(expected(0, 25));
      segment.append(25, "after-truncate");
      assertThat(segment.readFrom(25)).containsExactly(new OffsetValue(25, "after-truncate"));
    }
  }

  @Test
  void shouldRecoverWhenReopenedAfterUncleanClose() throws Exception {
    SegmentHandle crashed = driver().open(partitionDir.toFile(), 0, false, "");
    crashed.append(0, values(0, 30));
    crashed.append(30, values(30, 30));
    // A torn write at the end, as after a crash in the middle of an append.
    ByteBuffer junk = ByteBuffer.wrap("not a record batch at all".getBytes(StandardCharsets.UTF_8));
    crashed.channel().write(junk, crashed.channel().size());
    long withJunk = crashed.channel().size();
    // No close: the broker died. Only the channel handle is released, as the JVM's exit would.
    crashed.channel().close();

    try (SegmentHandle reopened = driver().open(partitionDir.toFile(), 0, true, "")) {
      assertThat(reopened.size()).isEqualTo((int) withJunk);
      int truncated = reopened.recover();

      assertThat(truncated).isEqualTo(junk.capacity());
      assertThat(reopened.readFrom(0)).isEqualTo(expected(0, 60));
      assertThat(reopened.channel().size()).isEqualTo(withJunk - junk.capacity());
    }
  }

  @Test
  void shouldMoveKeyWhenChangingFileSuffixes() throws Exception {
    String name = "00000000000000000007.log";
    try (SegmentHandle cleaned = driver().open(partitionDir.toFile(), 7, false, ".cleaned")) {
      cleaned.append(7, values(7, 5));
      assertThat(tiers()).containsKey(key(name + ".cleaned"));

      cleaned.changeFileSuffixes(".cleaned", ".swap");
      assertThat(tiers())
          .containsKey(key(name + ".swap"))
          .doesNotContainKey(key(name + ".cleaned"));
      assertThat(partitionDir.resolve(name + ".swap")).exists();

      cleaned.changeFileSuffixes(".swap", "");
      assertThat(tiers()).containsKey(key(name)).doesNotContainKey(key(name + ".swap"));
      assertThat(FileSnapshot.isPlaceholder(partitionDir.resolve(name))).isTrue();
      assertThat(cleaned.readFrom(7)).isEqualTo(expected(7, 5));

      cleaned.changeFileSuffixes("", ".deleted");
      assertThat(tiers()).containsKey(key(name + ".deleted")).doesNotContainKey(key(name));
      assertThat(cleaned.readFrom(7)).isEqualTo(expected(7, 5));
    }
  }

  @Test
  void shouldMoveKeyWhenPartitionDirectoryIsRenamed() throws Exception {
    try (SegmentHandle segment = driver().open(partitionDir.toFile(), 0, false, "")) {
      segment.append(0, values(0, 8));
      String oldDir = partitionDir.getFileName().toString();
      String newDir = oldDir + "." + UUID.randomUUID().toString().replace("-", "") + "-delete";
      Path renamed = Files.move(partitionDir, partitionDir.resolveSibling(newDir));
      segment.updateParentDir(renamed.toFile());

      Map<String, String> tiers = tiers();
      assertThat(tiers)
          .containsKey(tag + "/" + newDir + "/00000000000000000000.log")
          .doesNotContainKey(tag + "/" + oldDir + "/00000000000000000000.log");
      assertThat(segment.readFrom(0)).isEqualTo(expected(0, 8));
      partitionDir = renamed;
    }
  }

  @Test
  void shouldDeleteKeyWhenSegmentIsDeleted() throws Exception {
    SegmentHandle segment = driver().open(partitionDir.toFile(), 0, false, "");
    segment.append(0, values(0, 3));
    segment.changeFileSuffixes("", ".deleted");
    segment.deleteIfExists();

    assertThat(partitionDir.resolve("00000000000000000000.log.deleted")).doesNotExist();
    assertThat(tiers()).doesNotContainKeys(key("00000000000000000000.log.deleted"));
  }

  @Test
  void shouldLeaveBytesInFileWhenSegmentWasWrittenWithoutAgent() throws Exception {
    Path outside = Files.createTempDirectory("plain-segment");
    File plain = outside.resolve("00000000000000000040.log").toFile();
    driver().writePlainSegment(plain, 40, values(40, 12));
    long bytes = plain.length();
    assertThat(bytes).isPositive();
    Path file = Files.move(plain.toPath(), partitionDir.resolve(plain.getName()));
    FileTime written = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
    Files.setLastModifiedTime(file, written);

    try (SegmentHandle segment = driver().open(partitionDir.toFile(), 40, true, "")) {
      assertThat(segment.readFrom(40)).isEqualTo(expected(40, 12));
      // On the last tier as it is: no import, no copy, not even a new file time.
      assertThat(Files.size(file)).isEqualTo(bytes);
      assertThat(Files.getLastModifiedTime(file).toMillis()).isEqualTo(written.toMillis());
      assertThat(tiers()).containsEntry(key("00000000000000000040.log"), LOGDIR);
    }
    Files.delete(outside);
  }

  @Test
  void shouldDemoteSegmentIntoItsFileWhenTieredStorageCopiesIt() throws Exception {
    String name = "00000000000000000000.log";
    try (SegmentHandle segment = driver().open(partitionDir.toFile(), 0, false, "")) {
      segment.append(0, values(0, 40));
      segment.flush();
      byte[] bytes = read(segment.channel());
      assertThat(tiers()).containsEntry(key(name), "pmem");
      assertThat(FileSnapshot.isPlaceholder(segment.file().toPath())).isTrue();

      // What the agent's advice on RemoteLogManager.RLMCopyTask.copyLogSegment does before the
      // remote storage manager copies the file by path.
      Object hold = KafkaChannelFactory.beforeRemoteCopy(segment.kafkaSegment());
      try {
        assertThat(Files.readAllBytes(segment.file().toPath())).isEqualTo(bytes);
        assertThat(tiers()).containsEntry(key(name), LOGDIR);
        assertThat(segment.readFrom(0)).isEqualTo(expected(0, 40));
      } finally {
        KafkaChannelFactory.afterRemoteCopy(hold);
      }
    }
    try (SegmentHandle reopened = driver().open(partitionDir.toFile(), 0, true, "")) {
      assertThat(reopened.readFrom(0)).isEqualTo(expected(0, 40));
      // Kafka's local retention after the upload: rename, then delete the file with its bytes.
      reopened.changeFileSuffixes("", ".deleted");
      assertThat(partitionDir.resolve(name + ".deleted")).isNotEmptyFile();
      assertThat(tiers())
          .containsEntry(key(name + ".deleted"), LOGDIR)
          .doesNotContainKey(key(name));
      reopened.deleteIfExists();
      assertThat(partitionDir.resolve(name + ".deleted")).doesNotExist();
      assertThat(tiers()).doesNotContainKey(key(name + ".deleted"));
    }
  }

  @Test
  void shouldLeaveSegmentOfExcludedTopicToKafkaWhenTieredStorageCopiesIt() throws Exception {
    Path excluded =
        Files.createDirectories(partitionDir.resolveSibling("plain-" + suffix() + "-0"));
    try (SegmentHandle segment = driver().open(excluded.toFile(), 0, false, "")) {
      segment.append(0, values(0, 10));
      segment.flush();
      assertThat(Files.size(segment.file().toPath())).isEqualTo(segment.size()).isPositive();

      KafkaChannelFactory.afterRemoteCopy(
          KafkaChannelFactory.beforeRemoteCopy(segment.kafkaSegment()));
      // Its file is complete already; it never becomes a key the policy could promote.
      assertThat(tiers().keySet()).noneMatch(k -> k.contains("/" + excluded.getFileName() + "/"));
      assertThat(segment.readFrom(0)).isEqualTo(expected(0, 10));
    }
  }

  @Test
  void shouldNotSetFileTimeToNowWhenFlushed() throws Exception {
    try (SegmentHandle segment = driver().open(partitionDir.toFile(), 0, false, "")) {
      segment.append(0, values(0, 10));
      Path file = segment.file().toPath();
      FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
      Files.setLastModifiedTime(file, old);

      // fsync does not change a file's time, so neither does a flush with no write since the
      // placeholder was last touched.
      segment.flush();
      assertThat(Files.getLastModifiedTime(file).toMillis()).isEqualTo(old.toMillis());

      // A write the touch throttle skipped: the flush gives the file that write's time, as a plain
      // file would have, not the time of the flush.
      segment.append(10, values(10, 10));
      Thread.sleep(AnchorChannel.TOUCH_INTERVAL_MS + 100);
      long beforeFlush = System.currentTimeMillis();
      segment.flush();
      long flushed = Files.getLastModifiedTime(file).toMillis();
      assertThat(flushed).isGreaterThan(old.toMillis()).isLessThan(beforeFlush);

      // ftruncate that changes the size sets the time.
      assertThat(segment.truncateTo(10)).isPositive();
      assertThat(Files.getLastModifiedTime(file).toMillis()).isGreaterThanOrEqualTo(beforeFlush);
    }
  }

  private static String suffix() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  private String key(String fileName) {
    return tag + "/" + partitionDir.getFileName() + "/" + fileName;
  }

  private static byte[] read(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(channel.size()));
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, buffer.position()) < 0) {
        break;
      }
    }
    return buffer.array();
  }

  private static Map<String, String> tiers() throws IOException {
    return AgentView.local().tiersByKey();
  }

  private static String[] values(long first, int count) {
    String[] values = new String[count];
    for (int i = 0; i < count; i++) {
      values[i] = "value-" + (first + i);
    }
    return values;
  }

  private static List<OffsetValue> expected(long first, int count) {
    List<OffsetValue> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new OffsetValue(first + i, "value-" + (first + i)));
    }
    return records;
  }
}
