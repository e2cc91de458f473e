package dev.mixchannel.tiering.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;

/**
 * One key of the manager: its tier, its backing channel while open, and its locks.
 *
 * <p><b>Locks.</b> The key's lock has a shared and an exclusive side:
 *
 * <ul>
 *   <li>shared: {@link #lock}'s read side, held by every I/O operation but appends for one
 *       delegation to the backing channel;
 *   <li>appends: {@link #appendLock}, held by an append for its size-then-write, so appends of all
 *       handles land whole at the end (the append path takes this one lock and nothing else);
 *   <li>exclusive: {@link #lockExclusive()}, the append lock then {@link #lock}'s write side, held
 *       to switch the backing channel (migration step 1 and 4, spill, reopen after an interrupt)
 *       and for namespace changes. Holding both excludes every shared operation and every append.
 * </ul>
 *
 * {@link #lock} is a {@link StampedLock} (measured cheaper than {@code ReentrantReadWriteLock}) and
 * so is not reentrant: code never takes its read side twice. The append lock is reentrant, so an
 * append that must spill or reopen can take the exclusive side while holding it.
 */
public final class Segment {
  private static final VarHandle DIRTY_FROM;
  private static final VarHandle WRITE_SEQ;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      DIRTY_FROM = lookup.findVarHandle(Segment.class, "dirtyFrom", long.class);
      WRITE_SEQ = lookup.findVarHandle(Segment.class, "writeSeq", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Read side: shared I/O; write side: with {@link #appendLock}, the exclusive side. */
  final StampedLock lock = new StampedLock();

  /** Serializes appends of all handles; taken before {@link #lock}. */
  final ReentrantLock appendLock = new ReentrantLock();

  // Written under the exclusive side; read under the shared side or the append lock.
  FileChannel backing;
  volatile long version;
  MigrationTicket ticket;
  boolean migrating;

  /** Lowest offset written since the current migration began; lowered by CAS under shared. */
  @SuppressWarnings("unused")
  private long dirtyFrom = Long.MAX_VALUE;

  /** Bumped on every write; compared by the policy to observe writes without reading a clock. */
  @SuppressWarnings("unused")
  private long writeSeq;

  volatile TierSlot tier;
  volatile String key;
  volatile boolean deleted;
  volatile boolean sealed;

  // Guarded by the catalog's index lock.
  int userHandles;
  int pins;
  boolean deleteOnClose;
  final Set<MixChannelImpl> handles = new HashSet<>();

  /** File locks held through handles of this key; changed under shared, walked under exclusive. */
  final Set<HandleLock> fileLocks = ConcurrentHashMap.newKeySet();

  // Migration policy state.
  final AtomicBoolean inFlight = new AtomicBoolean();
  volatile String inFlightTarget;
  volatile long lastWriteMillis;
  long seenWriteSeq;
  volatile long backoffUntilMillis;
  volatile int failures;
  volatile long cachedSizeBytes;

  Segment(String key, TierSlot tier, long sizeBytes, long nowMillis) {
    this.key = key;
    this.tier = tier;
    this.cachedSizeBytes = sizeBytes;
    this.lastWriteMillis = nowMillis;
  }

  /**
   * Takes the exclusive side: the append lock, then the write side of {@link #lock}.
   *
   * @return the stamp for {@link #unlockExclusive}
   */
  long lockExclusive() {
    appendLock.lock();
    try {
      return lock.writeLock();
    } catch (RuntimeException | Error e) {
      appendLock.unlock();
      throw e;
    }
  }

  /**
   * Releases the exclusive side.
   *
   * @param stamp the stamp from {@link #lockExclusive}
   */
  void unlockExclusive(long stamp) {
    lock.unlockWrite(stamp);
    appendLock.unlock();
  }

  /**
   * Records a write (or truncate) about to happen at {@code position}. Called under the shared side
   * or the append lock, so every write after a migration marked the segment (under the exclusive
   * side) sees the mark.
   *
   * @param position the lowest offset the operation may change
   */
  void noteWrite(long position) {
    WRITE_SEQ.setOpaque(this, (long) WRITE_SEQ.getOpaque(this) + 1);
    if (migrating) {
      long current;
      do {
        current = (long) DIRTY_FROM.getVolatile(this);
        if (position >= current) {
          return;
        }
      } while (!DIRTY_FROM.compareAndSet(this, current, position));
    }
  }

  /** Starts dirty tracking; caller holds the exclusive lock. */
  void startTracking() {
    DIRTY_FROM.setVolatile(this, Long.MAX_VALUE);
    migrating = true;
  }

  /** Stops dirty tracking; caller holds the exclusive lock. */
  void stopTracking() {
    migrating = false;
    DIRTY_FROM.setVolatile(this, Long.MAX_VALUE);
  }

  /**
   * The lowest offset written since tracking started.
   *
   * @return the offset, or {@link Long#MAX_VALUE} when nothing was written
   */
  long dirtyFrom() {
    return (long) DIRTY_FROM.getVolatile(this);
  }

  /**
   * The write sequence, for the policy's change detection.
   *
   * @return a counter that changes on every write
   */
  long writeSeq() {
    return (long) WRITE_SEQ.getOpaque(this);
  }

  /**
   * The references that keep the backing channel open.
   *
   * @return user handles plus migration pins; caller holds the index lock
   */
  int refs() {
    return userHandles + pins;
  }

  /**
   * The key's current size without blocking: the backing channel's size when the shared lock is
   * free, else the size cached when it was last closed or measured.
   *
   * @return the size in bytes
   */
  long sizeForPolicy() {
    long stamp = lock.tryReadLock();
    if (stamp == 0) {
      return cachedSizeBytes;
    }
    try {
      FileChannel b = backing;
      if (b != null && b.isOpen()) {
        cachedSizeBytes = b.size();
      }
    } catch (java.io.IOException e) {
      return cachedSizeBytes;
    } finally {
      lock.unlockRead(stamp);
    }
    return cachedSizeBytes;
  }

  @Override
  public String toString() {
    return "Segment[key=" + key + ", tier=" + tier + "]";
  }
}
