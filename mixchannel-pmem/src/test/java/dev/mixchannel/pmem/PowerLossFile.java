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
package dev.mixchannel.pmem;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * What the power-loss model knows of one file (one created key, whatever names it has later): its
 * contents as the completed operations left them (which offsets hold the file's pattern, the rest
 * being zero), the largest size any started operation could give it, and the last force's durable
 * contents with the operations that may have changed them since. Not thread-safe: {@link
 * PowerLossModel} guards it with its monitor.
 */
final class PowerLossFile {

  /** One write or truncate, from the moment it starts until a later force covers it. */
  static final class Op {
    final boolean write;
    final long from;
    final long to;
    final String description;
    long endSeq = -1;

    Op(boolean write, long from, long to, String description) {
      this.write = write;
      this.from = from;
      this.to = to;
      this.description = description;
    }
  }

  /** The contents a force saw when it started, installed when it returns. */
  record Capture(BitSet written, long sizeBytes, long seq) {}

  final int number;
  private final StringBuilder history = new StringBuilder();
  private BitSet written = new BitSet();
  private long sizeBytes;
  private long maxSizeBytes;
  private Capture durable = new Capture(new BitSet(), 0, -1);
  private final List<Op> ops = new ArrayList<>();

  PowerLossFile(int number, String name, long preallocatedBytes) {
    this.number = number;
    this.sizeBytes = preallocatedBytes;
    this.maxSizeBytes = preallocatedBytes;
    history.append("created as ").append(name);
    if (preallocatedBytes > 0) {
      history.append(" preallocated ").append(preallocatedBytes);
    }
  }

  void note(String event) {
    history.append("; ").append(event);
  }

  String describe() {
    return "file #" + number + " (" + history + ")";
  }

  long sizeBytes() {
    return sizeBytes;
  }

  Op beginWrite(long position, long length, String description) {
    maxSizeBytes = Math.max(maxSizeBytes, position + length);
    Op op = new Op(true, position, position + length, description);
    ops.add(op);
    return op;
  }

  Op beginTruncate(long newSize, String description) {
    Op op = new Op(false, newSize, newSize, description);
    ops.add(op);
    return op;
  }

  /** A write ended having written {@code bytes} from its position (0 when it failed). */
  void endWrite(Op op, long bytes, long seq) {
    op.endSeq = seq;
    if (bytes > 0) {
      // Bits beyond the size are always clear, so a gap before the position reads as zeros.
      written.set(bit(op.from), bit(op.from + bytes));
      sizeBytes = Math.max(sizeBytes, op.from + bytes);
    }
  }

  void endTruncate(Op op, boolean done, long seq) {
    op.endSeq = seq;
    if (done && op.from < sizeBytes) {
      written.clear(bit(op.from), bit(sizeBytes));
      sizeBytes = op.from;
    }
  }

  /** A bit index for an offset: test keys stay far below 2 GiB. */
  private static int bit(long offset) {
    return Math.toIntExact(offset);
  }

  Capture capture(long seq) {
    return new Capture((BitSet) written.clone(), sizeBytes, seq);
  }

  /** A force that captured {@code c} returned: its contents are durable. */
  void forced(Capture c) {
    if (c.seq() <= durable.seq()) {
      return;
    }
    durable = c;
    ops.removeIf(op -> op.endSeq >= 0 && op.endSeq < c.seq());
  }

  /** What a crash image must and may show of this file now. */
  PowerLossExpectation.File expectation() {
    long guaranteed = durable.sizeBytes();
    List<long[]> tainted = new ArrayList<>();
    for (Op op : ops) {
      if (op.endSeq >= 0 && op.endSeq < durable.seq()) {
        continue;
      }
      if (op.write) {
        tainted.add(new long[] {op.from, op.to});
      } else {
        guaranteed = Math.min(guaranteed, op.from);
      }
    }
    return new PowerLossExpectation.File(
        number, describe(), maxSizeBytes, durable.written(), guaranteed, List.copyOf(tainted));
  }

  /** Descriptions of the operations started and not yet ended. */
  void inFlight(List<String> out) {
    for (Op op : ops) {
      if (op.endSeq < 0) {
        out.add(op.description);
      }
    }
  }
}
