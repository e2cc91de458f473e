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
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupt on one handle of a file-tier key changes nothing for another handle (issue 18,
 * defects 4 and 5): its lock stays valid and held as the kernel sees it, and its {@code tryLock},
 * {@code transferTo} and reads never fail, however often the other handle's thread is interrupted
 * (before and during its calls). The old code closed the key's shared channel on each interrupt,
 * which dropped every OS lock of the key until the manager re-took them, and failed the other
 * handle's {@code tryLock} and {@code transferTo} with {@code ClosedChannelException}.
 */
class Issue18NeighbourInterruptTest {
  private static final int ROUNDS = 300;
  private static final int FILE_BYTES = 256 << 10;
  private static final Object STOP = new Object();

  @TempDir Path dir;

  @Test
  void shouldKeepAnotherHandlesLockHeldWhenOneHandleIsInterrupted() throws Exception {
    List<String> problems = new CopyOnWriteArrayList<>();
    try (TierManager m = manager();
        MixChannel b = m.open("k", CREATE, READ, WRITE)) {
      b.write(ByteBuffer.allocate(FILE_BYTES));
      FileLock lock = b.lock(0, 100, false);
      Path file = dir.resolve("t0/k");
      storm(
          m,
          () -> {
            b.read(ByteBuffer.allocate(4096), 0);
            if (!lock.isValid()) {
              problems.add("lock reported invalid");
            }
            if (!ProcLocks.held(file, 0, 100)) {
              problems.add("lock not held as the kernel sees it");
            }
          });
      assertThat(problems).as("the held lock during the storm").isEmpty();
      assertThat(lock.isValid()).isTrue();
      assertThat(ProcLocks.held(file, 0, 100)).isTrue();
      lock.release();
    }
  }

  @Test
  void shouldNeverFailAnotherHandlesCallsWhenOneHandleIsInterrupted() throws Exception {
    List<String> problems = new CopyOnWriteArrayList<>();
    try (TierManager m = manager();
        MixChannel b = m.open("k", CREATE, READ, WRITE);
        FileChannel target = FileChannel.open(dir.resolve("target"), CREATE, READ, WRITE)) {
      b.write(ByteBuffer.allocate(FILE_BYTES));
      storm(
          m,
          () -> {
            FileLock taken = b.tryLock(1000, 10, false);
            if (taken == null) {
              problems.add("tryLock found its own range held");
            } else {
              taken.release();
            }
            target.position(0);
            long moved = b.transferTo(0, 8192, target);
            if (moved != 8192) {
              problems.add("transferTo moved " + moved);
            }
            b.read(ByteBuffer.allocate(4096), 4096);
            b.write(ByteBuffer.allocate(16), 2000);
          });
      assertThat(problems).isEmpty();
      assertThat(b.isOpen()).isTrue();
    }
  }

  private TierManager manager() throws IOException {
    return TierManager.builder(TestConfigs.fileTiers(dir, -1).build()).startMigrator(false).build();
  }

  /**
   * Runs {@code neighbour} in a loop on a thread of its own while handle A on the same key is
   * interrupted {@link #ROUNDS} times: every other round by its own thread before a read, else by
   * this thread while A reads in a loop. A reopens after each interrupt. A call of the neighbour
   * that throws fails the test.
   */
  private void storm(TierManager m, NeighbourStep neighbour) throws Exception {
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    AtomicBoolean stop = new AtomicBoolean();
    SynchronousQueue<Object> rounds = new SynchronousQueue<>();
    SynchronousQueue<Throwable> ends = new SynchronousQueue<>();
    Thread a =
        new Thread(
            () -> {
              try {
                for (Boolean self = take(rounds); self != null; self = take(rounds)) {
                  put(ends, interruptedRound(m, self));
                }
              } catch (RuntimeException e) {
                failures.add(e);
              }
            },
            "handle-a");
    Thread b =
        new Thread(
            () -> {
              try {
                while (!stop.get() && failures.isEmpty()) {
                  neighbour.run();
                }
              } catch (Exception e) {
                failures.add(e);
              }
            },
            "handle-b");
    a.start();
    b.start();
    try {
      for (int round = 0; round < ROUNDS && failures.isEmpty(); round++) {
        boolean self = round % 2 == 0;
        rounds.put(self);
        if (!self) {
          Throwable end;
          do {
            a.interrupt();
          } while ((end = ends.poll(1, TimeUnit.MILLISECONDS)) == null);
          check(end, failures);
        } else {
          check(ends.take(), failures);
        }
      }
    } finally {
      stop.set(true);
      b.join(30_000);
      rounds.offer(STOP, 30, TimeUnit.SECONDS);
      a.join(30_000);
    }
    assertThat(failures).as("failures of the neighbour or of handle A").isEmpty();
  }

  private static void check(Throwable end, List<Throwable> failures) {
    if (!(end instanceof ClosedByInterruptException)) {
      failures.add(new AssertionError("handle A ended with " + end, end));
    }
  }

  /** One round of handle A: reads until its interrupt ends it; returns what ended it. */
  private static Throwable interruptedRound(TierManager m, boolean self) {
    Thread.interrupted();
    try (MixChannel a = m.open("k", READ, WRITE)) {
      if (self) {
        Thread.currentThread().interrupt();
      }
      ByteBuffer buffer = ByteBuffer.allocateDirect(64 << 10);
      while (true) {
        buffer.clear();
        a.read(buffer, 0);
      }
    } catch (IOException e) {
      Thread.interrupted();
      return e;
    }
  }

  /** The next round (whether A interrupts itself), or null to stop; stray interrupts ignored. */
  private static Boolean take(SynchronousQueue<Object> rounds) {
    while (true) {
      try {
        Object next = rounds.take();
        return next == STOP ? null : (Boolean) next;
      } catch (InterruptedException e) {
        // an interrupt meant for the round that just ended
      }
    }
  }

  private static void put(SynchronousQueue<Throwable> ends, Throwable end) {
    while (true) {
      try {
        ends.put(end);
        return;
      } catch (InterruptedException e) {
        // an interrupt meant for the round that just ended
      }
    }
  }

  @FunctionalInterface
  private interface NeighbourStep {
    void run() throws IOException;
  }
}
