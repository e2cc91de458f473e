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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A lock held through a handle stays valid at every step of the switch, whichever way the key
 * moves: a migration paused after the destination took the locks, after the publish, after the
 * source's removal and after the switch, while another thread asks the lock whether it is valid.
 */
class LockValidityAtSwitchStepsTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(
      value = MigrationStep.class,
      names = {"DEST_LOCKED", "PUBLISHED", "SOURCE_REMOVED", "SWITCHED"})
  void shouldKeepAHeldLockValidAtEachSwitchStepWhenMigratingBothWays(MigrationStep step)
      throws Exception {
    PausingHook hook = new PausingHook();
    ExecutorService async = Executors.newFixedThreadPool(2);
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20, hook);
        MixChannel h = m.open("k", CREATE, READ, WRITE)) {
      h.write(ByteBuffer.wrap(new byte[1 << 20]));
      FileLock lock = h.lock(100, 1000, false);
      for (String to : new String[] {"t0", "pmem"}) {
        hook.pauseAt(step);
        Future<?> migration =
            async.submit(
                () -> {
                  m.migrate("k", to);
                  return null;
                });
        hook.awaitReached();
        Future<Boolean> valid = async.submit(lock::isValid);
        // Asked while the switch is paused; answered at once or once the switch is done.
        Thread.sleep(50);
        hook.release();
        migration.get(30, TimeUnit.SECONDS);
        assertThat(valid.get(30, TimeUnit.SECONDS))
            .as("lock valid while the move to %s paused at %s", to, step)
            .isTrue();
        assertThat(m.tierOf("k")).isEqualTo(to);
      }
      assertThat(lock.isValid()).isTrue();
      lock.release();
    } finally {
      async.shutdownNow();
    }
  }
}
