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

import java.nio.ByteBuffer;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File locks taken through two handles of a key while another thread migrates the key between the
 * PMem tier and a file tier without pause: every lock is valid when taken and stays valid until it
 * is released (each migration takes every held lock again on the new backing channel).
 */
class LockValidityUnderMigrationTest {
  @TempDir Path dir;

  @Test
  void shouldKeepEveryLockValidWhileTheKeyMigratesConcurrently() throws Exception {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20);
        MixChannel h0 = m.open("k", CREATE, READ, WRITE);
        MixChannel h1 = m.open("k", READ, WRITE)) {
      h0.write(ByteBuffer.wrap(new byte[1 << 20]));
      AtomicBoolean stop = new AtomicBoolean();
      Queue<Exception> moverFailures = new ConcurrentLinkedQueue<>();
      Thread mover =
          new Thread(
              () -> {
                while (!stop.get()) {
                  try {
                    m.migrate("k", m.tierOf("k").equals("pmem") ? "t0" : "pmem");
                  } catch (Exception e) {
                    moverFailures.add(e);
                  }
                }
              },
              "test-mover");
      mover.start();
      Random random = new Random(1);
      List<FileLock> held = new ArrayList<>();
      try {
        for (int i = 0; i < 20_000; i++) {
          MixChannel h = random.nextBoolean() ? h0 : h1;
          long size = random.nextInt(3) == 0 ? 0 : random.nextInt(50_000);
          FileLock lock;
          try {
            lock = h.tryLock(random.nextInt(1 << 22), size, random.nextBoolean());
          } catch (OverlappingFileLockException e) {
            lock = null;
          }
          if (lock != null) {
            assertThat(lock.isValid()).as("new lock %s, step %d", lock, i).isTrue();
            held.add(lock);
          }
          for (FileLock x : held) {
            assertThat(x.isValid()).as("held lock %s, step %d", x, i).isTrue();
          }
          if (held.size() > 5) {
            held.remove(0).release();
          }
          if (random.nextInt(10) == 0) {
            h0.write(ByteBuffer.wrap(new byte[100]), random.nextInt(1 << 20));
          }
        }
      } finally {
        stop.set(true);
        mover.join();
      }
      assertThat(moverFailures).isEmpty();
    }
  }
}
