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
package dev.mixchannel.examples;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Reads every record of the log in order, right behind the producer, and checks each CRC32C. It
 * stops at the offset {@link #finishAt} names (the producer's final end). Its position bounds the
 * producer's retention, so no segment is deleted before it was read.
 */
final class Consumer extends DemoWorker {

  private static final long WAIT_MILLIS = 100;

  private volatile long stopAt = Long.MAX_VALUE;
  private volatile long position;
  private volatile long checksumFailures;

  Consumer(SegmentedLog log) {
    super(log);
    this.position = log.startOffset();
  }

  /**
   * Reads and checks records from the log's start until the offset {@link #finishAt} names, waiting
   * at the log's end for the producer. Run by {@link #run()}, or directly by a caller that set the
   * finish first (the demo's final replay).
   *
   * @throws IOException when a read fails (a checksum mismatch is counted, not thrown)
   * @throws InterruptedException when interrupted while waiting for the producer
   */
  @Override
  void work() throws IOException, InterruptedException {
    SegmentedLog log = log();
    ByteBuffer payload = ByteBuffer.allocateDirect(64 * 1024);
    long pos = position;
    while (pos < stopAt) {
      if (pos >= log.endOffset()) {
        log.awaitEndOffset(pos, WAIT_MILLIS);
        continue;
      }
      long next;
      try {
        next = log.read(pos, payload);
      } catch (ChecksumMismatchException e) {
        checksumFailures++;
        next = e.nextOffset();
      }
      countRecord(next - pos);
      pos = next;
      position = pos;
    }
  }

  /**
   * Tells the consumer where the log ends for good.
   *
   * @param endOffset the producer's final end offset
   */
  void finishAt(long endOffset) {
    stopAt = endOffset;
  }

  long position() {
    return position;
  }

  long checksumFailures() {
    return checksumFailures;
  }
}
