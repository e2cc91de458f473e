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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.common.DaemonThreads;
import dev.mixchannel.common.Monitors;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copy workers ({@code mixchannel-migrate-<n>}, started on first use) and the bookkeeping that
 * keeps one migration per key: a migration runs only while it holds its key's claim ({@link
 * KeyActivity#claim}). Background and synchronous ({@link #runNow}) migrations are counted alike,
 * so {@link #close()} waits for both. Thread-safe.
 */
final class MigrationWorkers implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(MigrationWorkers.class);
  private static final long CLOSE_WAIT_SECONDS = 30;

  private final Migrator migrator;
  private final ManagerState state;
  private final ThreadPoolExecutor executor;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition finished = lock.newCondition();
  private int running;
  private boolean closed;

  MigrationWorkers(Migrator migrator, ManagerState state, int threads) {
    this.migrator = migrator;
    this.state = state;
    this.executor =
        new ThreadPoolExecutor(
            threads,
            threads,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            new DaemonThreads("migrate"));
  }

  /**
   * Changes the number of copy threads; copies running now finish on their thread.
   *
   * @param threads from 1 to 64 (checked by the caller)
   */
  void setThreads(int threads) {
    if (threads > executor.getMaximumPoolSize()) {
      executor.setMaximumPoolSize(threads);
      executor.setCorePoolSize(threads);
    } else {
      executor.setCorePoolSize(threads);
      executor.setMaximumPoolSize(threads);
    }
  }

  /**
   * Migrations queued or running.
   *
   * @return the count
   */
  long pending() {
    lock.lock();
    try {
      return running;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Queues a migration unless the key has one in flight.
   *
   * @param k the key
   * @param target the target tier
   * @return whether it was queued
   */
  boolean submit(TieredKey k, RankedTier target) {
    lock.lock();
    try {
      if (closed || !k.activity().claim(target.name())) {
        return false;
      }
      running++;
    } finally {
      lock.unlock();
    }
    try {
      executor.execute(new Job(k, target));
      return true;
    } catch (RejectedExecutionException e) {
      done(k);
      return false;
    }
  }

  /**
   * Runs a migration in the calling thread, after any migration of the key in flight.
   *
   * @param k the key
   * @param target the target tier
   * @throws IOException when the migration failed
   * @throws InterruptedIOException when interrupted while waiting for the one in flight
   * @throws IllegalStateException when the manager is closing
   */
  void runNow(TieredKey k, RankedTier target) throws IOException {
    lock.lock();
    try {
      while (true) {
        if (closed) {
          throw state.closedFailure(k.key());
        }
        if (k.activity().claim(target.name())) {
          break;
        }
        finished.await();
      }
      running++;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(
          "interrupted waiting for a migration in flight: key=" + k.key());
    } finally {
      lock.unlock();
    }
    try {
      migrator.migrate(k, target);
    } finally {
      done(k);
    }
  }

  /** A queued background migration. */
  private final class Job implements Runnable {
    private final TieredKey k;
    private final RankedTier target;

    Job(TieredKey k, RankedTier target) {
      this.k = k;
      this.target = target;
    }

    @Override
    public void run() {
      try {
        migrator.migrate(k, target);
      } catch (IOException | RuntimeException e) {
        LOG.debug("background migration ended with an error: key={}", k.key(), e);
      } finally {
        done(k);
      }
    }
  }

  private void done(TieredKey k) {
    lock.lock();
    try {
      k.activity().release();
      running--;
      finished.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits until no migration is queued or running.
   *
   * @param timeout the longest wait
   * @return {@code true} when idle, {@code false} on timeout
   * @throws InterruptedException when interrupted
   */
  boolean awaitIdle(Duration timeout) throws InterruptedException {
    return Monitors.awaitInterruptibly(lock, finished, () -> running == 0, timeout.toNanos());
  }

  /**
   * Stops the workers: queued migrations are dropped, running ones (background and synchronous)
   * abort at their next step, and this waits for them to end, so no tier is closed under a
   * migration.
   */
  @Override
  public void close() {
    Monitors.signalAll(lock, finished, () -> closed = true);
    migrator.close();
    List<Runnable> dropped = new ArrayList<>();
    executor.getQueue().drainTo(dropped);
    for (Runnable job : dropped) {
      done(((Job) job).k);
    }
    executor.shutdown();
    try {
      if (!awaitIdle(Duration.ofSeconds(CLOSE_WAIT_SECONDS))) {
        LOG.warn("migrations did not stop in {} s, interrupting the workers", CLOSE_WAIT_SECONDS);
        executor.shutdownNow();
        awaitIdle(Duration.ofSeconds(CLOSE_WAIT_SECONDS));
      }
      executor.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
