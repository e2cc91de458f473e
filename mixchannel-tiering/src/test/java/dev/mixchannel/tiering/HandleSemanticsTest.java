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
package dev.mixchannel.tiering;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.DELETE_ON_CLOSE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.SYNC;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** POSIX-like handle semantics: shared bytes, own positions, rename and delete while open. */
class HandleSemanticsTest {
  @TempDir Path dir;
  private TierManager manager;

  @BeforeEach
  void open() throws IOException {
    manager =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
            .startMigrator(false)
            .build();
  }

  @AfterEach
  void close() throws IOException {
    manager.close();
  }

  @Test
  void shouldShareBytesAndKeepOwnPositionsWhenTwoHandlesAreOpen() throws IOException {
    try (MixChannel a = manager.open("k", CREATE, READ, WRITE);
        MixChannel b = manager.open("k", READ, WRITE)) {
      a.write(Bytes.wrap("hello"));
      assertThat(a.position()).isEqualTo(5);
      assertThat(b.position()).isZero();
      ByteBuffer dst = ByteBuffer.allocate(5);
      assertThat(b.read(dst)).isEqualTo(5);
      assertThat(new String(dst.array())).isEqualTo("hello");
      b.write(Bytes.wrap("!"));
      assertThat(a.size()).isEqualTo(6);
    }
  }

  @Test
  void shouldSerializeAppendsWhenSeveralAppendHandlesWrite() throws Exception {
    try (MixChannel a = manager.open("log", CREATE, APPEND);
        MixChannel b = manager.open("log", APPEND)) {
      Thread t1 = appender(a, (byte) 1);
      Thread t2 = appender(b, (byte) 2);
      t1.start();
      t2.start();
      t1.join(30_000);
      t2.join(30_000);
      assertThat(a.size()).isEqualTo(2 * 1000 * 100);
    }
    try (MixChannel r = manager.open("log", READ)) {
      byte[] all = Bytes.readAll(r);
      for (int record = 0; record < all.length / 100; record++) {
        byte first = all[record * 100];
        for (int i = 1; i < 100; i++) {
          assertThat(all[record * 100 + i]).as("record %d byte %d", record, i).isEqualTo(first);
        }
      }
    }
  }

  private static Thread appender(MixChannel ch, byte value) {
    return new Thread(
        () -> {
          byte[] record = new byte[100];
          java.util.Arrays.fill(record, value);
          try {
            for (int i = 0; i < 1000; i++) {
              ch.write(ByteBuffer.wrap(record));
            }
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  @Test
  void shouldKeepHandlesWorkingWhenRenamedWhileOpen() throws IOException {
    try (MixChannel a = manager.open("old", CREATE, READ, WRITE)) {
      a.write(Bytes.wrap("abc"));
      manager.rename("old", "new");
      assertThat(a.key()).isEqualTo("new");
      a.write(Bytes.wrap("def"));
      assertThat(manager.exists("old")).isFalse();
      try (MixChannel b = manager.open("new", READ)) {
        assertThat(new String(Bytes.readAll(b))).isEqualTo("abcdef");
      }
    }
    assertThatThrownBy(() -> manager.open("old", READ)).isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void shouldReplaceTargetWhenRenamingOntoExistingKeyOnSameTier() throws IOException {
    write("a", "new bytes");
    write("b", "old bytes");
    try (MixChannel oldB = manager.open("b", READ)) {
      manager.rename("a", "b");
      assertThat(new String(Bytes.readAll(oldB))).isEqualTo("old bytes");
    }
    assertThat(read("b")).isEqualTo("new bytes");
    assertThat(manager.keys()).containsExactly("b");
  }

  @Test
  void shouldReplaceTargetWhenRenamingOntoExistingKeyOnSlowerTier() throws IOException {
    write("a", "new");
    write("b", "old");
    manager.migrate("b", "t1");
    manager.rename("a", "b");
    assertThat(read("b")).isEqualTo("new");
    assertThat(manager.tierOf("b")).isEqualTo("t0");
    assertThat(manager.keys()).containsExactly("b");
    assertThat(manager.stats().tier("t1").keyCount()).isZero();
  }

  @Test
  void shouldReplaceTargetWhenRenamingOntoExistingKeyOnFasterTier() throws IOException {
    write("a", "new");
    write("b", "old");
    manager.migrate("a", "t1");
    manager.rename("a", "b");
    assertThat(read("b")).isEqualTo("new");
    assertThat(manager.tierOf("b")).isEqualTo("t1");
    assertThat(manager.stats().tier("t0").keyCount()).isZero();
  }

  @Test
  void shouldKeepBytesReadableWhenDeletedWhileOpen() throws IOException {
    try (MixChannel a = manager.open("k", CREATE, READ, WRITE)) {
      a.write(Bytes.wrap("still here"));
      assertThat(manager.delete("k")).isTrue();
      assertThat(manager.exists("k")).isFalse();
      assertThat(manager.keys()).isEmpty();
      assertThat(new String(Bytes.readAll(a))).isEqualTo("still here");
      a.write(Bytes.wrap("!"));
      assertThat(a.size()).isEqualTo(11);
      try (MixChannel fresh = manager.open("k", CREATE, READ, WRITE)) {
        assertThat(fresh.size()).isZero();
      }
    }
    assertThat(manager.delete("k")).isTrue();
    assertThat(manager.delete("k")).isFalse();
  }

  @Test
  void shouldDeleteWhenLastHandleWithDeleteOnCloseCloses() throws IOException {
    MixChannel a = manager.open("tmp", CREATE, WRITE, DELETE_ON_CLOSE);
    MixChannel b = manager.open("tmp", READ);
    a.close();
    assertThat(manager.exists("tmp")).isTrue();
    b.close();
    assertThat(manager.exists("tmp")).isFalse();
  }

  @Test
  void shouldWriteThroughWhenSyncRequested() throws IOException {
    try (MixChannel a = manager.open("s", CREATE, WRITE, SYNC)) {
      assertThat(a.write(Bytes.wrap("x"))).isEqualTo(1);
    }
    assertThat(read("s")).isEqualTo("x");
  }

  @Test
  void shouldFollowMigrationWhenTierChanges() throws IOException {
    try (MixChannel a = manager.open("m", CREATE, READ, WRITE)) {
      a.write(Bytes.wrap("abc"));
      assertThat(a.tierName()).isEqualTo("t0");
      manager.migrate("m", "t1");
      assertThat(a.tierName()).isEqualTo("t1");
      assertThat(a.tierKind()).isEqualTo(TestConfigs.FILE_KINDS[1]);
      a.write(Bytes.wrap("def"));
      manager.migrate("m", "t0");
      assertThat(new String(Bytes.readAll(a))).isEqualTo("abcdef");
      assertThat(a.position()).isEqualTo(6);
    }
  }

  private void write(String key, String text) throws IOException {
    try (MixChannel ch = manager.open(key, CREATE, WRITE)) {
      ch.write(Bytes.wrap(text));
    }
  }

  private String read(String key) throws IOException {
    try (MixChannel ch = manager.open(key, READ)) {
      return new String(Bytes.readAll(ch));
    }
  }
}
