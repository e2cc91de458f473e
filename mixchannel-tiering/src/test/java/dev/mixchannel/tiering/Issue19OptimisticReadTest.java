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
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 item 5: reads and sizes on a PMem backing run under no lock of the key (optimistically)
 * and stand only when no exclusive side was taken meanwhile. While the key migrates between the
 * PMem tier and a file tier, is appended to and finally closed with its manager, every read returns
 * exactly the bytes written at its offsets, every size is one the key had, and a read after the
 * close fails with {@link ClosedChannelException}: nothing invented, nothing from another key.
 */
class Issue19OptimisticReadTest {
  private static final int MIB = 1 << 20;
  private static final int CHUNK = 4096;
  private static final long BOUND_SECONDS = 60;

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));
  private final ExecutorService threads = Executors.newFixedThreadPool(4);

  @AfterEach
  void clean() throws IOException, InterruptedException {
    threads.shutdownNow();
    assertThat(threads.awaitTermination(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    shm.close();
  }

  /** The byte written at {@code offset}: every offset has its own, so a wrong one shows. */
  private static byte at(long offset) {
    return (byte) (offset * 31 + (offset >>> 8) * 7 + 5);
  }

  private static ByteBuffer pattern(long from, int length) {
    ByteBuffer b = ByteBuffer.allocateDirect(length);
    for (int i = 0; i < length; i++) {
      b.put(at(from + i));
    }
    return b.flip();
  }

  private TierManager open() throws IOException {
    return TierManager.builder(
            TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, 16L * MIB, -1)
                .build())
        .startMigrator(false)
        .build();
  }

  @Test
  void shouldReadOnlyWrittenBytesWhileTheKeyMigratesGrowsAndCloses() throws Exception {
    TierManager manager = open();
    MixChannel writer = manager.open("k", CREATE, READ, WRITE);
    for (long p = 0; p < MIB; p += CHUNK) {
      writer.write(pattern(p, CHUNK), p);
    }
    AtomicBoolean stop = new AtomicBoolean();
    List<Future<Long>> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      readers.add(threads.submit(() -> readUntilClosed(manager, stop)));
    }
    Future<?> appender =
        threads.submit(
            () -> {
              for (int i = 0; i < 256 && !stop.get(); i++) {
                long end = writer.size();
                writer.write(pattern(end, CHUNK), end);
              }
              return null;
            });
    for (int i = 0; i < 20; i++) {
      manager.migrate("k", i % 2 == 0 ? "t0" : "pmem");
    }
    appender.get(BOUND_SECONDS, TimeUnit.SECONDS);
    stop.set(true);
    manager.close();
    for (Future<Long> reader : readers) {
      assertThat(reader.get(BOUND_SECONDS, TimeUnit.SECONDS)).isPositive();
    }
    try (TierManager reopened = open();
        MixChannel c = reopened.open("k", READ)) {
      long size = c.size();
      ByteBuffer all = ByteBuffer.allocateDirect((int) size);
      while (all.hasRemaining() && c.read(all, all.position()) > 0) {}
      assertThat(all.flip()).isEqualTo(pattern(0, (int) size));
    }
  }

  /** Reads 100 B at random offsets below a size seen, checking each; returns the reads done. */
  private static long readUntilClosed(TierManager manager, AtomicBoolean stop) throws IOException {
    MixChannel c = manager.open("k", READ);
    ByteBuffer dst = ByteBuffer.allocateDirect(100);
    long reads = 0;
    while (true) {
      long size;
      long p;
      try {
        size = c.size();
        assertThat(size).isBetween((long) MIB, (long) MIB + 256L * CHUNK);
        p = ThreadLocalRandom.current().nextLong(size - dst.capacity());
        dst.clear();
        while (dst.hasRemaining()) {
          assertThat(c.read(dst, p + dst.position())).isPositive();
        }
      } catch (ClosedChannelException e) {
        assertThat(stop.get()).as("closed before the manager").isTrue();
        return reads;
      }
      assertThat(dst.flip()).isEqualTo(pattern(p, dst.capacity()));
      reads++;
    }
  }
}
