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

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, item 8, the migrator's part: a migration never fails because of someone else's
 * interrupt. A JDK file channel closes when a thread using it is interrupted, so the key's shared
 * backing channel can be found closed by a migration that had nothing to do with it; here it is
 * closed as an interrupt closes it, before the migration marks the key and between two copied
 * chunks. Before the fix {@code migrate} failed with a bare {@code ClosedChannelException} (from
 * {@code Migrator.mark}) and with a roll-back.
 */
class Issue18MigrationUnderClosedBackingTest {
  private static final int MIB = 1 << 20;

  @TempDir Path dir;
  private final List<FileChannel> opened = new CopyOnWriteArrayList<>();
  private final AtomicBoolean closeAtChunk = new AtomicBoolean();
  private TierManager manager;

  @AfterEach
  void close() throws IOException {
    if (manager != null) {
      manager.close();
    }
  }

  private byte[] openWithKey() throws IOException {
    manager =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
            .startMigrator(false)
            .hook(
                (step, key, from, to) -> {
                  if (step == MigrationStep.CHUNK_COPIED && closeAtChunk.getAndSet(false)) {
                    closeBacking();
                  }
                })
            .tierWrapper(t -> t.name().equals("t0") ? new RecordingTier(t) : t)
            .build();
    byte[] bytes = Bytes.random(1, 3 * MIB);
    try (MixChannel ch = manager.open("k", CREATE_NEW, WRITE)) {
      Bytes.writeFully(ch, bytes, 0);
    }
    return bytes;
  }

  /** Closes the key's backing channel as another handle's interrupt does. */
  private void closeBacking() throws IOException {
    opened.get(opened.size() - 1).close();
  }

  @Test
  void shouldMigrateWhenTheBackingWasClosedBeforeTheMigrationBegan() throws IOException {
    byte[] bytes = openWithKey();
    try (MixChannel h = manager.open("k", READ, WRITE)) {
      closeBacking();

      manager.migrate("k", "t1");

      assertThat(manager.tierOf("k")).isEqualTo("t1");
      assertThat(Bytes.readAll(h)).isEqualTo(bytes);
    }
  }

  @Test
  void shouldMigrateWhenTheBackingIsClosedBetweenTwoChunks() throws IOException {
    byte[] bytes = openWithKey();
    try (MixChannel h = manager.open("k", READ, WRITE)) {
      closeAtChunk.set(true);

      manager.migrate("k", "t1");

      assertThat(closeAtChunk).isFalse();
      assertThat(manager.tierOf("k")).isEqualTo("t1");
      assertThat(Bytes.readAll(h)).isEqualTo(bytes);
      h.write(Bytes.wrap("after"), 3 * MIB);
      assertThat(h.size()).isEqualTo(3 * MIB + 5);
    }
    assertThat(manager.stats().migrationFailures()).isZero();
  }

  /** Records the channels a tier opens on complete keys. */
  private final class RecordingTier extends ForwardingStorageTier {
    RecordingTier(dev.mixchannel.api.StorageTier delegate) {
      super(delegate);
    }

    @Override
    public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
      FileChannel ch = super.open(key, options);
      opened.add(ch);
      return ch;
    }
  }
}
