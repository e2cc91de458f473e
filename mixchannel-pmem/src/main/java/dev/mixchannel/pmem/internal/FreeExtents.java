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
package dev.mixchannel.pmem.internal;

import java.util.BitSet;

/**
 * The free extents of one pool and the order they are handed out in: the bookkeeping an {@link
 * ExtentAllocator} owns (allocations and frees) and shares with its {@link ScrubHandoff} (the
 * scrubber's loans), guarded by the allocator's lock; the lock, the waits and the pins stay there.
 *
 * <p><b>Clean and dirty.</b> A free extent is <i>clean</i> when its bytes are durably zero, and
 * <i>dirty</i> when it may still hold the bytes of a key that owned it. {@link #take} hands out
 * clean extents before dirty ones.
 *
 * <p><b>Touched.</b> Clean extents whose pages the scrubber has touched are reused first, last in
 * first out, so steady-state writes land on mapped pages; never-touched clean extents (a new or a
 * reopened pool) are handed out lowest first, and the scrubber touches those below the pre-touch
 * limit.
 *
 * <p><b>Borrowed.</b> At most one free extent is the scrubber's ({@link #borrow}): it still counts
 * as free, and {@link #take} hands it out last, after every dirty one.
 *
 * <p>Not thread-safe: every call is made under the allocator's lock. It never waits and wakes
 * nobody; its callers decide whom to signal.
 */
final class FreeExtents {

  /** Clean touched extents, a stack: the last one the scrubber finished is reused first. */
  private final int[] touched;

  private int touchedTop;
  private final BitSet untouched = new BitSet();
  private final BitSet dirty = new BitSet();

  /** Extents not free (granted, parked for a pin, or not yet added). */
  private final BitSet used = new BitSet();

  private final int pretouchLimit;
  private final int touchLead;

  /** Every free extent: touched, untouched, dirty, and the borrowed one. */
  private long count;

  /** The free extent the scrubber borrowed, or -1. */
  private int borrowed = -1;

  /** Whether {@link #borrowed} was dirty when the scrubber borrowed it. */
  private boolean borrowedDirty;

  /**
   * Creates the set with no extent free until {@link #add}.
   *
   * @param extentCount the pool's extents
   * @param pretouchLimit clean never-touched extents below this number are for the scrubber to
   *     touch
   * @param touchLead 0, or how many touched clean extents the scrubber keeps ready (see {@link
   *     ExtentAllocator#ExtentAllocator(int, int, int)})
   */
  FreeExtents(int extentCount, int pretouchLimit, int touchLead) {
    this.touched = new int[extentCount];
    this.pretouchLimit = pretouchLimit;
    this.touchLead = touchLead;
    used.set(0, extentCount);
  }

  /**
   * Adds an extent that is not free (in use, or not added yet) to the free ones.
   *
   * @param extent the extent
   * @param clean whether its bytes are durably zero (it becomes never-touched), else dirty
   */
  void add(int extent, boolean clean) {
    used.clear(extent);
    (clean ? untouched : dirty).set(extent);
    count++;
  }

  /** Whether an extent is not free. */
  boolean inUse(int extent) {
    return used.get(extent);
  }

  /** The free extents, the borrowed one included. */
  long count() {
    return count;
  }

  /** The free extents that may still hold a former owner's bytes, the borrowed one included. */
  long dirtyCount() {
    return dirty.cardinality() + (borrowedIsDirty() ? 1 : 0);
  }

  /** Whether any free extent may still hold a former owner's bytes. */
  boolean hasDirty() {
    return !dirty.isEmpty() || borrowedIsDirty();
  }

  private boolean borrowedIsDirty() {
    return borrowed >= 0 && borrowedDirty;
  }

