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
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** New keys go to the fastest tier with room; a full PMem pool spills inside the write. */
class PlacementAndSpillTest {
  private static final int MIB = 1 << 20;

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  private final PausingHook hook = new PausingHook();
  private TierManager manager;

  private void open(long pmemBytes, long fileBytes) throws IOException {
    MixChannelConfig config =
        TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, pmemBytes, fileBytes)
            .build();
    manager = TierManager.builder(config).startMigrator(false).hook(hook).build();
  }

  @AfterEach
  void close() throws IOException {
    hook.release();
    try {
      if (manager != null) {
        manager.close();
      }
    } finally {
      shm.close();
    }
  }

  @Test
  void shouldPlaceOnTheFastestTierWithRoomWhenCreatingAKey() throws IOException {
    open(8L * MIB, -1);
    manager.open("small", CREATE, WRITE).close();
    manager.open("big", CREATE, WRITE, SizeHint.of(64L * MIB)).close();
    assertThat(manager.tierOf("small")).isEqualTo("pmem");
    assertThat(manager.tierOf("big")).isEqualTo("t0");
    assertThat(manager.stats().tier("pmem").keyCount()).isEqualTo(1);
  }

  /**
   * Issue 19 item 3: once the PMem pool has free slots but no free extent, a new key without a size
   * hint is created on the next tier, not on PMem to be spilled by its first write.
   */
  @Test
  void shouldCreateANewKeyWhereItsFirstWriteStaysWhenThePmemPoolHasNoFreeExtent()
      throws IOException {
    open(8L * MIB, -1);
    for (int i = 0; i < 16; i++) {
      try (MixChannel ch = manager.open("k" + i, CREATE_NEW, WRITE)) {
        assertThat(ch.write(ByteBuffer.wrap(new byte[] {(byte) i}))).isEqualTo(1);
      }
    }
    assertThat(manager.stats().spills()).isZero();
    assertThat(manager.stats().tier("pmem").keyCount()).isPositive();
    assertThat(manager.tierOf("k15")).isEqualTo("t0");
  }

  @Test
  void shouldThrowTierFullNamingKeyAndTiersWhenNoTierHasRoomForANewKey() throws IOException {
    open(8L * MIB, 4L * MIB);
    assertThatThrownBy(() -> manager.open("huge", CREATE_NEW, WRITE, SizeHint.of(64L * MIB)))
        .isInstanceOf(TierFullException.class)
        .hasMessageContaining("key=huge")
        .hasMessageContaining("pmem")
        .hasMessageContaining("t0");
    assertThat(manager.exists("huge")).isFalse();
  }

  @Test
  void shouldSpillInsideTheWriteWhenThePmemPoolIsFull() throws IOException {
    open(8L * MIB, -1);
    byte[] record = Bytes.random(11, 1024);
    int records = 12 * 1024;
    try (MixChannel ch = manager.open("log", CREATE, APPEND)) {
      for (int i = 0; i < records; i++) {
        record[0] = (byte) i;
        assertThat(ch.write(ByteBuffer.wrap(record))).isEqualTo(1024);
      }
      assertThat(ch.tierName()).isEqualTo("t0");
      assertThat(ch.size()).isEqualTo((long) records * 1024);
    }
    assertThat(manager.stats().spills()).isEqualTo(1);
    assertThat(manager.stats().migrationsDown()).isEqualTo(1);
    assertThat(manager.stats().tier("pmem").usedBytes()).isZero();
    try (MixChannel ch = manager.open("log", READ)) {
      byte[] all = Bytes.readAll(ch);
      for (int i = 0; i < records; i++) {
        assertThat(all[i * 1024]).isEqualTo((byte) i);
        assertThat(all[i * 1024 + 1023]).isEqualTo(record[1023]);
      }
    }
  }

  @Test
  void shouldFailTheWriteOnlyWhenEveryTierIsFull() throws IOException {
    open(4L * MIB, 2L * MIB);
    try (MixChannel ch = manager.open("log", CREATE, WRITE)) {
      assertThatThrownBy(() -> Bytes.writeFully(ch, new byte[8 * MIB], 0))
          .isInstanceOf(TierFullException.class)
          .hasMessageContaining("key=log");
      assertThat(ch.size()).isZero();
      assertThat(ch.tierName()).isEqualTo("pmem");
      assertThat(ch.write(ByteBuffer.wrap(new byte[100]))).isEqualTo(100);
    }
  }

  @Test
  void shouldSpillAndCancelTheBackgroundMigrationWhenBothTargetTheSameTier() throws Exception {
    open(8L * MIB, -1);
    try (MixChannel ch = manager.open("k", CREATE, READ, WRITE)) {
      Bytes.writeFully(ch, Bytes.random(12, 3 * MIB), 0);
      hook.pauseAt(MigrationStep.CHUNK_COPIED);
      ExecutorService async = Executors.newSingleThreadExecutor();
      try {
        Future<?> migration =
            async.submit(
                () -> {
                  manager.migrate("k", "t0");
                  return null;
                });
        hook.awaitReached();
        Bytes.writeFully(ch, new byte[6 * MIB], ch.size());
        assertThat(ch.tierName()).isEqualTo("t0");
        hook.release();
        assertThatThrownBy(() -> migration.get(30, TimeUnit.SECONDS))
            .hasMessageContaining("cancelled");
      } finally {
        async.shutdown();
        assertThat(async.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
      }
      assertThat(ch.size()).isEqualTo(9L * MIB);
      assertThat(manager.stats().spills()).isEqualTo(1);
    }
  }
}
