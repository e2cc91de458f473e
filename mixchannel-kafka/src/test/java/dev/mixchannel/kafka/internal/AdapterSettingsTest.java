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
package dev.mixchannel.kafka.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.TierKind;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdapterSettingsTest {

  @TempDir Path temp;

  @Test
  void shouldReadTiersAndLogDirsFromBrokerProperties() throws IOException {
    Path file = temp.resolve("server.properties");
    Files.writeString(
        file,
        String.join(
            "\n",
            "node.id=1",
            "process.roles=broker,controller",
            "log.dirs=" + temp.resolve("a") + "," + temp.resolve("b"),
            "metadata.log.dir=" + temp.resolve("meta"),
            "mixchannel.tiers=pmem,hdd",
            "mixchannel.tier.pmem.paths=" + temp.resolve("pmem"),
            "mixchannel.tier.hdd.paths=" + temp.resolve("hdd"),
            "mixchannel.kafka.sweep.interval.ms=5000",
            ""));

    AdapterSettings settings = AdapterSettings.load(file);

    assertThat(settings.config().tiers()).hasSize(2);
    assertThat(settings.logDirs())
        .containsExactly(temp.resolve("a"), temp.resolve("b"), temp.resolve("meta"));
    assertThat(settings.sweepIntervalMillis()).isEqualTo(5000);
    assertThat(settings.shutdownWaitMillis()).isEqualTo(AdapterSettings.DEFAULT_SHUTDOWN_WAIT_MS);
  }

  @Test
  void shouldRejectUnknownAdapterKey() {
    Properties p = tiers();
    p.setProperty("mixchannel.kafka.sweep.intervall.ms", "1");

    assertThatThrownBy(() -> AdapterSettings.parse(temp, p))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=mixchannel.kafka.sweep.intervall.ms")
        .hasMessageContaining(AdapterSettings.TOPICS_EXCLUDE);
  }

  @Test
  void shouldAcceptKafkaTieredStorageWhenEnabledInTheSameFile() {
    Properties p = tiers();
    p.setProperty("remote.log.storage.system.enable", "true");

    assertThat(AdapterSettings.parse(temp, p).config().tiers()).hasSize(2);
  }

  @Test
  void shouldUseDefaultsWhenAdapterKeysAreAbsent() {
    AdapterSettings settings = AdapterSettings.parse(temp, tiers());

    assertThat(settings.quarantineRetentionMillis())
        .isEqualTo(AdapterSettings.DEFAULT_QUARANTINE_RETENTION_MS)
        .isEqualTo(7L * 24 * 3600 * 1000);
    assertThat(settings.logDirKind()).isEqualTo(TierKind.HDD);
    assertThat(settings.sweepIntervalMillis()).isEqualTo(AdapterSettings.DEFAULT_SWEEP_INTERVAL_MS);
    assertThat(settings.excludes("__cluster_metadata")).isTrue();
    assertThat(settings.excludes("orders")).isFalse();
  }

  @Test
  void shouldExcludeNothingWhenTheExcludeKeyIsEmpty() {
    Properties p = tiers();
    p.setProperty(AdapterSettings.TOPICS_EXCLUDE, "");

    AdapterSettings settings = AdapterSettings.parse(temp, p);

    assertThat(settings.excludes("__cluster_metadata")).isFalse();
    assertThat(settings.excludes("orders")).isFalse();
  }

  @Test
  void shouldReadRetentionKindAndExcludedTopicsWhenSet() {
    Properties p = tiers();
    p.setProperty(AdapterSettings.QUARANTINE_RETENTION_MS, " 60000 ");
    p.setProperty(AdapterSettings.LOGDIR_KIND, "nvme");
    p.setProperty(AdapterSettings.TOPICS_EXCLUDE, "__cluster_metadata|audit-.*");

    AdapterSettings settings = AdapterSettings.parse(temp, p);

    assertThat(settings.quarantineRetentionMillis()).isEqualTo(60_000);
    assertThat(settings.logDirKind()).isEqualTo(TierKind.NVME);
    assertThat(settings.excludes("__cluster_metadata")).isTrue();
    assertThat(settings.excludes("audit-eu")).isTrue();
    assertThat(settings.excludes("orders")).isFalse();
    assertThat(settings.excludes("x__cluster_metadata")).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "mixchannel.kafka.quarantine.retention.ms, -1, milliseconds >= 0",
    "mixchannel.kafka.quarantine.retention.ms, a week, milliseconds >= 0",
    "mixchannel.kafka.sweep.interval.ms, -5, milliseconds >= 0",
    "mixchannel.kafka.shutdown.wait.ms, 1.5, milliseconds >= 0",
    "mixchannel.kafka.logdir.kind, PMEM, 'HDD, SSD or NVME'",
    "mixchannel.kafka.logdir.kind, tape, 'HDD, SSD or NVME'",
    "mixchannel.kafka.topics.exclude, audit-(, a Java regular expression"
  })
  void shouldNamePropertyValueAndExpectationWhenAdapterValueIsBad(
      String property, String value, String expected) {
    Properties p = tiers();
    p.setProperty(property, value);

    assertThatThrownBy(() -> AdapterSettings.parse(temp, p))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=" + property)
        .hasMessageContaining("value='" + value + "'")
        .hasMessageContaining("expected " + expected);
  }

  @Test
  void shouldRefuseConfigWhenATierIsNamedLogdir() {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "pmem,logdir");
    p.setProperty("mixchannel.tier.pmem.paths", temp.resolve("pmem").toString());
    p.setProperty("mixchannel.tier.logdir.paths", temp.resolve("hdd").toString());
    p.setProperty("mixchannel.tier.logdir.kind", "HDD");

    assertThatThrownBy(() -> AdapterSettings.parse(temp, p))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=mixchannel.tiers")
        .hasMessageContaining("value='logdir'")
        .hasMessageContaining("tier names other than logdir");
  }

  @Test
  void shouldRefuseTierPathInsideLogDirAndLogDirInsideTierPath() {
    Properties inside = tiers();
    inside.setProperty("log.dirs", temp.toString());
    assertThatThrownBy(() -> AdapterSettings.parse(temp, inside))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=log.dirs")
        .hasMessageContaining("tier pmem");

    Properties contains = tiers();
    contains.setProperty("log.dirs", temp.resolve("hdd").resolve("kafka").toString());
    assertThatThrownBy(() -> AdapterSettings.parse(temp, contains))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("tier hdd");
  }

  @Test
  void shouldResolveSegmentsOfConfiguredLogDirsOnly() throws IOException {
    Path logDir = temp.resolve("logs");
    Files.createDirectories(logDir);
    Files.writeString(logDir.resolve("meta.properties"), "directory.id=abcDEF_-123\n");
    LogDirs dirs = LogDirs.of(List.of(logDir), AdapterSettings.parse(temp, tiers()).config());

    SegmentPath segment =
        dirs.resolve(new File(logDir.toFile(), "t-0/00000000000000000000.log")).orElseThrow();

    assertThat(segment.key()).isEqualTo("abcDEF_-123/t-0/00000000000000000000.log");
    assertThat(dirs.resolve(new File(logDir.toFile(), "t-0/00000000000000000000.index"))).isEmpty();
    assertThat(dirs.resolve(temp.resolve("elsewhere/t-0/00000000000000000000.log").toFile()))
        .isEmpty();
    assertThat(dirs.known()).containsEntry("abcDEF_-123", logDir.toAbsolutePath().normalize());
  }

  @Test
  void shouldFailWhenConfiguredLogDirIsNotFormatted() throws IOException {
    Path logDir = Files.createDirectories(temp.resolve("logs"));
    LogDirs dirs = LogDirs.of(List.of(logDir), AdapterSettings.parse(temp, tiers()).config());

    assertThatThrownBy(
            () -> dirs.resolve(new File(logDir.toFile(), "t-0/00000000000000000000.log")))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("meta.properties");
  }

  @Test
  void shouldLearnLogDirsWithMetaPropertiesWhenNoneConfigured() throws IOException {
    Path formatted = Files.createDirectories(temp.resolve("formatted"));
    Files.writeString(formatted.resolve("meta.properties"), "directory.id=learned\n");
    Path plain = Files.createDirectories(temp.resolve("plain"));
    LogDirs dirs = LogDirs.of(List.of(), AdapterSettings.parse(temp, tiers()).config());

    assertThat(dirs.resolve(formatted.resolve("t-0/00000000000000000000.log").toFile()))
        .hasValueSatisfying(s -> assertThat(s.tag()).isEqualTo("learned"));
    assertThat(dirs.resolve(plain.resolve("t-0/00000000000000000000.log").toFile())).isEmpty();
    assertThat(dirs.isConfigured()).isFalse();
  }

  private Properties tiers() {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "pmem,hdd");
    p.setProperty("mixchannel.tier.pmem.paths", temp.resolve("pmem").toString());
    p.setProperty("mixchannel.tier.hdd.paths", temp.resolve("hdd").toString());
    return p;
  }
}
