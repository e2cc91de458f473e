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

import java.io.IOException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.FileLockInterruptionException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * File locks through handles. Before a lock is asked of the backing channel, the key's {@link
 * InterruptGuard} is held (so that from then on no call on the backing runs in a caller's thread,
 * where an interrupt could close it and drop the key's OS locks) and the calls that run without the
 * key's lock in callers' threads are waited for. {@code tryLock} then runs through {@link
 * KeyIo#run} and registers the lock under the shared lock. A blocking {@code lock} that finds the
 * range held waits on an {@link IoRunner} thread, never in the caller's: the caller waits for that
 * thread and, interrupted, gets {@link FileLockInterruptionException} and its handle is closed (a
 * lock granted later is released at once); closing the handle ends the wait with {@link
 * AsynchronousCloseException}. A lock granted on a backing the key has left meanwhile is released
 * and asked for again. Thread-safe.
 */
final class KeyLocks {
  private static final Logger LOG = LoggerFactory.getLogger(KeyLocks.class);

  private final KeyIo io;
  private final IoRunner runner;

  KeyLocks(KeyIo io, IoRunner runner) {
    this.io = io;
    this.runner = runner;
  }

  FileLock lock(MixChannelImpl h, long position, long size, boolean shared, boolean wait)
      throws IOException {
    if (wait && Thread.currentThread().isInterrupted()) {
      throw interrupted(h);
    }
    TieredKey k = h.tieredKey();
    Backing current = hold(h, k);
    LockRequest request = new LockRequest(h, position, size, shared);
    try {
      awaitDirectCalls(h, current, wait);
      while (true) {
        io.run(h, BackingOp.TRY_LOCK, request, 0, 0, KeyIo.IGNORES_INTERRUPTS);
        if (request.granted != null || !wait || waitOnRunner(h, k, request)) {
          return request.granted;
        }
      }
    } finally {
      if (request.granted == null) {
        k.guard().release();
      }
    }
  }

  void release(MixChannelImpl h, HandleLock lock) throws IOException {
    io.run(h, BackingOp.RELEASE, lock, 0, 0, KeyIo.IGNORES_INTERRUPTS);
  }

  /** Holds the key's guard, under its exclusive side; returns the backing it guards. */
  private Backing hold(MixChannelImpl h, TieredKey k) throws ClosedChannelException {
    long stamp = k.lock().lockExclusive();
    try {
      Backing b = k.backing();
      if (b == null || !h.isOpen()) {
        throw h.closedException();
      }
      k.guard().hold(runner);
      return b;
    } finally {
      k.lock().unlockExclusive(stamp);
    }
  }

  /**
   * Waits for the calls entered on the backing in callers' threads before the guard was held. A
   * blocking {@code lock} gives up when interrupted; a {@code tryLock} does not look at interrupts,
   * as the JDK's does not.
   */
  private static void awaitDirectCalls(MixChannelImpl h, Backing b, boolean interruptible)
      throws IOException {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          b.awaitNoDirectCalls();
          return;
        } catch (InterruptedException e) {
          interrupted = true;
          if (interruptible) {
            throw interrupted(h);
          }
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Waits for a lock on a runner thread. Returns whether it was granted and registered; false to
   * try again (the lock was granted on a backing the key has left, or that backing closed).
   */
  private boolean waitOnRunner(MixChannelImpl h, TieredKey k, LockRequest request)
      throws IOException {
    long stamp = k.lock().lockShared();
    Backing b = k.backing();
    long version = k.version();
    k.lock().unlockShared(stamp);
    if (b == null) {
      throw h.closedException();
    }
    CompletableFuture<FileLock> pending = new CompletableFuture<>();
    h.addPendingLock(pending);
    FileLock taken;
    try {
      runner.start(() -> waitOn(b, request, pending));
      taken = pending.get();
    } catch (InterruptedException e) {
      giveUp(pending, new FileLockInterruptionException());
      Thread.currentThread().interrupt();
      throw interrupted(h);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof ClosedChannelException closed) {
        // This handle closed (then this throws), or the backing closed under the wait.
        io.recover(h, b, version, closed, 0, false);
        return false;
      }
      throw IoRunner.rethrow(e.getCause());
    } catch (IOException | RuntimeException e) {
      giveUp(pending, e);
      throw e;
    } finally {
      h.removePendingLock(pending);
    }
    stamp = k.lock().lockShared();
    try {
      if (k.backing() == b && h.isOpen()) {
        request.register(k, taken);
        return true;
      }
    } finally {
      k.lock().unlockShared(stamp);
    }
    releaseQuietly(taken);
    return false;
  }

  /** On a runner thread, which nobody interrupts: the only place a lock call may block. */
  private static void waitOn(Backing b, LockRequest request, CompletableFuture<FileLock> pending) {
    try {
      FileLock taken = b.raw().lock(request.position, request.size, request.shared);
      if (!pending.complete(taken)) {
        releaseQuietly(taken);
      }
    } catch (IOException | RuntimeException e) {
      pending.completeExceptionally(e);
    }
  }

  /** Ends a wait the caller gave up; a lock granted before or after is released. */
  private static void giveUp(CompletableFuture<FileLock> pending, Exception why) {
    pending.completeExceptionally(why);
    pending.thenAccept(KeyLocks::releaseQuietly);
  }

  private static FileLockInterruptionException interrupted(MixChannelImpl h) {
    FileLockInterruptionException e = new FileLockInterruptionException();
    h.closeAfterInterrupt(e);
    return e;
  }

  static void releaseQuietly(FileLock lock) {
    try {
      if (lock.isValid()) {
        lock.release();
      }
    } catch (IOException e) {
      LOG.debug("releasing a lock nobody will use failed", e);
    }
  }

  /** One lock call of a handle, and the lock it registered. */
  static final class LockRequest {
    final MixChannelImpl handle;
    final long position;
    final long size;
    final boolean shared;
    HandleLock granted;

    LockRequest(MixChannelImpl handle, long position, long size, boolean shared) {
      this.handle = handle;
      this.position = position;
      this.size = size;
      this.shared = shared;
    }

    /** {@code tryLock} on the backing; a granted lock is registered (shared lock held). */
    void tryLock(FileChannel backing, TieredKey key) throws IOException {
      FileLock taken = backing.tryLock(position, size, shared);
      if (taken != null) {
        register(key, taken);
      }
    }

    /**
     * Registers a lock granted on the key's current backing, under the shared lock: the handle's
     * detach (exclusive side) then sees and releases it. The guard's hold passes to the lock.
     */
    void register(TieredKey key, FileLock taken) throws AsynchronousCloseException {
      if (!handle.isOpen()) {
        releaseQuietly(taken);
        throw new AsynchronousCloseException();
      }
      HandleLock lock = new HandleLock(handle, taken);
      key.addFileLock(lock);
      granted = lock;
    }
  }
}
