package dev.mixchannel.pmem.internal;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Zeroes the free extents in the first fraction of a pool's data area extent by extent
 * (non-temporal stores on LLPL), so steady-state writes never page-fault: on creation, and again on
 * every reopen, since a new process has none of the pool's pages mapped. It touches only free
 * extents, borrowed from the allocator one at a time, and logs progress every 10%. {@link
 * #doWork()} is one step (tests call it directly); {@link #start} runs the steps on a thread {@code
 * mixchannel-pretouch-<n>} that stops on {@link #close()}.
 */
final class Pretoucher implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Pretoucher.class);
  private static final long JOIN_MILLIS = TimeUnit.SECONDS.toMillis(30);

  private final ExtentAllocator allocator;
  private final PoolMemory memory;
  private final long dataOffset;
  private final long extentSizeBytes;
  private final Path pool;
  private final long target;
  private volatile boolean stopped;
  private long done;
  private int lastDecile;
  private Thread thread;

  Pretoucher(
      ExtentAllocator allocator,
      PoolMemory memory,
      long dataOffset,
      long extentSizeBytes,
      Path pool) {
    this.allocator = allocator;
    this.memory = memory;
    this.dataOffset = dataOffset;
    this.extentSizeBytes = extentSizeBytes;
    this.pool = pool;
    this.target = allocator.pretouchLimit();
  }

  /**
   * Touches one free extent.
   *
   * @return whether an extent was touched (there may be more)
   */
  boolean doWork() {
    if (stopped) {
      return false;
    }
    int e = allocator.takeForTouch();
    if (e < 0) {
      return false;
    }
    try {
      memory.pretouch(dataOffset + (long) e * extentSizeBytes, extentSizeBytes);
    } finally {
      allocator.touched(e);
    }
    done++;
    int decile = target == 0 ? 10 : (int) (done * 10 / target);
    if (decile > lastDecile) {
      lastDecile = decile;
      LOG.info("pre-touch {}%: extents={}/{} (pool {})", decile * 10, done, target, pool);
    }
    return true;
  }

  void start(String threadName) {
    thread =
        new Thread(
            () -> {
              try {
                while (doWork()) {
                  // one extent per step; close() stops between steps
                }
              } catch (RuntimeException e) {
                LOG.warn("pre-touch stopped: {} (pool {})", e.toString(), pool);
              }
            },
            threadName);
    thread.setDaemon(true);
    thread.start();
  }

  /** Waits, bounded, for the background run to finish on its own. */
  void awaitDone() {
    Thread t = thread;
    if (t != null) {
      try {
        t.join(JOIN_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void close() {
    stopped = true;
    Thread t = thread;
    if (t != null) {
      try {
        t.join(JOIN_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
