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
package dev.mixchannel.tiering;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.management.JMX;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The percentile metrics a dashboard reads: forces, migrations, policy rounds and allocation waits,
 * over JMX, and the scrub backlog beside them.
 */
class HistogramMetricsTest {

  @TempDir Path dir;

  private static HistogramMXBean histogram(TierManager manager, String keys) throws Exception {
    ObjectName name =
        new ObjectName(
            "dev.mixchannel:type=Histogram,manager=" + TierManagerHooks.id(manager) + "," + keys);
    return JMX.newMXBeanProxy(
        ManagementFactory.getPlatformMBeanServer(), name, HistogramMXBean.class);
  }

  @Test
  void shouldRecordForcesMigrationsAndPolicyRoundsWhenTheyHappen() throws Exception {
    try (TierManager manager =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).migrationThreshold(0.99).build())
            .startMigrator(false)
            .build()) {
      try (MixChannel ch = manager.open("log-0/00000.log", CREATE, WRITE)) {
        ch.write(ByteBuffer.wrap(new byte[64 * 1024]));
        ch.force(true);
        ch.force(false);
      }
      // A round with nothing to move, then one migration by hand (a round after it would
      // promote the key back: the fast tier is nearly empty).
      TierManagerHooks.doWork(manager);
      manager.migrate("log-0/00000.log", "t1");

      HistogramMXBean forces = histogram(manager, "tier=t0,name=force_latency_micros");
      assertThat(forces.getCount()).isEqualTo(2);
      assertThat(forces.getWindowCount()).isEqualTo(2);
      assertThat(forces.getMax()).isPositive().isGreaterThanOrEqualTo(forces.getP50());
      assertThat(histogram(manager, "tier=t1,name=force_latency_micros").getCount()).isZero();

      HistogramMXBean bytes = histogram(manager, "name=migration_bytes");
      assertThat(bytes.getCount()).isEqualTo(1);
      assertThat(bytes.getMax()).isBetween(64L * 1024, 64L * 1024 * 1001 / 1000);
      assertThat(histogram(manager, "name=migration_duration_millis").getCount()).isEqualTo(1);
      assertThat(histogram(manager, "name=policy_round_micros").getCount()).isEqualTo(1);
    }
  }

  @Test
  void shouldReportAllocationWaitsAndTheScrubBacklogOfThePmemTier() throws Exception {
    try (ShmDir shm = ShmDir.create(dir.resolve("shm-fallback"));
        TierManager manager = TestConfigs.pmemThenFileManager(shm, dir, 16L << 20)) {
      try (MixChannel ch = manager.open("log-0/00000.log", CREATE, WRITE)) {
        ch.write(ByteBuffer.wrap(new byte[3 << 20]));
        ch.write(ByteBuffer.wrap(new byte[16]), 5L << 20);
      }
      HistogramMXBean waits = histogram(manager, "tier=pmem,name=allocation_wait_micros");
      assertThat(waits.getCount()).isEqualTo(2);
      assertThat(waits.getMax()).isGreaterThanOrEqualTo(waits.getP50());
      assertThat(histogram(manager, "tier=t0,name=allocation_wait_micros").getCount()).isZero();

      manager.delete("log-0/00000.log");
      long backlog = scrubBacklog(manager, "pmem");
      assertThat(backlog).isBetween(0L, 16L);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (backlog > 0 && System.nanoTime() < deadline) {
        Thread.sleep(10);
        backlog = scrubBacklog(manager, "pmem");
      }
      assertThat(backlog).as("the scrubber zeroes what the delete freed").isZero();
      assertThat(scrubBacklog(manager, "t0")).isZero();
    }
  }

  private static long scrubBacklog(TierManager manager, String tier) throws Exception {
    return (Long) JmxProbe.attribute(JmxProbe.tierName(manager, tier), "ScrubBacklogUnits");
  }
}
