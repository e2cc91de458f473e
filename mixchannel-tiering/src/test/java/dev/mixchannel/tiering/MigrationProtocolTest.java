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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MigrationException;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The migration protocol under concurrent I/O and namespace changes, paused at named steps. */
class MigrationProtocolTest {
  private static final int MIB = 1 << 20;

  @TempDir Path dir;
  private final PausingHook hook = new PausingHook();
  private final ExecutorService async = Executors.newSingleThreadExecutor();
  private TierManager manager;

  @BeforeEach
  void open() throws IOException {
    manager =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
            .startMigrator(false)
            .hook(hook)
            .build();
  }

  @AfterEach
  void close() throws Exception {
    hook.release();
    async.shutdown();
    async.awaitTermination(30, TimeUnit.SECONDS);
    manager.close();
  }

  @Test
  void shouldPassEveryStepInOrderWhenMigrating() throws IOException {
    byte[] model = Bytes.random(1, 3 * MIB + 17);
    create("k", model);
    manager.migrate("k", "t1");
    assertThat(hook.steps)
        .containsExactly(
            "MARKED",
            "DEST_CREATED",
            "CHUNK_COPIED",
            "CHUNK_COPIED",
            "CHUNK_COPIED",
            "CHUNK_COPIED",
            "SWITCH_LOCKED",
            "CAUGHT_UP",
            "DEST_LOCKED",
            "PUBLISHED",
            "SOURCE_REMOVED",
            "SWITCHED");
    assertThat(read("k")).isEqualTo(model);
    assertThat(incompleteFiles()).isEmpty();
    assertThat(Files.exists(dir.resolve("t0/k"))).isFalse();
    assertThat(Files.exists(dir.resolve("t1/k"))).isTrue();
  }

  @Test
  void shouldCarryWritesMadeDuringTheCopyWhenSwitching() throws Exception {
    byte[] model = Bytes.random(2, 3 * MIB);
    create("k", model);
    hook.pauseAt(MigrationStep.CHUNK_COPIED);
    Future<?> migration = async.submit(() -> migrate("k", "t1"));
    hook.awaitReached();
    byte[] expected;
    try (MixChannel h = manager.open("k", READ, WRITE)) {
      Bytes.writeFully(h, "XYZ".getBytes(), 10);
      Bytes.writeFully(h, "mid".getBytes(), 2L * MIB + 5);
      byte[] tail = Bytes.random(3, 1000);
      Bytes.writeFully(h, tail, h.size() + 100);
      expected = Arrays.copyOf(model, model.length + 1100);
      System.arraycopy("XYZ".getBytes(), 0, expected, 10, 3);
      System.arraycopy("mid".getBytes(), 0, expected, 2 * MIB + 5, 3);
      System.arraycopy(tail, 0, expected, model.length + 100, tail.length);
    }
    hook.release();
    migration.get(30, TimeUnit.SECONDS);
    assertThat(manager.tierOf("k")).isEqualTo("t1");
    assertThat(read("k")).isEqualTo(expected);
  }

  @Test
  void shouldCarryTruncateAndRegrowDuringTheCopyWhenSwitching() throws Exception {
    byte[] model = Bytes.random(4, 3 * MIB);
    create("k", model);
    hook.pauseAt(MigrationStep.CHUNK_COPIED);
    Future<?> migration = async.submit(() -> migrate("k", "t1"));
    hook.awaitReached();
    try (MixChannel h = manager.open("k", READ, WRITE)) {
      h.truncate(100);
      Bytes.writeFully(h, "end".getBytes(), MIB + 10);
    }
    byte[] expected = new byte[MIB + 13];
    System.arraycopy(model, 0, expected, 0, 100);
    System.arraycopy("end".getBytes(), 0, expected, MIB + 10, 3);
    hook.release();
    migration.get(30, TimeUnit.SECONDS);
    assertThat(read("k")).isEqualTo(expected);
  }

