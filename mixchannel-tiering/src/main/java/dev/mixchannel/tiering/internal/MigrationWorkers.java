package dev.mixchannel.tiering.internal;

import java.io.IOException;
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
 * keeps one migration per segment: a migration runs only while it holds its segment's {@link
 * Segment#inFlight} flag. Thread-safe.
 */
public final class MigrationWorkers implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(MigrationWorkers.class);
  private static final long CLOSE_WAIT_SECONDS = 30;

  private final Migrator migrator;
  private final ThreadPoolExecutor executor;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition finished = lock.newCondition();
  private int running;

  /**
   * Creates the workers.
   *
   * @param migrator the protocol runner
   * @param threads the number of worker threads
   */
  public MigrationWorkers(Migrator migrator, int threads) {
    this.migrator = migrator;
    this.executor =
        new ThreadPoolExecutor(
            threads,
            threads,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            new NamedThreadFactory("migrate"));
  }

  /**
   * Queues a migration unless the segment has one in flight.
   *
   * @param segment the segment
   * @param target the target tier
   * @return whether it was queued
   */
  public boolean submit(Segment segment, TierSlot target) {
    if (!segment.inFlight.compareAndSet(false, true)) {
      return false;
    }
    segment.inFlightTarget = target.name();
    started();
    try {
      executor.execute(new Job(segment, target));
      return true;
    } catch (RejectedExecutionException e) {
      done(segment);
      return false;
    }
  }

  /**
   * Runs a migration in the calling thread, after any migration of the segment in flight.
   *
   * @param segment the segment
   * @param target the target tier
   * @throws IOException when the migration failed
   * @throws java.io.InterruptedIOException when interrupted while waiting for the one in flight
   */
  public void runNow(Segment segment, TierSlot target) throws IOException {
    lock.lock();
    try {
      while (!segment.inFlight.compareAndSet(false, true)) {
        finished.await();
      }
      segment.inFlightTarget = target.name();
      running++;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException(
          "interrupted waiting for a migration in flight: key=" + segment.key);
    } finally {
      lock.unlock();
    }
    try {
      migrator.migrate(segment, target);
    } finally {
      done(segment);
    }
  }

  /** A queued background migration. */
  private final class Job implements Runnable {
    private final Segment segment;
    private final TierSlot target;

    Job(Segment segment, TierSlot target) {
      this.segment = segment;
      this.target = target;
    }

    @Override
    public void run() {
      try {
        migrator.migrate(segment, target);
      } catch (IOException | RuntimeException e) {
        LOG.debug("background migration ended with an error: key={}", segment.key, e);
      } finally {
        done(segment);
      }
    }
  }

  private void started() {
    lock.lock();
    try {
      running++;
    } finally {
      lock.unlock();
    }
  }

  private void done(Segment segment) {
    lock.lock();
    try {
      segment.inFlightTarget = null;
      segment.inFlight.set(false);
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
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
    long nanos = timeout.toNanos();
    lock.lock();
    try {
      while (running > 0) {
        if (nanos <= 0) {
          return false;
        }
        nanos = finished.awaitNanos(nanos);
      }
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** Stops the workers: queued migrations are dropped, running ones abort at their next step. */
  @Override
  public void close() {
    migrator.close();
    List<Runnable> dropped = new ArrayList<>();
    executor.getQueue().drainTo(dropped);
    for (Runnable job : dropped) {
      done(((Job) job).segment);
    }
    executor.shutdown();
    try {
      if (!executor.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
        LOG.warn("migration workers did not stop in {} s, interrupting them", CLOSE_WAIT_SECONDS);
        executor.shutdownNow();
        executor.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
