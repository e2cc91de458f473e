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

import dev.mixchannel.api.MixChannelConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout without persistent memory that docs/compatibility.md names as supported: file tiers
 * only, NVMe in front of HDD, configured by properties as an operator would.
 */
class FileTiersOnlyLayoutTest {

  private static final int KIB = 1024;

  @TempDir Path dir;

  private MixChannelConfig config() {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "nvme,hdd");
    p.setProperty("mixchannel.tier.nvme.paths", dir.resolve("nvme").toString());
    p.setProperty("mixchannel.tier.nvme.capacity", "1m");
    p.setProperty("mixchannel.tier.hdd.paths", dir.resolve("hdd").toString());
    p.setProperty("mixchannel.migrate.threshold", "0.5");
    return MixChannelConfig.fromProperties(p);
  }

  @Test
  void shouldDemoteSealedKeysFromNvmeToHddAndKeepThemThereAfterARestart()
      throws IOException, InterruptedException {
    byte[] old = Bytes.random(20, 400 * KIB);
    try (TierManager manager = TierManager.builder(config()).startMigrator(false).build()) {
      try (MixChannel ch = manager.open("log-0/00000.log", CREATE, WRITE)) {
        Bytes.writeFully(ch, old, 0);
      }
      manager.seal("log-0/00000.log");
      try (MixChannel ch = manager.open("log-0/00100.log", CREATE, WRITE)) {
        Bytes.writeFully(ch, new byte[300 * KIB], 0);
      }
      assertThat(tierOf(manager, "log-0/00000.log")).isEqualTo("nvme");
      TierManagerHooks.doWork(manager);
      assertThat(TierManagerHooks.awaitMigrations(manager, Duration.ofSeconds(30))).isTrue();
      assertThat(tierOf(manager, "log-0/00000.log")).isEqualTo("hdd");
      assertThat(tierOf(manager, "log-0/00100.log")).isEqualTo("nvme");
    }
    try (TierManager reopened = TierManager.builder(config()).startMigrator(false).build();
        MixChannel ch = reopened.open("log-0/00000.log", READ)) {
      assertThat(ch.tierName()).isEqualTo("hdd");
      assertThat(Bytes.readAll(ch)).isEqualTo(old);
    }
  }

  private static String tierOf(TierManager manager, String key) throws IOException {
    try (MixChannel ch = manager.open(key, READ)) {
      return ch.tierName();
    }
  }
}
