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
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Appends records of 1 to 32 KiB in bursts of a set size, as fast as the log takes them, with an
 * idle gap after each burst; flushes the log at the end of each burst and applies retention
 * (deletes the oldest segments the consumer has read once the log is over its retention size).
 * Counters are written by the producer thread and read by the monitor.
 */
final class Producer extends DemoWorker {

  private static final int MIN_RECORD_BYTES = 1024;
  private static final int MAX_RECORD_BYTES = 32 * 1024;
  private static final long GAP_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);

  private final DemoSettings settings;
  private final long deadlineNanos;
  private final LongSupplier consumerPosition;
  private volatile long bursts;
  private volatile long burstNanos;
  private volatile long segmentsDeleted;

  /**
   * A producer that runs for the settings' duration from now.
   *
   * @param log the log it appends to
   * @param settings the demo's settings: burst size, duration and retention
   * @param consumerPosition the consumer's position; only segments below it are deleted
   */
  Producer(SegmentedLog log, DemoSettings settings, LongSupplier consumerPosition) {
    super(log);
    this.settings = settings;
    this.deadlineNanos = System.nanoTime() + settings.duration().toNanos();
    this.consumerPosition = consumerPosition;
  }

  @Override
  void work() throws IOException, InterruptedException {
    SegmentedLog log = log();
    SplittableRandom random = new SplittableRandom(7);
    byte[] noise = new byte[1 << 20];
    random.nextBytes(noise);
    while (System.nanoTime() < deadlineNanos) {
      long start = System.nanoTime();
      long burstEnd = bytes() + settings.burstBytes();
      while (bytes() < burstEnd && System.nanoTime() < deadlineNanos) {
        int size = random.nextInt(MIN_RECORD_BYTES, MAX_RECORD_BYTES + 1);
        int from = random.nextInt(noise.length - size);
        ByteBuffer payload = ByteBuffer.wrap(noise, from, size);
        payload.putLong(from, records()); // each record differs from every other
        log.append(payload);
        countRecord(SegmentedLog.HEADER_BYTES + size);
      }
      log.flush();
      burstNanos += System.nanoTime() - start;
      bursts++;
      long keepFrom =
          Math.min(consumerPosition.getAsLong(), log.endOffset() - settings.retentionBytes());
      segmentsDeleted += log.deleteSegmentsBefore(keepFrom);
      long gap = Math.min(GAP_NANOS, deadlineNanos - System.nanoTime());
      if (gap > 0) {
        TimeUnit.NANOSECONDS.sleep(gap);
      }
    }
  }

  long bursts() {
    return bursts;
  }

  long burstNanos() {
    return burstNanos;
  }

  long segmentsDeleted() {
    return segmentsDeleted;
  }
}
