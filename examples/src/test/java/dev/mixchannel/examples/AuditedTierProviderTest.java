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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tier of your own plugged by configuration alone: {@code mixchannel.tier.<name>.provider} names
 * the provider, which the tier manager finds through {@code META-INF/services}.
 */
class AuditedTierProviderTest {
  @TempDir Path dir;

  private Properties config(String provider) {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "fast,archive");
    p.setProperty("mixchannel.tier.fast.kind", "NVME");
    p.setProperty("mixchannel.tier.fast.paths", dir.resolve("fast").toString());
    p.setProperty("mixchannel.tier.archive.kind", "HDD");
    p.setProperty("mixchannel.tier.archive.paths", dir.resolve("archive").toString());
    p.setProperty("mixchannel.tier.archive.provider", provider);
    return p;
  }

  @Test
  void shouldOpenTheConfiguredProvidersTierAndAuditEveryKeyThatLandsOnIt() throws Exception {
    MixChannelConfig config = MixChannelConfig.fromProperties(config("audited-file"));
    try (TierManager manager = TierManager.builder(config).startMigrator(false).build()) {
      try (MixChannel channel = manager.open("log/00001", CREATE, WRITE)) {
        channel.write(ByteBuffer.wrap(new byte[4096]));
      }
      manager.migrate("log/00001", "archive");
      manager.rename("log/00001", "log/00001.old");
      manager.delete("log/00001.old");
    }

    List<String> lines = Files.readAllLines(dir.resolve("archive").resolve(AuditedTier.AUDIT_FILE));
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).endsWith(" publish log/00001");
    assertThat(lines.get(1)).endsWith(" rename log/00001 log/00001.old");
    assertThat(lines.get(2)).endsWith(" delete log/00001.old");
  }

  @Test
  void shouldNameThePropertyWhenNoProviderHasTheName() {
    MixChannelConfig config = MixChannelConfig.fromProperties(config("tape"));

    assertThatThrownBy(() -> TierManager.builder(config).startMigrator(false).build())
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=mixchannel.tier.archive.provider")
        .hasMessageContaining("value='tape'")
        .hasMessageContaining("audited-file");
  }
}
