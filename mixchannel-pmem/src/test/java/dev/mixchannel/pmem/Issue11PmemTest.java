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
package dev.mixchannel.pmem;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.pmem.internal.Backends;
import dev.mixchannel.pmem.internal.Medium;
import dev.mixchannel.pmem.internal.PoolGeometry;
import dev.mixchannel.pmem.internal.PoolMemory;
import dev.mixchannel.pmem.internal.PoolMemoryProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Regression tests of issue 11's PMem defects (6, 12a, 12b, 12d). */
class Issue11PmemTest {
  private static final long MIB = TestPools.MIB;

  private Path root;
  private ExecutorService threads;

  @BeforeEach
  void setUp() throws IOException {
    root = TestPools.newRoot("issue11");
    threads = Executors.newCachedThreadPool();
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    threads.shutdownNow();
    threads.awaitTermination(10, TimeUnit.SECONDS);
    TestPools.delete(root);
  }

  /** Defect 6: close returned and released the memory while a force was still flushing. */
  @Test
  void shouldWaitForAForceInFlightWhenTheTierCloses() throws Exception {
    CountDownLatch flushing = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean blockDataFlush = new AtomicBoolean();
    AtomicBoolean closedDuringFlush = new AtomicBoolean();
    AtomicBoolean inFlush = new AtomicBoolean();
    PoolMemoryProvider real = Backends.jdk();
    PoolMemoryProvider provider =
        new PoolMemoryProvider() {
          @Override
          public String name() {
            return "blocking-flush";
          }

          @Override
          public PoolMemory open(Path file, FileChannel ch, PoolGeometry layout, Medium medium)
              throws IOException {
            PoolMemory memory = real.open(file, ch, layout, medium);
            return new ForwardingPoolMemory(memory) {
              @Override
              public void flush(long offset, long length) {
                if (offset >= layout.dataOffset() && blockDataFlush.getAndSet(false)) {
                  inFlush.set(true);
                  flushing.countDown();
                  awaitQuietly(release);
                  inFlush.set(false);
                }
                super.flush(offset, length);
              }

              @Override
              public void close() {
                closedDuringFlush.compareAndSet(false, inFlush.get());
                super.close();
              }
            };
          }
        };
    MixChannelConfig config = TestPools.config(root, 16 * MIB, MIB, PmemBackend.JDK);
    PmemTier tier = PmemTier.open(config.tiers().get(0), config, provider);
    FileChannel ch = tier.open("k", Set.of(CREATE, READ, WRITE));
    ch.write(ByteBuffer.wrap(TestData.pattern(1, 0, 4096)));
    blockDataFlush.set(true);
    Future<?> force =
        threads.submit(
            () -> {
              ch.force(true);
              return null;
            });
    assertThat(flushing.await(10, TimeUnit.SECONDS)).isTrue();
    Future<?> close =
        threads.submit(
            () -> {
              tier.close();
              return null;
            });
    Thread.sleep(200);
    assertThat(close.isDone()).as("close waits for the force in flight").isFalse();
    release.countDown();
    close.get(10, TimeUnit.SECONDS);
    force.get(10, TimeUnit.SECONDS);
    assertThat(closedDuringFlush).isFalse();
  }

  /** Defect 12a: lock ranges at or beyond 2 TiB collapsed onto one byte, so disjoint locks met. */
  @Test
  void shouldKeepDisjointLocksApartBeyondTwoTebibytes() throws IOException {
    try (PmemTier tier = TestPools.open(root, 16 * MIB, MIB, PmemBackend.JDK);
        FileChannel ch = tier.open("k", Set.of(CREATE, READ, WRITE))) {
      long far = 3L << 40;
      FileLock a = ch.tryLock(far, 10, false);
      FileLock b = ch.tryLock(far + 10, 10, false);
      FileLock c = ch.tryLock(Long.MAX_VALUE - 20, 10, false);
      assertThat(a).isNotNull();
      assertThat(b).isNotNull();
      assertThat(c).isNotNull();
      assertThat(a.overlaps(far + 10, 10)).isFalse();
      assertThatThrownBy(() -> ch.tryLock(far + 5, 10, false))
          .isInstanceOf(java.nio.channels.OverlappingFileLockException.class);
    }
  }

  /** Defect 12b: a transfer from a source at its end left an extent held by an empty key. */
  @Test
  void shouldHoldNoExtentWhenATransferFromAnEmptySourceEnds() throws IOException {
    try (PmemTier tier = TestPools.open(root, 16 * MIB, MIB, PmemBackend.JDK);
        FileChannel ch = tier.open("k", Set.of(CREATE, READ, WRITE))) {
      long used = tier.usedBytes();
      long n =
          ch.transferFrom(
              Channels.newChannel(new java.io.ByteArrayInputStream(new byte[0])), 0, 1 << 20);
      assertThat(n).isZero();
      assertThat(tier.usedBytes()).isEqualTo(used);
      ch.write(ByteBuffer.wrap(new byte[10]), 0);
      ch.truncate(0);
      assertThat(tier.usedBytes()).isEqualTo(used);
    }
  }

  /**
   * Defect 12d: a write at a huge position failed with a plain IOException, so it could not spill.
   */
  @Test
  void shouldReportTierFullWhenAWriteLiesBeyondTheLargestPmemChannel() throws IOException {
    try (PmemTier tier = TestPools.open(root, 16 * MIB, MIB, PmemBackend.JDK);
        FileChannel ch = tier.open("k", Set.of(CREATE, READ, WRITE))) {
      assertThatThrownBy(() -> ch.write(ByteBuffer.wrap(new byte[1]), 1L << 57))
          .isInstanceOf(TierFullException.class)
          .hasMessageContaining("key=k");
      assertThatThrownBy(() -> ch.write(ByteBuffer.wrap(new byte[1]), 1L << 40))
          .isInstanceOf(TierFullException.class);
      assertThat(ch.size()).isZero();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
