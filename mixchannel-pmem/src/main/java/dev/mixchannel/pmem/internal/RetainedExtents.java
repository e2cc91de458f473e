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

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The extents one key's truncate let go of, kept by their index in the key, so that the key takes
 * each back at the same index when it grows again without zeroing it: at every offset it can show
 * only a byte it wrote there itself (a log segment that rolls by truncating to 0 and refilling pays
 * no zeroing). On the media they are free (their entries are cleared before they are kept); a crash
 * leaves them free and dirty for the scrubber. The pool reclaims them all when an allocation finds
 * too few free extents, and the key releases them when it is freed.
 *
 * <p>Thread-safe; its monitor is the innermost lock of the pool (held for no other lock).
 */
final class RetainedExtents {

  /** Every key's retained extents of one pool, for reclaiming under pressure and accounting. */
  static final class Registry {
    private final Set<RetainedExtents> holders = ConcurrentHashMap.newKeySet();
    private final AtomicLong total = new AtomicLong();

    /** Extents kept by keys, free on the media. */
    long total() {
      return total.get();
    }

    /** Gives every kept extent back to the allocator, as dirty. */
    long reclaimAll() {
      long n = 0;
      for (RetainedExtents holder : holders) {
        n += holder.releaseAll();
      }
      return n;
    }
  }

  private final ExtentAllocator allocator;
  private final Registry registry;
  private int[] byIndex = new int[0];
  private int count;

  RetainedExtents(ExtentAllocator allocator, Registry registry) {
    this.allocator = allocator;
    this.registry = registry;
  }

  /** Keeps an extent the key freed at {@code index}. */
  synchronized void retain(int index, int extent) {
    if (index >= byIndex.length) {
      int old = byIndex.length;
      byIndex = Arrays.copyOf(byIndex, Math.max(index + 1, old * 2));
      Arrays.fill(byIndex, old, byIndex.length, -1);
    }
    if (byIndex[index] >= 0) {
      allocator.free(byIndex[index]);
      count--;
      registry.total.decrementAndGet();
    }
    byIndex[index] = extent;
    count++;
    registry.total.incrementAndGet();
    registry.holders.add(this);
  }

  /**
   * Takes back the extent kept at an index.
   *
   * @return the extent, or -1 when none is kept there
   */
  synchronized int take(int index) {
    if (index >= byIndex.length || byIndex[index] < 0) {
      return -1;
    }
    int extent = byIndex[index];
    byIndex[index] = -1;
    count--;
    registry.total.decrementAndGet();
    return extent;
  }

  /** Gives every kept extent to the allocator, as dirty; returns how many. */
  synchronized int releaseAll() {
    int n = 0;
    for (int i = 0; i < byIndex.length; i++) {
      if (byIndex[i] >= 0) {
        allocator.free(byIndex[i]);
        byIndex[i] = -1;
        n++;
      }
    }
    count -= n;
    registry.total.addAndGet(-n);
    registry.holders.remove(this);
    return n;
  }
}
