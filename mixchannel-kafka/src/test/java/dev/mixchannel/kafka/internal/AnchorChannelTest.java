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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The modification time of a segment's file as Kafka reads it for time-based rolling and retention:
 * writes touch it at most once a second, {@code force} only catches up with the last write's time,
 * {@code truncate} touches it when the size shrinks, as with a plain file.
 */
class AnchorChannelTest {

  private static final long T0 = 1_600_000_000_000L;
  private static final FileTime BEFORE = FileTime.fromMillis(T0 - 86_400_000L);

  @TempDir Path temp;
  private final AtomicLong clock = new AtomicLong(T0);
  private final AtomicInteger closed = new AtomicInteger();
  private Path anchor;
  private AnchorChannel channel;

  @BeforeEach
  void open() throws IOException {
    anchor = Files.createFile(temp.resolve("00000000000000000000.log"));
    Files.setLastModifiedTime(anchor, BEFORE);
    FileChannel delegate =
        FileChannel.open(
            temp.resolve("bytes"),
            StandardOpenOption.CREATE,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE);
    channel = new AnchorChannel(delegate, anchor, clock::get, closed::incrementAndGet);
  }

  @AfterEach
  void close() throws IOException {
    channel.close();
  }

  @Test
  void shouldTouchFileAtMostOncePerSecondWhenWriting() throws IOException {
    channel.write(bytes("a"));
    assertThat(modifiedMillis()).isEqualTo(T0);

    clock.set(T0 + 999);
    channel.write(bytes("b"));
    channel.write(new ByteBuffer[] {bytes("c")}, 0, 1);
    assertThat(modifiedMillis()).isEqualTo(T0);

    clock.set(T0 + 1_000);
    channel.write(bytes("d"), 3);
    assertThat(modifiedMillis()).isEqualTo(T0 + 1_000);
  }

  @Test
  void shouldSetLastWritesTimeNotNowWhenForceCatchesUp() throws IOException {
    channel.write(bytes("a"));
    clock.set(T0 + 300);
    channel.write(bytes("b"));
    clock.set(T0 + 5_000);

    channel.force(true);

    assertThat(modifiedMillis()).isEqualTo(T0 + 300);
  }

  @Test
  void shouldLeaveTimeAloneWhenForcingWithoutNewWrites() throws IOException {
    channel.force(true);
    assertThat(Files.getLastModifiedTime(anchor)).isEqualTo(BEFORE);

    channel.write(bytes("a"));
    clock.set(T0 + 5_000);
    channel.force(false);
    assertThat(modifiedMillis()).isEqualTo(T0);
  }

  @Test
  void shouldTouchFileWhenTruncateShrinksAndOnlyThen() throws IOException {
    channel.write(bytes("abcdef"));
    clock.set(T0 + 100);
    channel.truncate(10);
    channel.truncate(6);
    assertThat(modifiedMillis()).isEqualTo(T0);

    channel.truncate(2);
    assertThat(modifiedMillis()).isEqualTo(T0 + 100);
    assertThat(channel.size()).isEqualTo(2);
  }

  @Test
  void shouldTouchFileWhenTransferringIntoIt() throws IOException {
    Path source = Files.writeString(temp.resolve("source"), "xyz");
    try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
      channel.transferFrom(in, 0, 3);
    }
    assertThat(modifiedMillis()).isEqualTo(T0);
  }

  @Test
  void shouldTouchRenamedFileWhenKafkaMovedIt() throws IOException {
    Path renamed = anchor.resolveSibling("00000000000000000000.log.deleted");
    Files.move(anchor, renamed);
    channel.anchorMoved(renamed);

    channel.write(bytes("a"));

    assertThat(channel.anchor()).isEqualTo(renamed);
    assertThat(Files.getLastModifiedTime(renamed).toMillis()).isEqualTo(T0);
  }

  @Test
  void shouldWriteOnWhenKafkaDeletedTheFile() throws IOException {
    Files.delete(anchor);

    assertThat(channel.write(bytes("abc"))).isEqualTo(3);
    channel.force(true);

    assertThat(anchor).doesNotExist();
  }

  @Test
  void shouldRunCloseCallbackOnceWhenClosedTwice() throws IOException {
    channel.close();
    channel.close();

    assertThat(closed.get()).isEqualTo(1);
  }

  private long modifiedMillis() throws IOException {
    return Files.getLastModifiedTime(anchor).toMillis();
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }
}
