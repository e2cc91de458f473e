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
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.spy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression tests of issue 11's tiering defects: each failed (or hung) before its fix. Defects 8
 * to 11 are covered by {@code TransferSpillTest} and {@code CloseDuringMigrationTest}, defect 4 by
 * {@code LockAcrossMigrationTest}, defect 2 by the PMem power-loss tests.
 */
class Issue11TieringTest {
  private static final int MIB = 1 << 20;
  private static final Duration BOUND = Duration.ofSeconds(20);

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final Map<String, StorageTier> spies = new HashMap<>();
  private TierManager manager;

  @AfterEach
  void close() throws Exception {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
    try {
      if (manager != null) {
        manager.close();
      }
    } finally {
      shm.close();
    }
  }

  private TierManager open(MixChannelConfig config) throws IOException {
    manager =
        TierManager.builder(config)
            .startMigrator(false)
            .tierOpener(
                (tier, c) -> {
                  StorageTier t =
                      tier.name().equals("pmem") ? PmemTier.open(tier, c) : FileTier.open(tier);
                  StorageTier s = spy(t);
                  spies.put(tier.name(), s);
                  return s;
                })
            .build();
    return manager;
  }

  private MixChannelConfig pmemAndDisk(long pmemBytes) {
    return TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, pmemBytes, -1)
        .build();
  }

  /**
   * Defect 1: a publish that threw after its effect left an unowned complete copy on the faster
   * tier; bytes forced on the source later were lost at the next restart.
   */
  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.tiering.internal.Migrator",
      contains = "publishing the destination failed after its effect")
  void shouldLoseNoForcedByteWhenAPublishFailsAfterItsEffect() throws Exception {
    MixChannelConfig config = pmemAndDisk(16L * MIB);
    open(config);
    try (MixChannel ch = manager.open("k", CREATE, READ, WRITE)) {
      ch.write(ByteBuffer.wrap(Bytes.random(1, MIB)));
    }
    manager.migrate("k", "t0");
    doAnswer(
            inv -> {
              inv.callRealMethod();
              throw new IOException("injected failure after the publish's effect");
            })
        .when(spies.get("pmem"))
        .publish(anyString());
    assertThatThrownBy(() -> manager.migrate("k", "pmem"))
        .hasMessageContaining("rolled back to the source");
    assertThat(manager.tierOf("k")).isEqualTo("t0");
    byte[] later = Bytes.random(2, MIB);
    try (MixChannel ch = manager.open("k", READ, WRITE)) {
      ch.write(ByteBuffer.wrap(later), MIB);
      ch.force(true);
    }
    assertThat(spies.get("pmem").exists("k")).isFalse();
    manager.close();
    manager = TierManager.builder(config).startMigrator(false).build();
    try (MixChannel ch = manager.open("k", READ)) {
      byte[] all = Bytes.readAll(ch);
      assertThat(all).hasSize(2 * MIB);
      assertThat(java.util.Arrays.copyOfRange(all, MIB, 2 * MIB)).isEqualTo(later);
    }
    manager.migrate("k", "pmem");
    assertThat(manager.tierOf("k")).isEqualTo("pmem");
  }

  /** Defect 3: transferFrom a wrapper of the same PMem key hung for ever. */
  @Test
  void shouldTransferFromAWrapperOfTheSameKey() throws Exception {
    open(pmemAndDisk(16L * MIB));
    try (MixChannel w = manager.open("k", CREATE, READ, WRITE);
        MixChannel r = manager.open("k", READ)) {
      w.write(ByteBuffer.wrap(Bytes.random(3, 100_000)));
      Future<Long> n =
          threads.submit(
              () -> w.transferFrom(Channels.newChannel(Channels.newInputStream(r)), 100_000, 50));
      assertThat(n.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo(50);
      assertThat(w.size()).isEqualTo(100_050);
    }
    assertThat(manager.delete("k")).isTrue();
  }

  /**
   * Defect 5: a transfer blocked on its source held the key's lock, a delete of the key waited for
   * it while holding the manager-wide lock, and every other key froze.
   */
  @Test
  void shouldServeOtherKeysWhileATransferOfOneKeyBlocks() throws Exception {
    open(pmemAndDisk(16L * MIB));
    BlockingSource source = new BlockingSource(Bytes.random(4, 10));
    try (MixChannel a = manager.open("a", CREATE, READ, WRITE);
        MixChannel b = manager.open("b", CREATE, READ, WRITE)) {
      Future<Long> blocked = threads.submit(() -> a.transferFrom(source, 0, 10));
      source.awaitBlocked();
      Future<Boolean> delete = threads.submit(() -> manager.delete("a"));
      assertThat(delete.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
      Future<?> others =
          threads.submit(
              () -> {
                b.write(ByteBuffer.wrap(new byte[10]));
                assertThat(manager.exists("b")).isTrue();
                assertThat(manager.keys()).containsExactly("b");
                manager.stats();
                try (MixChannel c = manager.open("c", CREATE, WRITE)) {
                  c.write(ByteBuffer.wrap(new byte[1]));
                }
                return null;
              });
      others.get(BOUND.toSeconds(), TimeUnit.SECONDS);
      assertThat(a.size()).isZero();
      source.release();
      assertThat(blocked.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo(10);
      assertThat(Bytes.readAll(a)).isEqualTo(Bytes.random(4, 10));
    } finally {
      source.release();
    }
  }

  /** A source whose first read blocks until released, then returns its bytes; then its end. */
  private static final class BlockingSource implements java.nio.channels.ReadableByteChannel {
    private final java.util.concurrent.CountDownLatch entered =
        new java.util.concurrent.CountDownLatch(1);
    private final java.util.concurrent.CountDownLatch released =
        new java.util.concurrent.CountDownLatch(1);
    private final ByteBuffer bytes;

    BlockingSource(byte[] bytes) {
      this.bytes = ByteBuffer.wrap(bytes);
    }

    void awaitBlocked() throws InterruptedException {
      assertThat(entered.await(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
    }

    void release() {
      released.countDown();
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      entered.countDown();
      try {
        released.await();
      } catch (InterruptedException e) {
        throw new java.io.InterruptedIOException();
      }
      if (!bytes.hasRemaining()) {
        return -1;
      }
      int n = Math.min(dst.remaining(), bytes.remaining());
      dst.put(dst.position(), bytes, bytes.position(), n);
      dst.position(dst.position() + n);
      bytes.position(bytes.position() + n);
      return n;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }

  /**
   * Defect 7: an interrupt on one handle of a deleted key on a file tier broke every other handle,
   * and the interrupted one got KeyClosedException and stayed open.
   */
  @Test
  void shouldKeepOtherHandlesOfADeletedKeyWorkingAfterAnInterrupt() throws Exception {
    open(TestConfigs.fileTiers(dir, -1).build());
    MixChannel a = manager.open("k", CREATE, READ, WRITE);
    try (MixChannel b = manager.open("k", READ, WRITE)) {
      b.write(Bytes.wrap("before"));
      assertThat(manager.delete("k")).isTrue();
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      Thread t =
          new Thread(
              () -> {
                Thread.currentThread().interrupt();
                try {
                  a.read(ByteBuffer.allocate(10), 0);
                } catch (Throwable e) {
                  thrown.set(e);
                }
              });
      t.start();
      t.join(BOUND.toMillis());
      assertThat(thrown.get()).isExactlyInstanceOf(ClosedByInterruptException.class);
      assertThat(a.isOpen()).isFalse();
      b.write(Bytes.wrap("after"));
      assertThat(new String(Bytes.readAll(b))).isEqualTo("beforeafter");
      assertThat(manager.exists("k")).isFalse();
    } finally {
      a.close();
    }
  }

  /** Defect 12c: a deleted but still open PMem key could not spill. */
  @Test
  void shouldSpillADeletedKeyThatIsStillOpen() throws Exception {
    open(pmemAndDisk(8L * MIB));
    byte[] data = Bytes.random(5, 12 * MIB);
    try (MixChannel h = manager.open("k", CREATE, READ, WRITE)) {
      Bytes.writeFully(h, java.util.Arrays.copyOfRange(data, 0, 2 * MIB), 0);
      assertThat(manager.delete("k")).isTrue();
      Bytes.writeFully(h, java.util.Arrays.copyOfRange(data, 2 * MIB, 12 * MIB), 2 * MIB);
      assertThat(h.tierName()).isEqualTo("t0");
      assertThat(Bytes.readAll(h)).isEqualTo(data);
      assertThat(spies.get("t0").incompleteKeys()).containsExactly("k~deleted-1");
      assertThat(manager.keys()).isEmpty();
    }
    assertThat(spies.get("t0").incompleteKeys()).isEmpty();
    assertThat(manager.stats().tier("pmem").usedBytes()).isZero();
  }

  /**
   * Two deleted generations of one name, both still open, spill one after the other while a live
   * key of that name is migrated to the same tier: each keeps its own bytes (they once competed for
   * the one incomplete name {@code k.migrating}, and the second spill or the migration failed).
   */
  @Test
  void shouldSpillTwoDeletedGenerationsOfOneNameBesideALiveKey() throws Exception {
    open(pmemAndDisk(8L * MIB));
    byte[] first = Bytes.random(6, 9 * MIB);
    byte[] second = Bytes.random(7, 9 * MIB);
    byte[] live = Bytes.random(8, MIB);
    try (MixChannel a = manager.open("k", CREATE, READ, WRITE)) {
      Bytes.writeFully(a, java.util.Arrays.copyOfRange(first, 0, MIB), 0);
      assertThat(manager.delete("k")).isTrue();
      try (MixChannel b = manager.open("k", CREATE, READ, WRITE)) {
        Bytes.writeFully(b, java.util.Arrays.copyOfRange(second, 0, MIB), 0);
        assertThat(manager.delete("k")).isTrue();
        try (MixChannel c = manager.open("k", CREATE, READ, WRITE)) {
          Bytes.writeFully(c, live, 0);
          Bytes.writeFully(a, java.util.Arrays.copyOfRange(first, MIB, 9 * MIB), MIB);
          Bytes.writeFully(b, java.util.Arrays.copyOfRange(second, MIB, 9 * MIB), MIB);
          manager.migrate("k", "t0");

          assertThat(a.tierName()).isEqualTo("t0");
          assertThat(b.tierName()).isEqualTo("t0");
          assertThat(c.tierName()).isEqualTo("t0");
          assertThat(Bytes.readAll(a)).isEqualTo(first);
          assertThat(Bytes.readAll(b)).isEqualTo(second);
          assertThat(Bytes.readAll(c)).isEqualTo(live);
          assertThat(manager.keys()).containsExactly("k");
        }
      }
    }
    assertThat(spies.get("t0").incompleteKeys()).isEmpty();
  }

  /**
   * A deleted open key whose spill fails late (the slower tier cannot give a spare channel) keeps
   * its locks valid and its bytes where they were: the locks move only once nothing can fail.
   */
  @Test
  void shouldKeepLocksValidWhenADeletedKeysSpillFailsLate() throws Exception {
    open(pmemAndDisk(8L * MIB));
    doThrow(new IOException("injected: no spare channel"))
        .when(spies.get("t0"))
        .reopen(org.mockito.ArgumentMatchers.any());
    byte[] head = Bytes.random(9, MIB);
    try (MixChannel h = manager.open("k", CREATE, READ, WRITE)) {
      Bytes.writeFully(h, head, 0);
      java.nio.channels.FileLock lock = h.lock(0, 100, false);
      assertThat(manager.delete("k")).isTrue();

      assertThatThrownBy(() -> Bytes.writeFully(h, new byte[9 * MIB], MIB))
          .isInstanceOf(TierFullException.class);

      assertThat(lock.isValid()).isTrue();
      assertThat(h.tierName()).isEqualTo("pmem");
      assertThat(Bytes.readAll(h)).startsWith(head);
      assertThat(spies.get("t0").incompleteKeys()).isEmpty();
    }
  }
}
