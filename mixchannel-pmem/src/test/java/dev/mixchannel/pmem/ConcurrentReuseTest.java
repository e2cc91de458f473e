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

import dev.mixchannel.api.PmemBackend;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two writers keep truncating and refilling two keys in a small pool, so extents move between them
 * all the time; readers of one key (read, and two concurrent transferTo on the same handle, which
 * share its reusable transfer view) must never see a byte of the other.
 */
class ConcurrentReuseTest {

  private static final long MIB = TestPools.MIB;
  private static final long RUN_MILLIS = 1500;
  private Path root;

  @BeforeEach
  void setUp() throws Exception {
    root = TestPools.newRoot("reuse");
  }

  @AfterEach
  void tearDown() {
    TestPools.delete(root);
  }

  @Test
  void shouldNeverServeAnotherChannelsBytesWhenExtentsAreReused() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(5);
    AtomicBoolean stop = new AtomicBoolean();
    try (PmemTier tier = TestPools.open(root.resolve("p"), 12 * MIB, MIB, PmemBackend.JDK);
        FileChannel x = tier.open("x", Set.of(CREATE, READ, WRITE));
        FileChannel y = tier.open("y", Set.of(CREATE, READ, WRITE))) {
      List<Future<?>> tasks =
          List.of(
              pool.submit(() -> churn(x, (byte) 0x11, stop)),
              pool.submit(() -> churn(y, (byte) 0x22, stop)),
              pool.submit(() -> readOnly(x, (byte) 0x11, stop)),
              pool.submit(() -> transferOnly(x, (byte) 0x11, stop)),
              pool.submit(() -> transferOnly(x, (byte) 0x11, stop)));
      Thread.sleep(RUN_MILLIS);
      stop.set(true);
      for (Future<?> f : tasks) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      stop.set(true);
      pool.shutdownNow();
      assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  private static Void churn(FileChannel ch, byte value, AtomicBoolean stop) throws Exception {
    byte[] chunk = new byte[256 * 1024];
    Arrays.fill(chunk, value);
    while (!stop.get()) {
      ch.truncate(0);
      for (int i = 0; i < 16; i++) {
        ch.write(ByteBuffer.wrap(chunk), (long) i * chunk.length);
      }
    }
    return null;
  }

  private static Void readOnly(FileChannel ch, byte value, AtomicBoolean stop) throws Exception {
    ByteBuffer dst = ByteBuffer.allocateDirect(300 * 1024);
    long reads = 0;
    while (!stop.get()) {
      dst.clear();
      long at = (reads++ * 77_777) % (4 * MIB);
      int n = ch.read(dst, at);
      for (int i = 0; i < Math.max(n, 0); i++) {
        if (dst.get(i) != value) {
          throw new AssertionError("foreign byte at " + (at + i) + ": " + dst.get(i));
        }
      }
    }
    return null;
  }

  private static Void transferOnly(FileChannel ch, byte value, AtomicBoolean stop)
      throws Exception {
    long round = 0;
    while (!stop.get()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (WritableByteChannel target = Channels.newChannel(out)) {
        ch.transferTo((round++ * 99_991) % (4 * MIB), 2 * MIB, target);
      }
      for (byte b : out.toByteArray()) {
        if (b != value) {
          throw new AssertionError("foreign byte in transferTo: " + b);
        }
      }
    }
    return null;
  }
}
