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
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.InvalidConfigException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import javax.management.JMX;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Threshold, watermarks, copy rate and threads change over JMX, checked as configuration is. */
class RuntimeTuningTest {

  private static final int KIB = 1024;

  @TempDir Path dir;

  private TierManager open() throws Exception {
    return TierManager.builder(
            TestConfigs.fileTiers(dir, 1024 * KIB, -1)
                .migrationThreshold(0.9)
                .idleMillis(3_600_000)
                .intervalMillis(3_600_000)
                .build())
        .build();
  }

  private static TierManagerMXBean bean(TierManager manager) throws Exception {
    return JMX.newMXBeanProxy(
        ManagementFactory.getPlatformMBeanServer(),
        JmxProbe.managerName(manager),
        TierManagerMXBean.class);
  }

  @Test
  void shouldMoveKeysByTheNewWatermarksWhenTheyChangeWhileRunning() throws Exception {
    try (TierManager manager = open()) {
      try (MixChannel ch = manager.open("log-0/00000.log", CREATE, WRITE)) {
        Bytes.writeFully(ch, new byte[600 * KIB], 0);
      }
      manager.seal("log-0/00000.log");
      TierManagerHooks.doWork(manager);
      assertThat(tierOf(manager, "log-0/00000.log")).as("58 % used, below 0.9").isEqualTo("t0");

      TierManagerMXBean bean = bean(manager);
      bean.setWatermarks(0.5, 0.2);
      assertThat(bean.getHighWatermark()).isEqualTo(0.5);
      assertThat(bean.getLowWatermark()).isEqualTo(0.2);
      assertThat(manager.stats().tiers().get(0).highWatermark()).isEqualTo(0.5);
      TierManagerHooks.doWork(manager);
      assertThat(TierManagerHooks.awaitMigrations(manager, Duration.ofSeconds(30))).isTrue();
      assertThat(tierOf(manager, "log-0/00000.log")).as("above the new 0.5").isEqualTo("t1");
      assertThat(bean.getPendingMigrations()).isZero();
    }
  }

  @Test
  void shouldRefuseABadValueAndKeepTheOldOneWhenItIsChecked() throws Exception {
    try (TierManager manager = open()) {
      TierManagerMXBean bean = bean(manager);
      assertThatThrownBy(() -> bean.setWatermarks(0.3, 0.8))
          .isInstanceOf(InvalidConfigException.class)
          .hasMessageContaining("mixchannel.migrate.low.watermark");
      assertThatThrownBy(() -> bean.setMigrationThreads(0))
          .isInstanceOf(InvalidConfigException.class)
          .hasMessageContaining("mixchannel.migrate.threads");
      assertThatThrownBy(() -> bean.setMigrationRateBytesPerSecond(0))
          .isInstanceOf(InvalidConfigException.class)
          .hasMessageContaining("mixchannel.migrate.rate.bytes.per.sec");
      assertThat(bean.getHighWatermark()).isEqualTo(0.9);
      assertThat(bean.getMigrationThreads()).isEqualTo(1);

      bean.setMigrationThreads(4);
      bean.setMigrationRateBytesPerSecond(64L << 20);
      assertThat(bean.getMigrationThreads()).isEqualTo(4);
      assertThat(bean.getMigrationRateBytesPerSecond()).isEqualTo(64L << 20);
      bean.setMigrationThreshold(-1);
      assertThat(bean.isMigrationEnabled()).isFalse();
      assertThat(TierManagerHooks.doWork(manager)).isZero();
      bean.setMigrationThreshold(0.6);
      assertThat(bean.isMigrationEnabled()).isTrue();
      assertThat(bean.getLowWatermark()).isEqualTo(0.6);
    }
  }

  private static String tierOf(TierManager manager, String key) throws Exception {
    try (MixChannel ch = manager.open(key, READ)) {
      return ch.tierName();
    }
  }
}
