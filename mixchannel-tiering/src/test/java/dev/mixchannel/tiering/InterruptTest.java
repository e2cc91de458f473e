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
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One interrupted caller never breaks the shared backing channel for the other handles. */
class InterruptTest {
  @TempDir Path dir;

  @Test
  void shouldCloseOnlyTheInterruptedHandleWhenTheBackingIsAFileChannel() throws Exception {
    try (TierManager m =
        TierManager.builder(TestConfigs.fileTiers(dir, -1).build()).startMigrator(false).build()) {
      MixChannel a = m.open("k", CREATE, READ, WRITE);
      try (MixChannel b = m.open("k", READ, WRITE)) {
        b.write(Bytes.wrap("before"));
        FileLock lock = b.lock(0, 10, false);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread t =
            new Thread(
                () -> {
                  Thread.currentThread().interrupt();
                  try {
                    a.write(ByteBuffer.wrap(new byte[10]), 100);
                  } catch (Throwable e) {
                    thrown.set(e);
                  }
                  stillInterrupted.set(Thread.currentThread().isInterrupted());
                });
        t.start();
        t.join(30_000);
        assertThat(thrown.get()).isInstanceOf(ClosedByInterruptException.class);
        assertThat(stillInterrupted.get()).isTrue();
        assertThat(a.isOpen()).isFalse();
        assertThat(b.isOpen()).isTrue();
        b.write(Bytes.wrap("after"));
        assertThat(new String(Bytes.readAll(b))).isEqualTo("beforeafter");
        assertThat(lock.isValid()).isTrue();
        try (FileChannel raw = FileChannel.open(dir.resolve("t0/k"), StandardOpenOption.WRITE)) {
          org.assertj.core.api.Assertions.assertThatThrownBy(() -> raw.tryLock(0, 10, false))
              .isInstanceOf(OverlappingFileLockException.class);
        }
      } finally {
        a.close();
      }
    }
  }
}
