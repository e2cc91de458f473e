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

/**
 * What a key's next {@code force} (or a shrinking {@code truncate}) must flush: the range written
 * since the last one, cut into extent pieces. Not thread-safe: the owning {@link PmemKey} calls
 * {@link #written}, {@link #take} and {@link #flushBelow} under its exclusive data lock; {@link
 * #flush} of the pieces taken may run outside it, under the key's force lock (one force at a time).
 * The pieces are a force's alone: a truncate flushes without them, so one racing with a force
 * flushing outside the lock never overwrites the force's pieces.
 */
final class ForcePlan {

  private final PoolMemory memory;
  private long dirtyLow = Long.MAX_VALUE;
  private long dirtyHigh = Long.MIN_VALUE;
  private long[] pieces = new long[8];

  ForcePlan(PoolMemory memory) {
    this.memory = memory;
  }

  /**
   * Bytes [{@code from}, {@code end}) changed: the data of a write, and any gap it zeroed from the
   * old end.
   */
  void written(long from, long end) {
    dirtyLow = Math.min(dirtyLow, from);
    dirtyHigh = Math.max(dirtyHigh, end);
  }

  /**
   * Cuts the dirty range below {@code limit} into extent pieces and starts a new range (what lies
   * at or above {@code limit} is past the end and needs no flush).
   *
   * @param map the key's extents
   * @param limit the key's size now
   * @return the number of pieces, for {@link #flush}
   */
  int take(ExtentMap map, long limit) {
    long hi = Math.min(dirtyHigh, limit);
    int n = 0;
    for (long p = dirtyLow; p < hi; ) {
      int len = map.chunk(p, hi - p);
      if (2 * n + 2 > pieces.length) {
        pieces = Arrays.copyOf(pieces, pieces.length * 2);
      }
      pieces[2 * n] = map.offsetOf(p);
      pieces[2 * n + 1] = len;
      n++;
      p += len;
    }
    dirtyLow = Long.MAX_VALUE;
    dirtyHigh = Long.MIN_VALUE;
    return n;
  }

  /**
   * Flushes the dirty range below {@code limit} now and starts a new range (a shrinking truncate:
   * the data below the new size is durable before the new size is).
   *
   * @param map the key's extents
   * @param limit the new size
   */
  void flushBelow(ExtentMap map, long limit) {
    long hi = Math.min(dirtyHigh, limit);
    for (long p = dirtyLow; p < hi; ) {
      int len = map.chunk(p, hi - p);
      memory.flush(map.offsetOf(p), len);
      p += len;
    }
    dirtyLow = Long.MAX_VALUE;
    dirtyHigh = Long.MIN_VALUE;
  }

  /** Flushes the first {@code count} pieces of the last {@link #take}. */
  void flush(int count) {
    for (int i = 0; i < count; i++) {
      memory.flush(pieces[2 * i], pieces[2 * i + 1]);
    }
  }
}
