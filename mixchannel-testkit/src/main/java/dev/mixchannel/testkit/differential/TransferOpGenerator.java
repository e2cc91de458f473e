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

import java.util.Random;

/**
 * Generates the transfer steps whose other channel is unusual: the run's own file (the handle
 * itself, the second handle or a fresh one; as it is, behind a {@link ForwardingChannel} or behind
 * a stream wrapper) and blocking pipes fed or drained by a thread (rarely with 8 to 12 MiB, more
 * than a small PMem pool holds), with counts that exceed what is there, up to {@code
 * Long.MAX_VALUE}.
 */
final class TransferOpGenerator {

  private static final int KIB = ValueGenerator.KIB;
  private static final int MIB = ValueGenerator.MIB;

  private final Random random;
  private final ValueGenerator values;

  TransferOpGenerator(Random random, ValueGenerator values) {
    this.random = random;
    this.values = values;
  }

  /** A {@code transferTo} into, or {@code transferFrom} out of, the run's own file. */
  DiffOp sameFile(int handle) {
    SameFileOps.Other other = SameFileOps.Other.values()[random.nextInt(3)];
    SameFileOps.Via via = SameFileOps.Via.values()[random.nextInt(3)];
    PositionSpec from;
    long count;
    boolean before;
    if (random.nextInt(8) == 0) {
      // Everything to the end, kept near so that the copy stays small; copied towards the start.
      from = PositionSpec.fromSize(-random.nextInt(128 * KIB));
      count = Long.MAX_VALUE;
      before = true;
    } else {
      from = values.position();
      count = random.nextInt(4) == 0 ? values.bufferSize() : values.transferCount();
      before = random.nextInt(3) == 0;
    }
    int gap = random.nextInt(3) == 0 ? random.nextInt(4 * KIB) : 0;
    SameFileOps.Placement placement = new SameFileOps.Placement(before, gap);
    return new SameFileOps.Transfer(
        handle, random.nextBoolean(), other, via, from, count, placement);
  }

  /** A {@code transferFrom} a fed pipe or a {@code transferTo} a drained pipe. */
  DiffOp pipe(int handle) {
    if (random.nextBoolean()) {
      return new PipeOps.TransferToPipe(
          handle, values.position(), unboundedOr(values.transferCount()));
    }
    if (random.nextInt(10) == 0) {
      // More than a small PMem pool holds (8 MiB or so), so that the transfer fills it part-way.
      long sourceBytes = 8L * MIB + random.nextInt(4 * MIB);
      long count = random.nextBoolean() ? Long.MAX_VALUE : sourceBytes;
      PositionSpec at = PositionSpec.fromSize(-random.nextInt(64 * KIB));
      return new PipeOps.TransferFromPipe(handle, at, count, sourceBytes, values.fillOffset());
    }
    // Up to four pipe buffers, so that the feeder blocks while the transfer reads.
    int sourceBytes = random.nextInt(4) == 0 ? random.nextInt(256 * KIB + 1) : values.bufferSize();
    long count =
        switch (random.nextInt(10)) {
          case 0 -> random.nextInt(sourceBytes + 1);
          case 1, 2 -> sourceBytes + 1 + random.nextInt(64 * KIB);
          case 3, 4, 5 -> Long.MAX_VALUE;
          default -> sourceBytes;
        };
    return new PipeOps.TransferFromPipe(
        handle, values.position(), count, sourceBytes, values.fillOffset());
  }

  /** A transfer whose source or target fails part-way (at 0 bytes too, now and then). */
  DiffOp failing(int handle) {
    int after =
        random.nextInt(8) == 0
            ? 0
            : random.nextInt(Math.min(2 * values.bufferSize(), BufferPool.MAX_REGION_BYTES) + 1);
    long count = random.nextInt(4) == 0 ? Long.MAX_VALUE : values.transferCount();
    if (random.nextBoolean()) {
      return new FailingTransferOps.TransferFromFailing(
          handle, values.position(), count, after, values.fillOffset());
    }
    return new FailingTransferOps.TransferToFailing(handle, values.position(), count, after);
  }

  private long unboundedOr(long count) {
    return random.nextInt(4) == 0 ? Long.MAX_VALUE : count;
  }
}
