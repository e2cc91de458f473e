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

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed manager is not kept reachable by anything of the library's (a thread, a registered
 * MBean, a static): the JDK releases a pool's mappings only when they become unreachable, so a
 * manager that stayed reachable after {@code close} would keep the whole pool mapped for the life
 * of the JVM. Drops every reference of the test's own and wants the manager collected, and the pool
 * gone from {@code /proc/self/maps}, within a bounded wait (Linux, as every PMem test here).
 */
class ClosedManagerReleasedTest {
  @TempDir Path dir;

  @Test
  void shouldLetAClosedManagerBeCollected() throws Exception {
    try (ShmDir shm = ShmDir.create(dir)) {
      WeakReference<TierManager> closed = useAndClose(shm);
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (closed.get() != null && System.nanoTime() < end) {
        System.gc();
        TimeUnit.MILLISECONDS.sleep(20);
      }
      assertThat(closed.get()).as("the closed manager, after collections for up to 20 s").isNull();
      Path maps = Path.of("/proc/self/maps");
      String pool = shm.resolve("pool").toString();
      while (Files.readString(maps).contains(pool) && System.nanoTime() < end) {
        System.gc();
        TimeUnit.MILLISECONDS.sleep(20);
      }
      assertThat(Files.readString(maps)).as("this process's mappings").doesNotContain(pool);
    }
  }

  /** Its own frame, so that no local of the test method keeps the manager. */
  private WeakReference<TierManager> useAndClose(ShmDir shm) throws IOException {
    TierManager m = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20);
    try (MixChannel h = m.open("k", CREATE, READ, WRITE)) {
      h.write(ByteBuffer.wrap(new byte[1 << 20]));
      h.force(true);
      m.migrate("k", "t0");
      m.migrate("k", "pmem");
      assertThat(Files.readString(Path.of("/proc/self/maps")))
          .as("this process's mappings while the manager is open")
          .contains(shm.resolve("pool").toString());
    }
    m.close();
    return new WeakReference<>(m);
  }
}
