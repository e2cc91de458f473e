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

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One interrupt rule on every tier and at every moment, the JDK's (issue 18, defect 8): an
 * interrupted thread's call throws {@link ClosedByInterruptException}, its interrupt status stays
 * set and its handle is closed; the key's other handles go on. The old code did not close a PMem
 * handle at all, and a thread interrupted during a spill got a {@code MigrationException} with its
 * handle left open.
 */
class Issue18InterruptRuleTest {
  private static final int MIB = 1 << 20;

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
  @ValueSource(booleans = {false, true})
  void shouldCloseAnInterruptedPmemHandleAsTheJdkDoes(boolean write) throws Exception {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = pmemManager(shm, 16L * MIB, false);
        MixChannel other = m.open("k", CREATE, READ, WRITE)) {
      other.write(Bytes.wrap("kept"));
      MixChannel h = m.open("k", READ, WRITE);
      assertThat(h.tierName()).isEqualTo("pmem");

      Throwable thrown = selfInterrupted(() -> ioCall(h, write));

      assertThat(thrown).isInstanceOf(ClosedByInterruptException.class);
      assertThat(h.isOpen()).isFalse();
      assertThat(other.isOpen()).isTrue();
      other.write(Bytes.wrap("!"));
      assertThat(new String(Bytes.readAll(other))).isEqualTo("kept!");
    }
  }

  @Test
  @ExpectedLog(logger = "dev.mixchannel.tiering.internal.Migrator", contains = "migration failed")
  void shouldCloseTheHandleOfAThreadInterruptedDuringASpill() throws Exception {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = pmemManager(shm, 8L * MIB, true);
        MixChannel other = m.open("k", CREATE, READ, WRITE)) {
      MixChannel writer = m.open("k", READ, WRITE);
      hook.pauseAt(MigrationStep.CAUGHT_UP);
      AtomicReference<Thread> writing = new AtomicReference<>();
      Future<Throwable> result =
          threads.submit(
              () -> {
                writing.set(Thread.currentThread());
                try {
                  for (int i = 0; i < 16; i++) {
                    writer.write(ByteBuffer.allocate(MIB));
                  }
                  return null;
                } catch (Exception e) {
                  return e;
                } finally {
                  assertThat(Thread.interrupted()).as("interrupt status").isTrue();
                }
              });
      hook.awaitReached();
      writing.get().interrupt();
      hook.release();

      assertThat(result.get(30, TimeUnit.SECONDS)).isInstanceOf(ClosedByInterruptException.class);
      assertThat(writer.isOpen()).isFalse();
      assertThat(other.isOpen()).isTrue();
      ByteBuffer back = ByteBuffer.allocate(MIB);
      assertThat(other.read(back, 0)).isEqualTo(MIB);
      other.write(ByteBuffer.allocate(MIB), other.size());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"pmem", "t0"})
  void shouldCloseAnInterruptedHandleWhileItsKeyMigrates(String from) throws Exception {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = pmemManager(shm, 16L * MIB, true)) {
      try (MixChannel first = m.open("k", CREATE, READ, WRITE)) {
        first.write(ByteBuffer.wrap(Bytes.random(7, 3 * MIB)));
      }
      if (!from.equals("pmem")) {
        m.migrate("k", from);
      }
      String to = from.equals("pmem") ? "t0" : "pmem";
      try (MixChannel other = m.open("k", READ, WRITE)) {
        MixChannel h = m.open("k", READ, WRITE);
        hook.pauseAt(MigrationStep.CHUNK_COPIED);
        Future<?> migration =
            threads.submit(
                () -> {
                  m.migrate("k", to);
                  return null;
                });
        hook.awaitReached();

        Throwable thrown = selfInterrupted(() -> ioCall(h, false));
        hook.release();

        assertThat(thrown).isInstanceOf(ClosedByInterruptException.class);
        assertThat(h.isOpen()).isFalse();
        migration.get(30, TimeUnit.SECONDS);
        assertThat(other.tierName()).isEqualTo(to);
        assertThat(Bytes.readAll(other)).isEqualTo(Bytes.random(7, 3 * MIB));
      }
    }
  }

  private TierManager pmemManager(ShmDir shm, long poolBytes, boolean withHook)
      throws java.io.IOException {
    TierManager.Builder b =
        TierManager.builder(
                TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, poolBytes, -1)
                    .build())
            .startMigrator(false);
    if (withHook) {
      b.hook(hook);
    }
    return b.build();
  }

  private static void ioCall(MixChannel h, boolean write) throws java.io.IOException {
    if (write) {
      h.write(Bytes.wrap("x"), 100);
    } else {
      h.read(ByteBuffer.allocate(16), 0);
    }
  }

  /** Runs a call with this thread's interrupt status set; returns what it threw. */
  private static Throwable selfInterrupted(IoCall call) {
    Thread.currentThread().interrupt();
    try {
      call.run();
      return null;
    } catch (Throwable e) {
      return e;
    } finally {
      assertThat(Thread.interrupted()).as("interrupt status after the call").isTrue();
    }
  }

  @FunctionalInterface
  private interface IoCall {
    void run() throws java.io.IOException;
  }
}
