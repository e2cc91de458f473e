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
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A file lock held through a {@link MixChannelImpl} handle: it wraps a lock on the key's backing
 * channel and moves to the new backing channel when the key migrates or its backing is reopened
 * ({@link #moveAll}). {@link #channel()} is the handle. A lock that could not be taken again on a
 * new backing channel (another process took the range meanwhile) becomes invalid: {@link
 * #isValid()} says so, never a lock that is not held. Each lock owns one hold of its key's {@link
 * InterruptGuard} until it is released or invalidated. Thread-safe.
 */
final class HandleLock extends FileLock {
  private static final Logger LOG = LoggerFactory.getLogger(HandleLock.class);

  private final MixChannelImpl handle;
  private volatile FileLock delegate;
  private final AtomicBoolean released = new AtomicBoolean();

  HandleLock(MixChannelImpl handle, FileLock delegate) {
    super(handle, delegate.position(), delegate.size(), delegate.isShared());
    this.handle = handle;
    this.delegate = delegate;
  }

  MixChannelImpl handle() {
    return handle;
  }

  /**
   * Whether this lock is held. A migration publishes the new backing lock before it releases the
   * old one ({@link #moveAll}), so an old lock found released while a newer one is published means
   * the lock moved meanwhile, not that it was lost: the answer is then the newer lock's.
   */
  @Override
  public boolean isValid() {
    FileLock d = delegate;
    while (!d.isValid()) {
      FileLock newer = delegate;
      if (newer == d) {
        return false;
      }
      d = newer;
    }
    return !released.get() && handle.isOpen();
  }

  @Override
  public void release() throws IOException {
    if (!handle.isOpen()) {
      throw new ClosedChannelException();
    }
    if (!released.get()) {
      handle.releaseLock(this);
    }
  }

  /**
   * Releases the backing lock, once, and gives the key's interrupt guard its hold back; caller
   * holds the key's lock (either side).
   */
  void releaseDelegate() throws IOException {
    if (!released.compareAndSet(false, true)) {
      return;
    }
    try {
      FileLock d = delegate;
      if (d.isValid() && d.channel().isOpen()) {
        d.release();
      }
    } finally {
      handle.tieredKey().guard().release();
    }
  }

  /** Marks the lock no longer held (the OS took it away) and gives its guard hold back. */
  private void invalidate() {
    if (released.compareAndSet(false, true)) {
      handle.tieredKey().guard().release();
    }
  }

  /** Releases the backing lock of a closing handle; a failure only means it is gone already. */
  void releaseQuietly() {
    try {
      releaseDelegate();
    } catch (IOException e) {
      LOG.debug("releasing a lock of a closing handle failed: {}", this, e);
    }
  }

  /**
   * Takes, on a new backing channel, a lock for every lock held on a key.
   *
   * @param key the key; caller holds its exclusive side
   * @param next the new backing channel
   * @param allOrNothing whether one lock that cannot be taken fails the whole (a migration, which
   *     then rolls back) or only invalidates that lock (a reopen after an interrupt, which the OS
   *     already released every lock of)
   * @return the new lock of each held lock
   * @throws IOException when a lock cannot be taken and {@code allOrNothing}
   */
  static Map<HandleLock, FileLock> acquireAll(TieredKey key, FileChannel next, boolean allOrNothing)
      throws IOException {
    Map<HandleLock, FileLock> taken = new IdentityHashMap<>();
    try {
      for (HandleLock lock : key.fileLocks()) {
        if (lock.released.get()) {
          continue;
        }
        FileLock moved = next.tryLock(lock.position(), lock.size(), lock.isShared());
        if (moved != null) {
          taken.put(lock, moved);
          continue;
        }
        String why =
            "re-acquiring file lock failed: key="
                + key.key()
                + ", position="
                + lock.position()
                + ", size="
                + lock.size()
                + " (held elsewhere)";
        if (allOrNothing) {
          throw new IOException(why);
        }
        LOG.warn("{}; the lock is no longer valid", why);
        lock.invalidate();
        key.removeFileLock(lock);
      }
      return taken;
    } catch (IOException | RuntimeException e) {
      releaseQuietly(taken);
      throw e;
    }
  }

  /**
   * Points every lock at its new backing lock and releases the old ones. Caller holds the key's
   * exclusive side.
   *
   * @param moved the new lock of each lock, from {@link #acquireAll}
   */
  static void moveAll(Map<HandleLock, FileLock> moved) {
    for (Map.Entry<HandleLock, FileLock> e : moved.entrySet()) {
      FileLock old = e.getKey().delegate;
      e.getKey().delegate = e.getValue();
      try {
        if (old.isValid() && old.channel().isOpen()) {
          old.release();
        }
      } catch (IOException ex) {
        LOG.debug("releasing an old lock failed", ex);
      }
    }
  }

  /**
   * Releases new locks that will not be used.
   *
   * @param taken the locks
   */
  static void releaseQuietly(Map<HandleLock, FileLock> taken) {
    for (FileLock lock : taken.values()) {
      try {
        lock.release();
      } catch (IOException | RuntimeException e) {
        LOG.debug("releasing a lock failed", e);
      }
    }
  }
}