  /**
   * Takes {@code n} free extents: touched clean ones (last first), then never-touched clean ones
   * (lowest first), then dirty ones (lowest first), the borrowed one last.
   *
   * @param n how many; at most {@link #count()}
   * @return the grant: its clean extents first, its dirty ones from {@code firstDirty} on
   */
  ExtentAllocator.Grant take(int n) {
    int[] out = new int[n];
    int clean = 0;
    int dirtyFrom = n;
    for (int i = 0; i < n; i++) {
      int e;
      boolean isDirty = false;
      if (touchedTop > 0) {
        e = touched[--touchedTop];
      } else if (!untouched.isEmpty()) {
        e = untouched.nextSetBit(0);
        untouched.clear(e);
      } else if (!dirty.isEmpty()) {
        e = dirty.nextSetBit(0);
        dirty.clear(e);
        isDirty = true;
      } else {
        // count covers it, so it is there: the scrubber stops at its next chunk.
        e = borrowed;
        isDirty = borrowedDirty;
        borrowed = -1;
      }
      used.set(e);
      if (isDirty) {
        out[--dirtyFrom] = e;
      } else {
        out[clean++] = e;
      }
    }
    count -= n;
    return new ExtentAllocator.Grant(out, dirtyFrom);
  }

  /** The free extent the scrubber borrowed, or -1 (none, or {@link #take} took it back). */
  int borrowed() {
    return borrowed;
  }

  /**
   * Whether {@code extent} is still the scrubber's and was dirty when it borrowed it.
   *
   * @param extent the extent {@link #borrow} gave
   * @return false when it was clean, or {@link #take} took it meanwhile
   */
  boolean borrowedDirty(int extent) {
    return borrowed == extent && borrowedDirty;
  }

  /**
   * Lends the scrubber its next extent, which stays free: a clean never-touched one below the
   * pre-touch limit while fewer touched ones than the touch lead are ready, else a dirty one, else
   * a clean never-touched one below the limit; while {@code draining}, a dirty one or none. Call
   * only when nothing is borrowed.
   *
   * @param draining whether the pool is closing (the scrubber zeroes dirty extents only)
   * @return the extent, or -1 when there is nothing to scrub now
   */
  int borrow(boolean draining) {
    boolean touchFirst = !draining && belowLead() && hasUntouchedBelowLimit();
    int e = touchFirst ? -1 : dirty.nextSetBit(0);
    boolean isDirty = e >= 0;
    if (!isDirty && !draining && wantsTouch()) {
      e = untouched.nextSetBit(0);
    }
    if (e >= 0) {
      (isDirty ? dirty : untouched).clear(e);
      borrowed = e;
      borrowedDirty = isDirty;
    }
    return e;
  }

  /**
   * Takes back the scrubber's extent: touched when {@code zeroed}, else as it was when borrowed; a
   * no-op when {@link #take} took it meanwhile.
   *
   * @param extent the extent {@link #borrow} gave
   * @param zeroed whether the scrubber finished it (durably zero, its pages touched)
   */
  void giveBack(int extent, boolean zeroed) {
    if (borrowed != extent) {
      return;
    }
    borrowed = -1;
    if (zeroed) {
      touched[touchedTop++] = extent;
    } else {
      (borrowedDirty ? dirty : untouched).set(extent);
    }
  }

  /**
   * Whether the scrubber has nothing left to do: no dirty extent, no clean never-touched one it is
   * to touch now, none borrowed.
   */
  boolean scrubbed() {
    return borrowed < 0 && dirty.isEmpty() && !wantsTouch();
  }

  /**
   * The scrubber's work now: dirty extents plus clean never-touched ones below the limit (with a
   * touch lead: as many as the lead lacks).
   */
  long scrubWork() {
    int untouchedBelow = untouched.get(0, Math.max(0, pretouchLimit)).cardinality();
    if (touchLead > 0) {
      untouchedBelow = Math.min(untouchedBelow, Math.max(0, touchLead - touchedTop));
    }
    return dirty.cardinality() + untouchedBelow;
  }

  /** Whether the scrubber keeps a touch lead and fewer touched extents than it are ready. */
  boolean belowLead() {
    return touchLead > 0 && touchedTop < touchLead;
  }

  /** Whether a clean never-touched extent is to be touched now. */
  private boolean wantsTouch() {
    return hasUntouchedBelowLimit() && (touchLead == 0 || touchedTop < touchLead);
  }

  private boolean hasUntouchedBelowLimit() {
    int e = untouched.nextSetBit(0);
    return e >= 0 && e < pretouchLimit;
  }
}
