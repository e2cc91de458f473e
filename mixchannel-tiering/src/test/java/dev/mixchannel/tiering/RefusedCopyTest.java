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
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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

  private static void assertRefused(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String key) {
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
