package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.Keys;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The index of every key on every tier, and the namespace operations on it. The index lock guards
 * the map and each segment's handle counts; it is taken before a segment's locks, never after.
 * Backing channels are opened when a key gets its first reference (a handle or a migration pin) and
 * closed when it loses its last.
 */
public final class Catalog {
  private static final Logger LOG = LoggerFactory.getLogger(Catalog.class);

  private final ReentrantLock indexLock = new ReentrantLock();
  private final Map<String, Segment> index = new HashMap<>();
  private final Set<MixChannelImpl> openHandles = new HashSet<>();
  private final Tiers tiers;
  private final Clock clock;
  private final ManagerCounters counters;
  private final String managerName;
  private SegmentIo io;
  private volatile boolean closed;

  /**
   * Creates an index over recovered keys.
   *
   * @param tiers the tiers
   * @param recovered each key and the tier that holds it
   * @param sizes each key's size in bytes
   * @param clock the manager clock
   * @param counters the counters, for errors
   * @param managerName the manager's name, for messages
   */
  public Catalog(
      Tiers tiers,
      Map<String, TierSlot> recovered,
      Map<String, Long> sizes,
      Clock clock,
      ManagerCounters counters,
      String managerName) {
    this.tiers = tiers;
    this.clock = clock;
    this.counters = counters;
    this.managerName = managerName;
    long now = clock.millis();
    recovered.forEach(
        (key, slot) -> index.put(key, new Segment(key, slot, sizes.getOrDefault(key, 0L), now)));
  }

  void attach(SegmentIo segmentIo) {
    this.io = segmentIo;
  }

  /**
   * Opens a handle, creating the key on the fastest tier with room when asked.
   *
   * @param key the key
   * @param mode the parsed options
   * @return the handle
   * @throws IOException as {@code TierManager.open} documents
   */
  public MixChannelImpl open(String key, OpenMode mode) throws IOException {
    Keys.validate(key);
    indexLock.lock();
    try {
      checkOpen(key);
      Segment s = index.get(key);
      boolean created = false;
      if (s == null) {
        if (!mode.mayCreate()) {
          throw new NoSuchFileException(key);
        }
        s = create(key, mode);
        created = true;
      } else if (mode.createNew()) {
        throw new FileAlreadyExistsException(key);
      }
      Backings.ensureOpen(s);
      s.userHandles++;
      MixChannelImpl handle = new MixChannelImpl(s, io, this, mode);
      s.handles.add(handle);
      openHandles.add(handle);
      if (mode.deleteOnClose()) {
        s.deleteOnClose = true;
      }
      if (mode.truncate() && !created) {
        try {
          handle.truncateShared(0);
        } catch (IOException | RuntimeException e) {
          try {
            handle.close();
          } catch (IOException suppressed) {
            e.addSuppressed(suppressed);
          }
          throw e;
        }
      }
      return handle;
    } finally {
      indexLock.unlock();
    }
  }

  private Segment create(String key, OpenMode mode) throws IOException {
    Segment s = Placement.create(tiers, key, mode.hint(), clock.millis());
    index.put(key, s);
    return s;
  }

