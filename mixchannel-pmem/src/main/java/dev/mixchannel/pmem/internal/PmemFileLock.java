package dev.mixchannel.pmem.internal;

import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A lock on a range of a PMem channel: a real lock on a range of the pool file derived from the
 * slot index and the position, far beyond the data ({@link PoolLayout#CHANNEL_LOCK_BASE} plus a
 * per-slot stride of {@link PoolLayout#CHANNEL_LOCK_STRIDE}; positions beyond the stride are
 * clamped), so other processes are excluded. {@link #channel()} is the PMem channel. A size of 0 is
 * passed on as 0, as a file channel does: in this JVM it overlaps only locks strictly around its
 * position, and for other processes it extends to the end of the range space (so it also covers the
 * lock ranges of channels in higher slots).
 *
 * <p>A blocking {@code lock} waits on a short-lived thread {@code mixchannel-lock-<n>}: the pool's
 * own file channel must never see an interrupt (the JDK would close it, dropping every lock of the
 * pool). An interrupted caller gets {@link FileLockInterruptionException}; its channel stays open,
 * and a lock granted later is released at once.
 */
final class PmemFileLock extends FileLock {

  private final FileLock poolLock;

  private PmemFileLock(
      PmemChannelImpl channel, long position, long size, boolean shared, FileLock poolLock) {
    super(channel, position, size, shared);
    this.poolLock = poolLock;
  }

  static PmemFileLock acquire(
      PmemChannelImpl channel,
      PmemPool pool,
      int slot,
      long position,
      long size,
      boolean shared,
      boolean wait)
      throws IOException {
    if (position < 0) {
      throw new IllegalArgumentException("Negative position");
    }
    if (size < 0) {
      throw new IllegalArgumentException("Negative size");
    }
    if (position + size < 0) {
      throw new IllegalArgumentException("Negative position + size");
    }
    long within = Math.min(position, PoolLayout.CHANNEL_LOCK_STRIDE - 1);
    long base = PoolLayout.CHANNEL_LOCK_BASE + slot * PoolLayout.CHANNEL_LOCK_STRIDE + within;
    long room = PoolLayout.CHANNEL_LOCK_STRIDE - within;
    long mappedSize = size == 0 ? 0 : Math.min(size, room);
    FileLock poolLock;
    if (wait) {
      poolLock = waitForLock(pool, base, mappedSize, shared);
    } else {
      poolLock = pool.channel().tryLock(base, mappedSize, shared);
    }
    if (poolLock == null) {
      return null;
    }
    return new PmemFileLock(channel, position, size, shared && poolLock.isShared(), poolLock);
  }

  private static FileLock waitForLock(PmemPool pool, long base, long size, boolean shared)
      throws IOException {
    CompletableFuture<FileLock> result = new CompletableFuture<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                result.complete(pool.channel().lock(base, size, shared));
              } catch (IOException | RuntimeException e) {
                result.completeExceptionally(e);
              }
            },
            "mixchannel-lock-" + pool.nextLockThread());
    waiter.setDaemon(true);
    waiter.start();
    try {
      return result.get();
    } catch (InterruptedException e) {
      result.thenAccept(PmemFileLock::releaseQuietly);
      Thread.currentThread().interrupt();
      throw new FileLockInterruptionException();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new IOException(cause);
    }
  }

  private static void releaseQuietly(FileLock lock) {
    try {
      lock.release();
    } catch (IOException e) {
      // The pool channel closed meanwhile, which released the lock.
    }
  }

  @Override
  public boolean isValid() {
    return poolLock.isValid() && channel().isOpen();
  }

  @Override
  public void release() throws IOException {
    if (!channel().isOpen()) {
      throw new java.nio.channels.ClosedChannelException();
    }
    releaseInternal();
    ((PmemChannelImpl) channel()).lockReleased(this);
  }

  /** Releases the pool-file lock; used by close, when the channel is no longer open. */
  void releaseInternal() throws IOException {
    if (poolLock.isValid()) {
      poolLock.release();
    }
  }
}
