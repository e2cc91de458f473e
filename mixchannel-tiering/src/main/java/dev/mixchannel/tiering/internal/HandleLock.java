package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.IdentityHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A file lock held through a {@link MixChannelImpl} handle: it wraps a lock on the key's backing
 * channel and moves to the new backing channel when the key migrates ({@link #moveAll}). {@link
 * #channel()} is the handle. Thread-safe.
 */
final class HandleLock extends FileLock {
  private static final Logger LOG = LoggerFactory.getLogger(HandleLock.class);

  private final MixChannelImpl handle;
  private volatile FileLock delegate;
  private volatile boolean released;

  HandleLock(MixChannelImpl handle, FileLock delegate) {
    super(handle, delegate.position(), delegate.size(), delegate.isShared());
    this.handle = handle;
    this.delegate = delegate;
  }

  MixChannelImpl handle() {
    return handle;
  }

  @Override
  public boolean isValid() {
    return !released && handle.isOpen();
  }

  @Override
  public void release() throws IOException {
    if (!handle.isOpen()) {
      throw new ClosedChannelException();
    }
    if (!released) {
      handle.releaseLock(this);
    }
  }

  /** Releases the backing lock; caller holds the segment's lock (either side). */
  void releaseDelegate() throws IOException {
    if (released) {
      return;
    }
    released = true;
    FileLock d = delegate;
    if (d.isValid() && d.channel().isOpen()) {
      d.release();
    }
  }

  /**
   * Takes, on a new backing channel, a lock for every lock held on a segment. All or nothing: on
   * failure the new locks taken so far are released.
   *
   * @param segment the segment; caller holds its exclusive lock
   * @param next the new backing channel
   * @return the new lock of each held lock
   * @throws IOException when a lock cannot be taken
   */
  static Map<HandleLock, FileLock> acquireAll(Segment segment, FileChannel next)
      throws IOException {
    Map<HandleLock, FileLock> taken = new IdentityHashMap<>();
    try {
      for (HandleLock lock : segment.fileLocks) {
        if (lock.released) {
          continue;
        }
        FileLock moved = next.tryLock(lock.position(), lock.size(), lock.isShared());
        if (moved == null) {
          throw new IOException(
              "re-acquiring file lock failed: key="
                  + segment.key
                  + ", position="
                  + lock.position()
                  + ", size="
                  + lock.size()
                  + " (held elsewhere)");
        }
        taken.put(lock, moved);
      }
      return taken;
    } catch (IOException | RuntimeException e) {
      releaseQuietly(taken);
      throw e;
    }
  }

  /**
   * Points every lock at its new backing lock and releases the old ones. Caller holds the segment's
   * exclusive lock.
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
