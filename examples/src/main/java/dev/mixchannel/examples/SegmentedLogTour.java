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

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The tour {@link SegmentedLog#main} runs; a test runs it too. */
final class SegmentedLogTour {

  private static final int RECORDS = 200;
  private static final int RECORD_BYTES = 20_000;
  private static final long SEGMENT_BYTES = 1L << 20;
  private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private SegmentedLogTour() {}

  /**
   * Runs the tour.
   *
   * @param work an empty directory for the tiers
   * @param out where to print
   * @return the number of records read back with a good checksum
   * @throws IOException when the tour fails
   */
  static int run(Path work, PrintStream out) throws IOException {
    // A tiny PMem tier (8 MiB, 1 MiB extents) kept half full, and a disk tier: the sealed
    // segments move down while the active one stays on PMem.
    MixChannelConfig config =
        ExampleTiers.smallPmemOverDisk(work, 8L << 20)
            .migrationThreshold(0.5)
            .intervalMillis(100)
            .build();
    try (TierManager manager = TierManager.open(config);
        SegmentedLog log = new SegmentedLog(manager, "events-0", SEGMENT_BYTES)) {
      byte[] payload = new byte[RECORD_BYTES];
      for (int i = 0; i < RECORDS; i++) {
        byte[] text = ("record " + i + " ").getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, payload, 0, text.length);
        log.append(ByteBuffer.wrap(payload));
      }
      log.flush();
      out.printf(
          "appended %d records (%d bytes) into %d segments of at most %d bytes%n",
          RECORDS, log.endOffset(), log.segmentCount(), SEGMENT_BYTES);
      awaitDemotion(manager);
      for (String key : manager.keys()) {
        out.printf("  %-36s on %s%n", key, manager.tierOf(key));
      }
      int good = readAll(log, out);
      out.printf("read back %d records, every checksum good: %b%n", good, good == RECORDS);
      out.println("stats: " + manager.stats());
      return good;
    }
  }

  private static void awaitDemotion(TierManager manager) {
    long deadline = System.nanoTime() + WAIT_NANOS;
    while (manager.stats().migrationsDown() == 0 && System.nanoTime() < deadline) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static int readAll(SegmentedLog log, PrintStream out) throws IOException {
    ByteBuffer payload = ByteBuffer.allocate(RECORD_BYTES);
    int good = 0;
    long offset = log.startOffset();
    while (offset < log.endOffset()) {
      try {
        offset = log.read(offset, payload);
        good++;
      } catch (ChecksumMismatchException e) {
        out.println(e.getMessage());
        offset = e.nextOffset();
      }
    }
    return good;
  }
}
