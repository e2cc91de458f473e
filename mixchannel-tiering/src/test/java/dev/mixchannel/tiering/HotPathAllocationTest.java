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
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relative read and write of a handle on the PMem tier allocate nothing once compiled: a
 * wrapper that allocates per call on the append path (a capturing lambda the JIT does not remove, a
 * boxed count) costs every small record. Counts the bytes this thread allocates over rounds of 100
 * B calls, and wants a round with none within a bounded number of rounds (the JIT compiles the loop
 * on its own time). Not a timing: a byte count.
 */
class HotPathAllocationTest {
  private static final int CALLS_PER_ROUND = 100_000;
  private static final int MAX_ROUNDS = 60;

  @TempDir Path dir;

  @Test
  void shouldAllocateNothingPerRelativeWriteAndRead() throws Exception {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = TestConfigs.pmemThenFileManager(shm, dir, 64L << 20);
        MixChannel h = m.open("k", CREATE, READ, WRITE)) {
      ByteBuffer record = ByteBuffer.allocateDirect(100);
      ByteBuffer dst = ByteBuffer.allocateDirect(100);
      long writeBytes = Long.MAX_VALUE;
      long readBytes = Long.MAX_VALUE;
      for (int round = 0;
          round < MAX_ROUNDS && (writeBytes >= CALLS_PER_ROUND || readBytes >= CALLS_PER_ROUND);
          round++) {
        h.truncate(0);
        writeBytes = allocatedBy(() -> appendAll(h, record));
        h.position(0);
        readBytes = allocatedBy(() -> readAll(h, dst));
      }
      assertThat(m.tierOf("k")).isEqualTo("pmem");
      assertThat(writeBytes)
          .as("bytes allocated by %d relative writes", CALLS_PER_ROUND)
          .isLessThan(CALLS_PER_ROUND);
      assertThat(readBytes)
          .as("bytes allocated by %d relative reads", CALLS_PER_ROUND)
          .isLessThan(CALLS_PER_ROUND);
    }
  }

  private static void appendAll(MixChannel h, ByteBuffer record) throws IOException {
    for (int i = 0; i < CALLS_PER_ROUND; i++) {
      record.clear();
      h.write(record);
    }
  }

  private static void readAll(MixChannel h, ByteBuffer dst) throws IOException {
    for (int i = 0; i < CALLS_PER_ROUND; i++) {
      dst.clear();
      h.read(dst);
    }
  }

  /** The bytes this thread allocated while {@code work} ran. */
  private static long allocatedBy(Work work) throws IOException {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    work.run();
    return threads.getThreadAllocatedBytes(id) - before;
  }

  @FunctionalInterface
  private interface Work {
    void run() throws IOException;
  }
}
