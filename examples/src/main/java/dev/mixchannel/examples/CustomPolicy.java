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
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A custom migration policy at work: {@link KeepNewestPolicy} keeps the two newest segments of each
 * of three logs on the PMem tier and moves the older ones to disk. Run it with {@code java -cp
 * examples/target/mixchannel-demo.jar dev.mixchannel.examples.CustomPolicy}.
 */
public final class CustomPolicy {

  private static final int LOGS = 3;
  private static final int HOT_SEGMENTS = 2;
  private static final long SEGMENT_BYTES = 256 << 10;
  private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(15);

  private CustomPolicy() {}

  /**
   * Runs the example in a fresh temporary directory.
   *
   * @param args ignored
   * @throws IOException when the example fails
   */
  public static void main(String[] args) throws IOException {
    DemoFiles.inTempDirectory("mixchannel-custom-policy-", work -> run(work, System.out));
  }

  /**
   * Runs the example.
   *
   * @param work an empty directory for the tiers
   * @param out where to print
   * @return the tier of every key at the end
   * @throws IOException when the example fails
   */
  static Map<String, String> run(Path work, PrintStream out) throws IOException {
    MixChannelConfig config =
        ExampleTiers.smallPmemOverDisk(work, 32L << 20).intervalMillis(100).build();
    try (TierManager manager =
        TierManager.builder(config).policy(new KeepNewestPolicy(HOT_SEGMENTS)).build()) {
      ByteBuffer record = ByteBuffer.allocate(10_000);
      for (int i = 0; i < LOGS; i++) {
        // Five segments per log: 128 records of 10 kB roll 256 KiB segments four times.
        try (SegmentedLog log = new SegmentedLog(manager, "orders-" + i, SEGMENT_BYTES)) {
          for (int r = 0; r < 128; r++) {
            log.append(record.clear());
          }
        }
      }
      Map<String, String> layout = awaitLayout(manager);
      layout.forEach((key, tier) -> out.printf("  %-32s on %s%n", key, tier));
      out.println("stats: " + manager.stats());
      return layout;
    }
  }

  /** Waits (bounded) until every log's newest segments are on pmem and the rest on disk. */
  private static Map<String, String> awaitLayout(TierManager manager) throws IOException {
    long deadline = System.nanoTime() + WAIT_NANOS;
    while (true) {
      Map<String, String> layout = new TreeMap<>();
      for (String key : manager.keys()) {
        try {
          layout.put(key, manager.tierOf(key));
        } catch (NoSuchFileException e) {
          // deleted meanwhile; not in this example
        }
      }
      if (settled(layout) || System.nanoTime() > deadline) {
        return layout;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return layout;
      }
    }
  }

  /**
   * Whether a layout is what the policy aims at.
   *
   * @param layout key to tier, keys sorted
   * @return whether each log's {@value #HOT_SEGMENTS} newest keys are on pmem and the rest on disk
   */
  static boolean settled(Map<String, String> layout) {
    Map<String, Integer> seen = new TreeMap<>();
    Map<String, Integer> total = new TreeMap<>();
    layout.keySet().forEach(k -> total.merge(k.substring(0, k.indexOf('/')), 1, Integer::sum));
    for (Map.Entry<String, String> e : layout.entrySet()) {
      String log = e.getKey().substring(0, e.getKey().indexOf('/'));
      int index = seen.merge(log, 1, Integer::sum) - 1;
      boolean hot = index >= total.get(log) - HOT_SEGMENTS;
      if (!e.getValue().equals(hot ? "pmem" : "disk")) {
        return false;
      }
    }
    return true;
  }
}
