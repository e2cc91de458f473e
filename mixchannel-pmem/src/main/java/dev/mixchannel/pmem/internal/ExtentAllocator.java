package dev.mixchannel.pmem.internal;

import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The free extents of one pool, in memory only (the extent table is the durable truth). Freed and
 * pre-touched extents are reused first, last in first out, so steady-state writes land on pages
 * that are already mapped; never-touched extents are handed out lowest first. The pre-toucher
 * borrows one free extent at a time ("being touched") and returns it touched, so it never zeroes an
 * extent a channel holds. Thread-safe.
 */
final class ExtentAllocator {

  private static final long TOUCH_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition touchReturned = lock.newCondition();
  private final int extentCount;
  private final int[] touched;
  private int touchedTop;
  private final BitSet untouched = new BitSet();
  private final BitSet used = new BitSet();
  private long freeCount;
  private int touching;
  private final int pretouchLimit;
  private final int[] pins;
  private final BitSet deferred = new BitSet();

  /**
   * @param extentCount the pool's extents, all initially used until {@link #addFree}
   * @param pretouchLimit extents below this number are pre-touched
   */
  ExtentAllocator(int extentCount, int pretouchLimit) {
    this.extentCount = extentCount;
    this.touched = new int[extentCount];
    this.pretouchLimit = pretouchLimit;
    this.pins = new int[extentCount];
    used.set(0, extentCount);
  }

  /** Marks an extent free and never touched (pool creation and recovery). */
  void addFree(int extent) {
    lock.lock();
    try {
      used.clear(extent);
      untouched.set(extent);
      freeCount++;
    } finally {
      lock.unlock();
    }
  }

  long freeCount() {
    lock.lock();
    try {
      return freeCount;
    } finally {
      lock.unlock();
    }
  }

  int extentCount() {
    return extentCount;
  }

  /**
   * Allocates {@code n} extents, all or none.
   *
   * @return the extent numbers, or null when fewer than {@code n} are free
   */
  int[] allocate(int n) {
    lock.lock();
    try {
      if (freeCount < n) {
        return null;
      }
      long deadline = System.nanoTime() + TOUCH_WAIT_NANOS;
      while (freeCount - touching < n) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return null;
        }
        try {
          touchReturned.awaitNanos(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return null;
        }
      }
      int[] out = new int[n];
      for (int i = 0; i < n; i++) {
        int e;
        if (touchedTop > 0) {
          e = touched[--touchedTop];
        } else {
          e = untouched.nextSetBit(0);
          untouched.clear(e);
        }
        used.set(e);
        out[i] = e;
      }
      freeCount -= n;
      return out;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Returns an extent to the free pool (touched, reused first); an extent a view pins is parked
   * until its last pin goes, so a view never shows another channel's bytes.
   */
  void free(int extent) {
    lock.lock();
    try {
      if (!used.get(extent) || deferred.get(extent)) {
        throw new IllegalStateException("extent freed twice: extent=" + extent);
      }
      if (pins[extent] > 0) {
        deferred.set(extent);
      } else {
        release(extent);
      }
    } finally {
      lock.unlock();
    }
  }

  private void release(int extent) {
    used.clear(extent);
    touched[touchedTop++] = extent;
    freeCount++;
  }

  /** Keeps an extent from being reused while a view of it is out. */
  void pin(int extent) {
    lock.lock();
    try {
      pins[extent]++;
    } finally {
      lock.unlock();
    }
  }

  /** Drops a pin; frees the extent when it was freed meanwhile and this was the last pin. */
  void unpin(int extent) {
    lock.lock();
    try {
      if (--pins[extent] == 0 && deferred.get(extent)) {
        deferred.clear(extent);
        release(extent);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Borrows the lowest never-touched free extent below the pre-touch limit, or -1. */
  int takeForTouch() {
    lock.lock();
    try {
      int e = untouched.nextSetBit(0);
      if (e < 0 || e >= pretouchLimit) {
        return -1;
      }
      untouched.clear(e);
      touching++;
      return e;
    } finally {
      lock.unlock();
    }
  }

  /** Returns a borrowed extent, now touched. */
  void touched(int extent) {
    lock.lock();
    try {
      touching--;
      touched[touchedTop++] = extent;
      touchReturned.signalAll();
    } finally {
      lock.unlock();
    }
  }

  int pretouchLimit() {
    return pretouchLimit;
  }
}
