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
package dev.mixchannel.testkit.differential;

import dev.mixchannel.testkit.channel.BufferKind;
import java.nio.ByteBuffer;

/**
 * Builds the buffers of differential steps out of memory allocated once per side, so a run does not
 * allocate a direct buffer per step. Regions are handed out from a cursor that {@link #reset}
 * rewinds before each step.
 */
final class BufferPool {

  /** The largest buffer region a step may ask for. */
  static final int MAX_REGION_BYTES = 96 * 1024;

  /** Enough for the largest step: one big buffer, or several small ones, with padding. */
  private static final int POOL_BYTES = 8 * MAX_REGION_BYTES;

  private static final int ALIGN = 64;
  private static final int STANDALONE = 8;

  private final byte[] noise;
  private final byte[] heap = new byte[POOL_BYTES];
  private final ByteBuffer direct = ByteBuffer.allocateDirect(POOL_BYTES);
  private final byte[][] standaloneHeap = new byte[STANDALONE][];
  private final ByteBuffer[] standaloneDirect = new ByteBuffer[STANDALONE];
  private int heapCursor;
  private int directCursor;
  private int standaloneCursor;

  BufferPool(byte[] noise) {
    this.noise = noise;
    for (int i = 0; i < STANDALONE; i++) {
      standaloneHeap[i] = new byte[MAX_REGION_BYTES];
      standaloneDirect[i] = ByteBuffer.allocateDirect(MAX_REGION_BYTES);
    }
  }

  void reset() {
    heapCursor = 0;
    directCursor = 0;
    standaloneCursor = 0;
  }

  PooledBuffer take(BufferSpec spec) {
    int capacity = spec.capacity();
    ByteBuffer buffer;
    int base = 0;
    switch (spec.kind()) {
      case HEAP, READ_ONLY_HEAP -> buffer = ByteBuffer.wrap(standaloneHeap[standaloneCursor++]);
      case DIRECT -> buffer = standaloneDirect[standaloneCursor++].duplicate().clear();
      case SLICED_HEAP -> buffer = ByteBuffer.wrap(heap, nextHeap(capacity), capacity).slice();
      case OFFSET_HEAP -> {
        base = nextHeap(capacity);
        buffer = ByteBuffer.wrap(heap);
      }
      case SLICED_DIRECT, READ_ONLY_DIRECT -> {
        int at = nextDirect(capacity);
        buffer = direct.duplicate().limit(at + capacity).position(at).slice();
      }
      default -> throw new IllegalStateException("unknown buffer kind: kind=" + spec.kind());
    }
    fill(buffer, base, capacity, spec.fillOffset());
    buffer.limit(base + spec.limit()).position(base + spec.position());
    if (spec.kind().isReadOnly()) {
      buffer = buffer.asReadOnlyBuffer();
    }
    return new PooledBuffer(buffer, base, capacity);
  }

  private void fill(ByteBuffer buffer, int base, int capacity, int fillOffset) {
    ByteBuffer region = buffer.duplicate().clear();
    region.position(base);
    region.put(noise, fillOffset, capacity);
  }

  private int nextHeap(int capacity) {
    int at = heapCursor + BufferKind.PAD;
    heapCursor = align(at + capacity + BufferKind.PAD);
    return at;
  }

  private int nextDirect(int capacity) {
    int at = directCursor + BufferKind.PAD;
    directCursor = align(at + capacity + BufferKind.PAD);
    return at;
  }

  private static int align(int value) {
    return (value + ALIGN - 1) & -ALIGN;
  }
}