  @Test
  void shouldAbortAndKeepSourceWhenRenamedDuringTheCopy() throws Exception {
    byte[] model = Bytes.random(5, 2 * MIB);
    create("k", model);
    hook.pauseAt(MigrationStep.DEST_CREATED);
    Future<?> migration = async.submit(() -> migrate("k", "t1"));
    hook.awaitReached();
    manager.rename("k", "k2");
    hook.release();
    assertThatThrownBy(() -> migration.get(30, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(MigrationException.class);
    assertThat(manager.tierOf("k2")).isEqualTo("t0");
    assertThat(read("k2")).isEqualTo(model);
    assertThat(incompleteFiles()).isEmpty();
    assertThat(manager.stats().migrationFailures()).isEqualTo(1);
  }

  @Test
  void shouldAbortWhenDeletedDuringTheCopy() throws Exception {
    create("k", Bytes.random(6, 2 * MIB));
    hook.pauseAt(MigrationStep.CHUNK_COPIED);
    Future<?> migration = async.submit(() -> migrate("k", "t1"));
    hook.awaitReached();
    assertThat(manager.delete("k")).isTrue();
    hook.release();
    assertThatThrownBy(() -> migration.get(30, TimeUnit.SECONDS))
        .hasCauseInstanceOf(MigrationException.class);
    assertThat(manager.keys()).isEmpty();
    assertThat(incompleteFiles()).isEmpty();
    assertThat(Files.exists(dir.resolve("t1/k"))).isFalse();
  }

  @Test
  void shouldServeReadsAndWritesWhenAMigrationIsCopying() throws Exception {
    byte[] model = Bytes.random(7, MIB);
    create("k", model);
    hook.pauseAt(MigrationStep.CHUNK_COPIED);
    Future<?> migration = async.submit(() -> migrate("k", "t1"));
    hook.awaitReached();
    try (MixChannel h = manager.open("k", READ, WRITE)) {
      assertThat(Bytes.readAll(h)).isEqualTo(model);
      h.write(ByteBuffer.wrap(new byte[] {1, 2, 3}), h.size());
      assertThat(h.tierName()).isEqualTo("t0");
    }
    hook.release();
    migration.get(30, TimeUnit.SECONDS);
    assertThat(read("k")).hasSize(MIB + 3);
  }

  @Test
  void shouldMoveFileLocksToTheNewTierWhenMigrating() throws IOException {
    create("k", Bytes.random(8, 1000));
    try (MixChannel h = manager.open("k", READ, WRITE)) {
      FileLock lock = h.lock(0, 100, false);
      manager.migrate("k", "t1");
      assertThat(lock.isValid()).isTrue();
      assertThat(lock.channel()).isSameAs(h);
      try (FileChannel raw = FileChannel.open(dir.resolve("t1/k"), StandardOpenOption.WRITE)) {
        assertThatThrownBy(() -> raw.tryLock(0, 100, false))
            .isInstanceOf(OverlappingFileLockException.class);
      }
      lock.release();
      assertThat(lock.isValid()).isFalse();
    }
  }

  @Test
  void shouldMigrateWhenNoHandleIsOpen() throws IOException {
    byte[] model = Bytes.random(9, 5000);
    create("k", model);
    manager.migrate("k", "t1");
    manager.migrate("k", "t0");
    manager.migrate("k", "t0");
    assertThat(read("k")).isEqualTo(model);
    assertThat(manager.stats().migrationsDown()).isEqualTo(1);
    assertThat(manager.stats().migrationsUp()).isEqualTo(1);
    assertThat(manager.stats().bytesMigrated()).isEqualTo(10_000);
  }

  @Test
  void shouldRejectUnknownTierAndMissingKeyWhenMigrating() throws IOException {
    create("k", new byte[1]);
    assertThatThrownBy(() -> manager.migrate("k", "nope"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tier=nope")
        .hasMessageContaining("key=k");
    assertThatThrownBy(() -> manager.migrate("missing", "t1"))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("missing");
  }

  private Void migrate(String key, String tier) throws IOException {
    manager.migrate(key, tier);
    return null;
  }

  private void create(String key, byte[] bytes) throws IOException {
    try (MixChannel ch = manager.open(key, CREATE, WRITE)) {
      Bytes.writeFully(ch, bytes, 0);
    }
  }

  private byte[] read(String key) throws IOException {
    try (MixChannel ch = manager.open(key, READ)) {
      return Bytes.readAll(ch);
    }
  }

  private java.util.List<Path> incompleteFiles() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".migrating")).toList();
    }
  }
}