  /** Drops a closing handle's reference; deletes and closes what its last reference leaves. */
  void release(MixChannelImpl handle) throws IOException {
    Segment s = handle.segment();
    indexLock.lock();
    try {
      if (!s.handles.remove(handle)) {
        return;
      }
      openHandles.remove(handle);
      s.userHandles--;
      Backings.releaseLocksOf(handle, s);
      if (s.userHandles == 0 && s.deleteOnClose && !s.deleted && index.get(s.key) == s) {
        deleteLocked(s);
      }
      Backings.closeIfUnused(s);
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Keeps a segment's backing channel open for a migration.
   *
   * @param s the segment
   * @throws NoSuchFileException when it was deleted
   * @throws IOException when its backing channel cannot be opened
   */
  void pin(Segment s) throws IOException {
    indexLock.lock();
    try {
      checkOpen(s.key);
      if (s.deleted || index.get(s.key) != s) {
        throw new NoSuchFileException(s.key);
      }
      Backings.ensureOpen(s);
      s.pins++;
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Releases a {@link #pin}.
   *
   * @param s the segment
   */
  void unpin(Segment s) {
    indexLock.lock();
    try {
      s.pins--;
      Backings.closeIfUnused(s);
    } catch (IOException e) {
      recordError(e, s);
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Renames a key, replacing {@code to}. Across tiers the order of the two tier operations makes
   * recovery's "faster copy wins" rule keep the new bytes (see {@code TierManager#rename}).
   *
   * @param from the existing key
   * @param to the new key
   * @throws IOException as {@code TierManager.rename} documents
   */
  public void rename(String from, String to) throws IOException {
    Keys.validate(from);
    Keys.validate(to);
    indexLock.lock();
    try {
      checkOpen(from);
      Segment src = index.get(from);
      if (src == null) {
        throw new NoSuchFileException(from);
      }
      if (from.equals(to)) {
        return;
      }
      Segment dst = index.get(to);
      long srcStamp = src.lockExclusive();
      long dstStamp = dst == null ? 0 : dst.lockExclusive();
      try {
        Backings.cancelMigration(src);
        src.version++;
        if (dst != null) {
          Backings.cancelMigration(dst);
          dst.version++;
        }
        TierSlot srcTier = src.tier;
        if (dst == null || dst.tier == srcTier) {
          srcTier.tier().rename(from, to);
          moved(src, dst, from, to);
        } else if (srcTier.fasterThan(dst.tier)) {
          srcTier.tier().rename(from, to);
          moved(src, dst, from, to);
          dst.tier.tier().delete(to);
        } else {
          dst.tier.tier().delete(to);
          dst.deleted = true;
          index.remove(to);
          srcTier.tier().rename(from, to);
          moved(src, dst, from, to);
        }
      } finally {
        if (dst != null) {
          dst.unlockExclusive(dstStamp);
        }
        src.unlockExclusive(srcStamp);
      }
    } finally {
      indexLock.unlock();
    }
  }

  private void moved(Segment src, Segment dst, String from, String to) {
    if (dst != null) {
      dst.deleted = true;
    }
    index.remove(from);
    src.key = to;
    index.put(to, src);
  }

  /**
   * Deletes a key; open handles keep its bytes until they close.
   *
   * @param key the key
   * @return whether it existed
   * @throws IOException when the tier cannot delete it
   */
  public boolean delete(String key) throws IOException {
    Keys.validate(key);
    indexLock.lock();
    try {
      checkOpen(key);
      Segment s = index.get(key);
      if (s == null) {
        return false;
      }
      deleteLocked(s);
      return true;
    } finally {
      indexLock.unlock();
    }
  }

  private void deleteLocked(Segment s) throws IOException {
    long stamp = s.lockExclusive();
    try {
      Backings.cancelMigration(s);
      s.version++;
      s.tier.tier().delete(s.key);
      s.deleted = true;
      index.remove(s.key);
    } finally {
      s.unlockExclusive(stamp);
    }
  }

  /**
   * Finds a key.
   *
   * @param key the key
   * @return its segment, or {@code null}
   */
  public Segment get(String key) {
    indexLock.lock();
    try {
      checkOpen(key);
      return index.get(key);
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * The keys, sorted.
   *
   * @return a snapshot
   */
  public List<String> keys() {
    indexLock.lock();
    try {
      checkOpen("*");
      List<String> keys = new ArrayList<>(index.keySet());
      Collections.sort(keys);
      return keys;
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Every segment.
   *
   * @return a snapshot
   */
  public List<Segment> segments() {
    indexLock.lock();
    try {
      return new ArrayList<>(index.values());
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Counts the keys on a tier, or all keys.
   *
   * @param slot the tier, or {@code null} for all
   * @return the count
   */
  public long count(TierSlot slot) {
    indexLock.lock();
    try {
      if (slot == null) {
        return index.size();
      }
      long n = 0;
      for (Segment s : index.values()) {
        n += s.tier == slot ? 1 : 0;
      }
      return n;
    } finally {
      indexLock.unlock();
    }
  }

  /**
   * Fails when the manager is closed.
   *
   * @param key the key the caller works on, for the message
   * @throws IllegalStateException when closed
   */
  public void checkOpen(String key) {
    if (closed) {
      throw new IllegalStateException(
          "tier manager closed: key=" + key + " (manager " + managerName + ")");
    }
  }

  /**
   * Whether {@link #closeAll()} ran.
   *
   * @return {@code true} once closed
   */
  public boolean isClosed() {
    return closed;
  }

  void recordError(Throwable e, Segment s) {
    counters.error(e, s.tier);
    LOG.warn("{}: key={}", e.getMessage(), s.key, e);
  }

  /**
   * Closes every handle and backing channel; later calls fail. Idempotent.
   *
   * @throws IOException the first failure, others suppressed
   */
  public void closeAll() throws IOException {
    List<MixChannelImpl> handles = new ArrayList<>();
    indexLock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      handles.addAll(openHandles);
    } finally {
      indexLock.unlock();
    }
    IOException failure = null;
    for (MixChannelImpl handle : handles) {
      try {
        handle.close();
      } catch (IOException e) {
        failure = addFailure(failure, e);
      }
    }
    for (Segment s : segments()) {
      indexLock.lock();
      try {
        s.pins = 0;
        Backings.closeIfUnused(s);
      } catch (IOException e) {
        failure = addFailure(failure, e);
      } finally {
        indexLock.unlock();
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private static IOException addFailure(IOException failure, IOException e) {
    if (failure == null) {
      return e;
    }
    failure.addSuppressed(e);
    return failure;
  }
}
