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

import dev.mixchannel.tiering.internal.MigrationStep;
import java.nio.ByteBuffer;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A file lock held through a handle stays held, as another process sees it, at every step of a
 * migration and after it (issue 11, defect 4: the lock vanished when a key moved to a file tier,
 * because publishing opened and closed a second descriptor of the file). A child JVM probes the
 * file of the key's current backing channel while the migration is paused at each step.
 */
@Tag("slow")
class LockAcrossMigrationTest {
  @TempDir Path dir;
  private final PausingHook hook = new PausingHook();
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() throws InterruptedException {
    hook.release();
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
  }

  @ParameterizedTest
  @EnumSource(MigrationStep.class)
  void shouldKeepTheLockHeldWhenPausedAtAStep(MigrationStep step) throws Exception {
    try (TierManager m =
            TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
                .startMigrator(false)
                .hook(hook)
                .build();
        MixChannel h = m.open("k", CREATE, READ, WRITE)) {
      h.write(ByteBuffer.wrap(new byte[3 << 20]));
      FileLock lock = h.lock(0, 100, false);
      hook.pauseAt(step);
      Future<?> migration =
          threads.submit(
              () -> {
                m.migrate("k", "t1");
                return null;
              });
      hook.awaitReached();
      if (step.compareTo(MigrationStep.SOURCE_REMOVED) < 0) {
        assertThat(LockProbe.probe(dir.resolve("t0/k"), 0, 100))
            .as("source at %s", step)
            .isEqualTo("HELD");
      }
      if (step.compareTo(MigrationStep.DEST_LOCKED) >= 0) {
        String dst = step == MigrationStep.DEST_LOCKED ? "t1/k.migrating" : "t1/k";
        assertThat(LockProbe.probe(dir.resolve(dst), 0, 100))
            .as("destination at %s", step)
            .isEqualTo("HELD");
      }
      hook.release();
      migration.get(30, TimeUnit.SECONDS);
      assertThat(m.tierOf("k")).isEqualTo("t1");
      assertThat(lock.isValid()).isTrue();
      assertThat(LockProbe.probe(dir.resolve("t1/k"), 0, 100)).isEqualTo("HELD");
      lock.release();
      assertThat(LockProbe.probe(dir.resolve("t1/k"), 0, 100)).isEqualTo("FREE");
    }
  }

  @Test
  void shouldKeepTheLockHeldWhenAPmemKeyMovesToAFileTier() throws Exception {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20);
        MixChannel h = m.open("k", CREATE, READ, WRITE)) {
      h.write(ByteBuffer.wrap(new byte[1 << 20]));
      FileLock lock = h.lock(10, 90, false);
      m.migrate("k", "t0");
      assertThat(lock.isValid()).isTrue();
      assertThat(LockProbe.probe(dir.resolve("t0/k"), 10, 90)).isEqualTo("HELD");
      m.migrate("k", "pmem");
      m.migrate("k", "t0");
      assertThat(LockProbe.probe(dir.resolve("t0/k"), 10, 90)).isEqualTo("HELD");
    }
  }
}
