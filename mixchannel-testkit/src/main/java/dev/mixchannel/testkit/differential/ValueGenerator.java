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
import java.util.Random;

/**
 * The random arguments of differential steps: positions biased to a few MiB, to 4 KiB, 64 KiB, 1
 * MiB and 4 MiB boundaries and to the end of file, with rare jumps up to 64 MiB and rare negative
 * values; buffer sizes up to about 70 KiB biased to small and to 4 KiB multiples.
 */
final class ValueGenerator {

  static final int KIB = 1024;
  static final int MIB = 1024 * KIB;

  /** The noise a run fills buffers from; offsets into it are below this. */
  static final int NOISE_BYTES = MIB;

  private static final long HOT_BYTES = 4L * MIB + 128 * KIB;
  private static final long[] BOUNDARY_BYTES = {4 * KIB, 64 * KIB, MIB, 4L * MIB};
  private static final int MAX_BUFFER_BYTES = 70 * KIB;
  private static final int MAX_SMALL_BUFFER_BYTES = 16 * KIB;

  private final Random random;

  ValueGenerator(Random random) {
    this.random = random;
  }

  PositionSpec position() {
    int r = random.nextInt(1000);
    if (r < 400) {
      return PositionSpec.absolute(nextLong(HOT_BYTES));
    }
    if (r < 550) {
      long unit = BOUNDARY_BYTES[random.nextInt(BOUNDARY_BYTES.length)];
      long k = 1 + nextLong(HOT_BYTES / unit);
      return PositionSpec.absolute(Math.max(0, k * unit + random.nextInt(129) - 64));
    }
    if (r < 985) {
      return PositionSpec.fromSize(delta());
    }
    if (r < 995) {
      return PositionSpec.absolute(nextLong(16L * MIB));
    }
    if (r < 998) {
      long k = 2 + random.nextInt(15);
      return PositionSpec.absolute(k * 4 * MIB + random.nextInt(129) - 64);
    }
    return PositionSpec.absolute(-1 - random.nextInt(1000));
  }

  private long delta() {
    int r = random.nextInt(20);
    if (r < 7) {
      return random.nextInt(33) - 16;
    }
    if (r < 15) {
      return -random.nextInt(MAX_BUFFER_BYTES + 1);
    }
    return random.nextInt(8 * KIB + 1);
  }

  PositionSpec truncateSize() {
    int r = random.nextInt(1000);
    if (r < 450) {
      return PositionSpec.fromSize(-random.nextInt(MIB));
    }
    if (r < 600) {
      return PositionSpec.fromSize(random.nextInt(64 * KIB));
    }
    if (r < 950) {
      return PositionSpec.absolute(nextLong(HOT_BYTES));
    }
    if (r < 998) {
      return PositionSpec.absolute(0);
    }
    return PositionSpec.absolute(-1);
  }

  long transferCount() {
    int r = random.nextInt(100);
    if (r < 70) {
      return bufferSize();
    }
    if (r < 99) {
      return random.nextInt(256 * KIB);
    }
    return -1;
  }

  int bufferSize() {
    int r = random.nextInt(100);
    if (r < 30) {
      return random.nextInt(65);
    }
    if (r < 50) {
      return 65 + random.nextInt(4 * KIB - 64);
    }
    if (r < 70) {
      return 4 * KIB * (1 + random.nextInt(17)) + random.nextInt(33) - 16;
    }
    if (r < 80) {
      return 64 * KIB + random.nextInt(33) - 16;
    }
    return random.nextInt(MAX_BUFFER_BYTES + 1);
  }

  int fillOffset() {
    return random.nextInt(NOISE_BYTES);
  }

  BufferSpec buffer(boolean source) {
    return buffer(bufferSize(), source);
  }

  BufferSpec smallBuffer(boolean source) {
    int r = random.nextInt(10);
    int size =
        r < 5
            ? random.nextInt(65)
            : r < 8 ? random.nextInt(4 * KIB + 1) : random.nextInt(MAX_SMALL_BUFFER_BYTES + 1);
    return buffer(size, source);
  }

  private BufferSpec buffer(int capacity, boolean source) {
    BufferKind kind = kind(source);
    int position = 0;
    int limit = capacity;
    if (random.nextInt(4) == 0) {
      position = random.nextInt(capacity + 1);
      limit = position + random.nextInt(capacity - position + 1);
    }
    return new BufferSpec(kind, capacity, position, limit, fillOffset());
  }

  private BufferKind kind(boolean source) {
    int r = random.nextInt(100);
    if (!source && r < 2) {
      return random.nextBoolean() ? BufferKind.READ_ONLY_HEAP : BufferKind.READ_ONLY_DIRECT;
    }
    if (r < 25) {
      return BufferKind.HEAP;
    }
    if (r < 45) {
      return BufferKind.DIRECT;
    }
    if (r < 57) {
      return BufferKind.SLICED_HEAP;
    }
    if (r < 69) {
      return BufferKind.OFFSET_HEAP;
    }
    if (r < 80 || !source) {
      return BufferKind.SLICED_DIRECT;
    }
    return r < 92 ? BufferKind.READ_ONLY_HEAP : BufferKind.READ_ONLY_DIRECT;
  }

  private long nextLong(long bound) {
    return (long) (random.nextDouble() * bound);
  }
}
