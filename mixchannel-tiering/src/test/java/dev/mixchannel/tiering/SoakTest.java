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

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four writers roll their own segments (sealing the old ones, deleting beyond a retention), four
 * readers verify checksums of acknowledged records, while the automatic migrator runs with a low
 * threshold: no mismatch, no lost record. Runs {@code -Dmixchannel.soak.seconds} of load (default
 * 20: about 170 migrations on two busy cores, retention deleting keys meanwhile). A migration
 * cancelled because retention deleted its key, or a spill moved it, is part of this workload; it is
 * logged at INFO.
 */
@Tag("slow")
class SoakTest {
  private static final long SECONDS = Long.getLong("mixchannel.soak.seconds", 20);
  private static final int WRITERS = 4;
  private static final long SEGMENT_BYTES = 2L << 20;
  private static final int RETAINED_SEGMENTS = 6;
  private static final int HEADER_BYTES = 16;

  @TempDir Path dir;

  /** One segment of a writer: its key, and the end and count of acknowledged records. */
  static final class Segment {
    final String key;
    final long firstSeq;
    final AtomicLong committedEnd = new AtomicLong();
    final AtomicLong records = new AtomicLong();

    Segment(String key, long firstSeq) {
      this.key = key;
      this.firstSeq = firstSeq;
    }
  }

  @Test
  void shouldLoseAndCorruptNothingWhenMigratingUnderLoad() throws Exception {
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    AtomicLong verified = new AtomicLong();
    List<ConcurrentLinkedDeque<Segment>> segments = new ArrayList<>();
    try (ShmDir shm = ShmDir.create(dir)) {
      MixChannelConfig config =
          TestConfigs.pmemThenFiles(
                  shm.resolve("pool"), shm.path(), PmemBackend.AUTO, 64L << 20, -1)
              .migrationThreshold(0.25)
              .migrationThreads(2)
              .intervalMillis(100)
              .idleMillis(1000)
              .migrationRateBytesPerSecond(64L << 20)
              .build();
      try (TierManager manager = TierManager.open(config)) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
          ConcurrentLinkedDeque<Segment> mine = new ConcurrentLinkedDeque<>();
          segments.add(mine);
          int writer = w;
          threads.add(
              new Thread(() -> write(manager, writer, mine, deadline, failures), "soak-w" + w));
          threads.add(
              new Thread(
                  () -> read(manager, writer, mine, deadline, verified, failures), "soak-r" + w));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
          t.join(TimeUnit.SECONDS.toMillis(SECONDS + 60));
          assertThat(t.isAlive()).as(t.getName()).isFalse();
        }
        assertThat(failures).isEmpty();
        long records = 0;
        for (ConcurrentLinkedDeque<Segment> mine : segments) {
          for (Segment s : mine) {
            records += verifySegment(manager, s, null);
          }
        }
        assertThat(records).isPositive();
        assertThat(verified.get()).isPositive();
        assertThat(manager.stats().migrationsDown()).isPositive();
        assertThat(manager.stats().migrationsUp() + manager.stats().migrationsDown())
            .isGreaterThan(2);
      }
    }
  }

  private static void write(
      TierManager manager,
      int writer,
      ConcurrentLinkedDeque<Segment> mine,
      long deadline,
      List<Throwable> failures) {
    Random random = new Random(writer);
    long seq = 0;
    try {
      while (System.nanoTime() < deadline) {
        Segment segment = new Segment(String.format("w%d/%012d.log", writer, seq), seq);
        try (MixChannel ch = manager.open(segment.key, CREATE_NEW, APPEND)) {
          mine.addLast(segment);
          while (segment.committedEnd.get() < SEGMENT_BYTES && System.nanoTime() < deadline) {
            ByteBuffer record = record(seq, 64 + random.nextInt(8000));
            int length = record.remaining();
            while (record.hasRemaining()) {
              ch.write(record);
            }
            seq++;
            segment.records.incrementAndGet();
            segment.committedEnd.addAndGet(length);
            if ((seq & 3) == 0) {
              Thread.sleep(1);
            }
          }
          ch.seal();
        }
        while (mine.size() > RETAINED_SEGMENTS) {
          manager.delete(mine.removeFirst().key);
        }
      }
    } catch (Throwable e) {
      failures.add(e);
    }
  }

  private static void read(
      TierManager manager,
      int writer,
      ConcurrentLinkedDeque<Segment> mine,
      long deadline,
      AtomicLong verified,
      List<Throwable> failures) {
    Random random = new Random(100 + writer);
    try {
      while (System.nanoTime() < deadline) {
        Segment[] now = mine.toArray(new Segment[0]);
        if (now.length == 0) {
          Thread.sleep(1);
          continue;
        }
        Segment s = random.nextBoolean() ? now[now.length - 1] : now[random.nextInt(now.length)];
        try {
          verified.addAndGet(verifySegment(manager, s, deadline));
        } catch (NoSuchFileException e) {
          // deleted by retention meanwhile
        }
      }
    } catch (Throwable e) {
      failures.add(e);
    }
  }

  /** Verifies the acknowledged records of a segment; returns how many it read. */
  private static long verifySegment(TierManager manager, Segment s, Long deadline)
      throws IOException {
    long end = s.committedEnd.get();
    long expectedRecords = deadline == null ? s.records.get() : -1;
    try (MixChannel ch = manager.open(s.key, READ)) {
      ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
      long pos = 0;
      long count = 0;
      while (pos < end) {
        header.clear();
        readFully(ch, header, pos);
        long seq = header.getLong(0);
        int length = header.getInt(8);
        int crc = header.getInt(12);
        if (seq != s.firstSeq + count) {
          throw new AssertionError(
              "record out of order: key=" + s.key + ", pos=" + pos + ", seq=" + seq);
        }
        ByteBuffer payload = ByteBuffer.allocate(length);
        readFully(ch, payload, pos + HEADER_BYTES);
        CRC32C c = new CRC32C();
        c.update(payload.flip());
        if ((int) c.getValue() != crc) {
          throw new AssertionError(
              "checksum mismatch: key=" + s.key + ", pos=" + pos + ", seq=" + seq);
        }
        pos += HEADER_BYTES + length;
        count++;
      }
      if (expectedRecords >= 0 && count != expectedRecords) {
        throw new AssertionError(
            "lost records: key=" + s.key + ", expected=" + expectedRecords + ", found=" + count);
      }
      return count;
    }
  }

  private static void readFully(MixChannel ch, ByteBuffer dst, long pos) throws IOException {
    while (dst.hasRemaining()) {
      int n = ch.read(dst, pos);
      if (n < 0) {
        throw new AssertionError("acknowledged bytes missing: pos=" + pos);
      }
      pos += n;
    }
  }

  private static ByteBuffer record(long seq, int length) {
    byte[] payload = new byte[length];
    new Random(seq).nextBytes(payload);
    CRC32C c = new CRC32C();
    c.update(payload);
    ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES + length);
    b.putLong(seq).putInt(length).putInt((int) c.getValue()).put(payload).flip();
    return b;
  }
}
