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

import dev.mixchannel.api.ForwardingStorageTier;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.RefusedCopyException;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.pmem.PoolInspector;
import dev.mixchannel.pmem.internal.PmemPool;
import dev.mixchannel.pmem.internal.PoolLayout;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key whose copy a tier refuses (a damaged PMem slot, here a wrapper that says so) is refused on
 * every tier: its other copies are neither served nor removed, and it is never created anew, even
 * when the refusing tier has no room left (where a new key would go to the next tier).
 */
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key refused, a tier refuses its copy")
class RefusedCopyTest {
  private static final String STALE = "topic-0/00000000000000000000.log";
  private static final String LOST = "topic-0/00000000000000001000.log";

  @TempDir Path dir;
  private TierManager manager;

  @AfterEach
  void close() throws IOException {
    if (manager != null) {
      manager.close();
    }
  }

  /** Two file tiers; the faster one refuses its copies of {@link #STALE} and {@link #LOST}. */
  private void open() throws IOException {
    MixChannelConfig config = TestConfigs.fileTiers(dir, 1, -1).build();
    manager =
        TierManager.builder(config)
            .startMigrator(false)
            .tierOpener(
                (tier, c) -> {
                  StorageTier t = FileTier.open(tier);
                  return tier.name().equals("t0") ? new RefusingTier(t) : t;
                })
            .build();
  }

  @Test
  void shouldServeNeitherTheOtherCopyNorANewKey() throws IOException {
    byte[] stale = Bytes.random(7, 4096);
    Path staleFile = dir.resolve("t1").resolve(STALE);
    Files.createDirectories(staleFile.getParent());
    Files.write(staleFile, stale);
    open();

    assertThat(manager.keys()).isEmpty();
    assertThat(manager.refusedKeys()).containsExactly(STALE, LOST);
    assertThat(manager.divergentKeys()).isEmpty();
    for (String key : new String[] {STALE, LOST}) {
      assertRefused(() -> manager.open(key, READ), key);
      assertRefused(() -> manager.open(key, CREATE, WRITE), key);
      assertRefused(() -> manager.delete(key), key);
      assertRefused(() -> manager.rename(key, "elsewhere"), key);
      assertRefused(() -> manager.rename("elsewhere", key), key);
      assertThatThrownBy(() -> manager.exists(key))
          .isInstanceOf(UncheckedIOException.class)
          .hasCauseInstanceOf(RefusedCopyException.class);
    }
    assertThatThrownBy(() -> manager.resolveDivergent(STALE, "t1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a tier refuses its copy");
    assertThat(manager.refusedKeys()).containsExactly(STALE, LOST);
    assertThat(Files.readAllBytes(staleFile)).isEqualTo(stale);
    assertThat(Files.exists(dir.resolve("t1").resolve(LOST))).isFalse();
  }

  /**
   * The real thing: a PMem slot damaged after a crash (its SIZE word flipped) while an older copy
   * of the key sits on the file tier, as a stale copy does. The older copy must not be served: the
   * damaged one may hold writes it lacks.
   */
  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.pmem.internal.PmemPool",
      contains = "PMem channel quarantined")
  void shouldRefuseAKeyWhosePmemSlotIsDamaged() throws Exception {
    try (ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")))) {
      byte[] newer = Bytes.random(8, 64 * 1024);
      byte[] older = Arrays.copyOf(newer, 16 * 1024);
      manager = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20);
      try (MixChannel ch = manager.open(STALE, CREATE, WRITE)) {
        Bytes.writeFully(ch, newer, 0);
        ch.force(true);
      }
      assertThat(manager.tierOf(STALE)).isEqualTo("pmem");
      manager.close();
      manager = null;
      Path staleFile = dir.resolve("t0").resolve(STALE);
      Files.createDirectories(staleFile.getParent());
      Files.write(staleFile, older);
      Path pool = shm.resolve("pool").resolve(PmemPool.FILE_NAME);
      flipSizeWord(pool, STALE);

      manager = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20);
      assertThat(manager.keys()).isEmpty();
      assertThat(manager.refusedKeys()).containsExactly(STALE);
      assertThatThrownBy(() -> manager.open(STALE, READ))
          .isInstanceOf(RefusedCopyException.class)
          .hasMessageContaining("tier=pmem")
          .hasMessageContaining("slot[");
      assertThatThrownBy(() -> manager.open(STALE, CREATE, WRITE))
          .isInstanceOf(RefusedCopyException.class);
      assertThat(Files.readAllBytes(staleFile)).isEqualTo(older);
      manager.close();
      manager = null;
    }
  }

  private static void flipSizeWord(Path pool, String key) throws IOException {
    int slot =
        PoolInspector.inspect(pool).slots().stream()
            .filter(s -> key.equals(s.key()))
            .findFirst()
            .orElseThrow()
            .index();
    long offset = PoolLayout.slotOffset(slot) + PoolLayout.SLOT_SIZE + 3;
    try (FileChannel ch = FileChannel.open(pool, READ, WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, offset);
      b.put(0, (byte) (b.get(0) ^ 0xFF));
      ch.write(b.flip(), offset);
    }
  }

  private static void assertRefused(ThrowingCallable call, String key) {
    assertThatThrownBy(call)
        .isInstanceOf(RefusedCopyException.class)
        .hasMessageContaining("key=" + key)
        .hasMessageContaining("tier=t0")
        .hasMessageContaining("failed its checksum");
  }

  /** A tier that refuses its copies of two keys, as a PMem tier refuses a damaged slot's. */
  private static final class RefusingTier extends ForwardingStorageTier {
    RefusingTier(StorageTier delegate) {
      super(delegate);
    }

    @Override
    public Map<String, String> refusedKeys() {
      return Map.of(STALE, "slot 3 failed its checksum", LOST, "slot 4 failed its checksum");
    }
  }
}
