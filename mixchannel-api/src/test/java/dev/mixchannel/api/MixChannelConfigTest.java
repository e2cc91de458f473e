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
package dev.mixchannel.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MixChannelConfigTest {

  private static Properties twoTiers() {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "pmem,hdd");
    p.setProperty("mixchannel.tier.pmem.paths", "/mnt/pmem0,/mnt/pmem1");
    p.setProperty("mixchannel.tier.pmem.capacity", "64g");
    p.setProperty("mixchannel.tier.hdd.kind", "HDD");
    p.setProperty("mixchannel.tier.hdd.paths", "/data/hdd");
    return p;
  }

  @Test
  void shouldReadEveryKeyOfOurFamily() {
    Properties p = twoTiers();
    p.setProperty("mixchannel.migrate.high.watermark", "0.8");
    p.setProperty("mixchannel.migrate.low.watermark", "0.6");
    p.setProperty("mixchannel.migrate.threads", "3");
    p.setProperty("mixchannel.migrate.rate.bytes.per.sec", "100m");
    p.setProperty("mixchannel.migrate.idle.ms", "5000");
    p.setProperty("mixchannel.migrate.interval.ms", "250");
    p.setProperty("mixchannel.pmem.extent.size", "8M");
    p.setProperty("mixchannel.pmem.backend", "JDK");
    p.setProperty("mixchannel.pmem.pretouch", "false");
    p.setProperty("mixchannel.pmem.pretouch.fraction", "0.25");

    MixChannelConfig c = MixChannelConfig.fromProperties(p);

    assertThat(c.tiers()).hasSize(2);
    TierConfig pmem = c.tier("pmem");
    assertThat(pmem.kind()).isEqualTo(TierKind.PMEM);
    assertThat(pmem.paths()).containsExactly(Path.of("/mnt/pmem0"), Path.of("/mnt/pmem1"));
    assertThat(pmem.capacityBytes()).isEqualTo(64L << 30);
    assertThat(c.tier("hdd").capacityFromFreeSpace()).isTrue();
    assertThat(c.migrationEnabled()).isTrue();
    assertThat(c.highWatermark()).isEqualTo(0.8);
    assertThat(c.lowWatermark()).isEqualTo(0.6);
    assertThat(c.migrationThreads()).isEqualTo(3);
    assertThat(c.migrationRateBytesPerSecond()).isEqualTo(100L << 20);
    assertThat(c.idleMillis()).isEqualTo(5000);
    assertThat(c.intervalMillis()).isEqualTo(250);
    assertThat(c.pmemExtentSizeBytes()).isEqualTo(8L << 20);
    assertThat(c.pmemBackend()).isEqualTo(PmemBackend.JDK);
    assertThat(c.pmemPretouch()).isFalse();
    assertThat(c.pmemPretouchFraction()).isEqualTo(0.25);
  }

  @Test
  void shouldApplyDefaultsWhenOnlyTiersAreGiven() {
    MixChannelConfig c = MixChannelConfig.fromProperties(twoTiers());

    assertThat(c.highWatermark()).isEqualTo(ConfigKeys.DEFAULT_THRESHOLD);
    assertThat(c.lowWatermark()).isEqualTo(ConfigKeys.DEFAULT_THRESHOLD);
    assertThat(c.migrationThreads()).isEqualTo(1);
    assertThat(c.migrationRateBytesPerSecond()).isEqualTo(-1);
    assertThat(c.idleMillis()).isEqualTo(60_000);
    assertThat(c.intervalMillis()).isEqualTo(1_000);
    assertThat(c.pmemExtentSizeBytes()).isEqualTo(4L << 20);
    assertThat(c.pmemBackend()).isEqualTo(PmemBackend.AUTO);
    assertThat(c.pmemPretouch()).isTrue();
    assertThat(c.pmemPretouchFraction()).isEqualTo(1.0);
  }

  @Test
  void shouldSetBothWatermarksFromTheThreshold() {
    Properties p = twoTiers();
    p.setProperty("mixchannel.migrate.threshold", "0.7");

    MixChannelConfig c = MixChannelConfig.fromProperties(p);

    assertThat(c.highWatermark()).isEqualTo(0.7);
    assertThat(c.lowWatermark()).isEqualTo(0.7);
  }

  @Test
  void shouldTurnMigrationOffWhenThresholdIsMinusOne() {
    Properties p = twoTiers();
    p.setProperty("mixchannel.migrate.threshold", "-1");

    assertThat(MixChannelConfig.fromProperties(p).migrationEnabled()).isFalse();
  }

  @Test
  void shouldRoundTripThroughProperties() {
    Properties p = twoTiers();
    p.setProperty("mixchannel.migrate.high.watermark", "0.9");
    p.setProperty("mixchannel.migrate.low.watermark", "0.4");
    MixChannelConfig c = MixChannelConfig.fromProperties(p);

    assertThat(MixChannelConfig.fromProperties(c.toProperties())).isEqualTo(c);
  }

  @Test
  void shouldParsePafkaSampleConfigUnchanged() throws IOException {
    Properties p = new Properties();
    try (InputStream in = getClass().getResourceAsStream("/pafka-server.properties")) {
      p.load(in);
    }

    MixChannelConfig c = MixChannelConfig.fromProperties(p);

    assertThat(c.tiers()).extracting(TierConfig::name).containsExactly("first", "second");
    assertThat(c.tier("first").kind()).isEqualTo(TierKind.PMEM);
    assertThat(c.tier("first").paths()).containsExactly(Path.of("/pmem"));
    assertThat(c.tier("first").capacityBytes()).isEqualTo(-1);
    assertThat(c.tier("second").kind()).isEqualTo(TierKind.HDD);
    assertThat(c.tier("second").paths()).containsExactly(Path.of("/hdd"));
    assertThat(c.highWatermark()).isEqualTo(0.5);
    assertThat(c.lowWatermark()).isEqualTo(0.5);
    assertThat(c.migrationThreads()).isEqualTo(1);
    assertThat(c.pmemPretouchFraction()).isEqualTo(0.8);
  }

  @Test
  void shouldSumPafkaSizesPerPath() {
    Properties p = new Properties();
    p.setProperty("storage.tiers.types", "PMEM,SSD");
    p.setProperty("storage.tiers.first.paths", "/pmem0,/pmem1");
    p.setProperty("storage.tiers.first.sizes", "1g,2g");
    p.setProperty("storage.tiers.second.paths", "/ssd");

    MixChannelConfig c = MixChannelConfig.fromProperties(p);

    assertThat(c.tier("first").capacityBytes()).isEqualTo(3L << 30);
    assertThat(c.pmemPretouchFraction()).isEqualTo(ConfigKeys.DEFAULT_PAFKA_POOL_RATIO);
  }

  @Test
  void shouldAcceptASingleFastTier() {
    Properties p = new Properties();
    p.setProperty("storage.tiers.types", "PMEM");
    p.setProperty("storage.tiers.first.paths", "/pmem");
    p.setProperty("storage.tiers.first.sizes", "1g");

    assertThat(MixChannelConfig.fromProperties(p).tiers()).hasSize(1);
  }

  @Test
  void shouldRejectMixedFamiliesNamingBothKeys() {
    Properties p = twoTiers();
    p.setProperty("storage.migrate.threshold", "0.5");

    assertThatThrownBy(() -> MixChannelConfig.fromProperties(p))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("storage.migrate.threshold")
        .hasMessageContaining("mixchannel.");
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "mixchannel.tiers| ",
        "mixchannel.tiers|pm em",
        "mixchannel.tiers|hdd,pmem",
        "mixchannel.tiers|pmem,pmem",
        "mixchannel.tier.pmem.kind|OPTANE",
        "mixchannel.tier.hdd.kind|disk",
        "mixchannel.tier.pmem.paths| ",
        "mixchannel.tier.hdd.paths|/mnt/pmem0/inside",
        "mixchannel.tier.pmem.capacity|lots",
        "mixchannel.tier.pmem.capacity|0",
        "mixchannel.tier.pmem.capacity|99999999999t",
        "mixchannel.tier.pmem.provider|",
        "mixchannel.migrate.threshold|1.5",
        "mixchannel.migrate.threshold|half",
        "mixchannel.migrate.high.watermark|2",
        "mixchannel.migrate.low.watermark|-0.1",
        "mixchannel.migrate.threads|0",
        "mixchannel.migrate.threads|65",
        "mixchannel.migrate.threads|two",
        "mixchannel.migrate.rate.bytes.per.sec|0",
        "mixchannel.migrate.rate.bytes.per.sec|fast",
        "mixchannel.migrate.idle.ms|-5",
        "mixchannel.migrate.idle.ms|soon",
        "mixchannel.migrate.interval.ms|0",
        "mixchannel.migrate.interval.ms|often",
        "mixchannel.pmem.extent.size|3m",
        "mixchannel.pmem.extent.size|512k",
        "mixchannel.pmem.extent.size|512m",
        "mixchannel.pmem.backend|fast",
        "mixchannel.pmem.pretouch|yes",
        "mixchannel.pmem.pretouch.fraction|0",
        "mixchannel.pmem.pretouch.fraction|1.5",
        "mixchannel.pmem.unknown|1",
        "mixchannel.tier.nvme.paths|/nvme",
      })
  void shouldNameTheKeyAndValueWhenOurKeyIsBad(String key, String value) {
    Properties p = twoTiers();
    p.setProperty(key, value == null ? "" : value);

    assertThatThrownBy(() -> MixChannelConfig.fromProperties(p))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=" + key)
        .hasMessageContaining("value=")
        .hasMessageContaining("expected ")
        .satisfies(e -> assertThat(((InvalidConfigException) e).property()).isEqualTo(key));
  }

  @Test
  void shouldRequireTheLowWatermarkNotAboveTheHigh() {
    Properties p = twoTiers();
    p.setProperty("mixchannel.migrate.high.watermark", "0.5");
    p.setProperty("mixchannel.migrate.low.watermark", "0.6");

    assertThatThrownBy(() -> MixChannelConfig.fromProperties(p))
        .hasMessageContaining("property=mixchannel.migrate.low.watermark")
        .hasMessageContaining("value='0.6'");
  }

  @Test
  void shouldRequireAKindWhenTheTierNameIsNoKind() {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "fast");
    p.setProperty("mixchannel.tier.fast.paths", "/fast");

    assertThatThrownBy(() -> MixChannelConfig.fromProperties(p))
        .hasMessageContaining("property=mixchannel.tier.fast.kind")
        .hasMessageContaining("<missing>");
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "storage.tiers.types|PMEM,HDD,SSD",
        "storage.tiers.types|OPTANE,HDD",
        "storage.tiers.types|HDD,PMEM",
        "storage.tiers.first.paths| ",
        "storage.tiers.first.sizes|big",
        "storage.tiers.first.sizes|1g,2g,3g",
        "storage.tiers.second.paths| ",
        "storage.migrate.threshold|2",
        "storage.migrate.threads|0",
        "storage.migrate.threads|many",
        "log.pmem.pool.ratio|0",
        "log.pmem.pool.ratio|1.2",
      })
  void shouldNameTheKeyAndValueWhenAPafkaKeyIsBad(String key, String value) {
    Properties p = new Properties();
    p.setProperty("storage.tiers.types", "PMEM,HDD");
    p.setProperty("storage.tiers.first.paths", "/pmem");
    p.setProperty("storage.tiers.first.sizes", "-1");
    p.setProperty("storage.tiers.second.paths", "/hdd");
    p.setProperty(key, value == null ? "" : value);

    assertThatThrownBy(() -> MixChannelConfig.fromProperties(p))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=" + key)
        .hasMessageContaining("expected ");
  }

  @Test
  void shouldCoverEveryDocumentedKeyWithABadValueTest() {
    String tests =
        String.join(
            "\n",
            "mixchannel.tiers mixchannel.tier.<name>.kind mixchannel.tier.<name>.paths",
            "mixchannel.tier.<name>.capacity mixchannel.tier.<name>.provider",
            "mixchannel.migrate.threshold",
            "mixchannel.migrate.high.watermark mixchannel.migrate.low.watermark",
            "mixchannel.migrate.threads mixchannel.migrate.rate.bytes.per.sec",
            "mixchannel.migrate.idle.ms mixchannel.migrate.interval.ms mixchannel.pmem.extent.size",
            "mixchannel.pmem.backend mixchannel.pmem.pretouch mixchannel.pmem.pretouch.fraction",
            "storage.tiers.types storage.tiers.first.paths storage.tiers.first.sizes",
            "storage.tiers.second.paths storage.migrate.threshold storage.migrate.threads",
            "log.pmem.pool.ratio");
    for (ConfigKey key : ConfigKeys.ALL) {
      assertThat(tests).as("bad-value test for %s", key.key()).contains(key.key());
    }
  }

  @Test
  void shouldBuildWithTheBuilderAndNormalizePaths() {
    MixChannelConfig c =
        MixChannelConfig.builder()
            .tier("fast", TierKind.NVME, 1L << 30, Path.of("rel/fast"))
            .tier("slow", TierKind.HDD, -1, Path.of("/slow/../slow2"))
            .migrationThreshold(0.3)
            .build();

    assertThat(c.tier("fast").paths().get(0).isAbsolute()).isTrue();
    assertThat(c.tier("slow").paths()).containsExactly(Path.of("/slow2"));
    assertThatThrownBy(() -> c.tier("nope")).hasMessageContaining("nope");
  }
}
