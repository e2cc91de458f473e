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
package dev.mixchannel.bookkeeper.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.InvalidConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.bookkeeper.conf.ServerConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading and validating the provider's settings from a bookie's configuration. */
class JournalSettingsTest {

  @Test
  void shouldJoinListValuesWhenTheBookieConfigurationFileIsRead(@TempDir Path root)
      throws Exception {
    Path conf = root.resolve("bk_server.conf");
    Files.writeString(
        conf,
        "journalDirectories=/data/j1,/data/j2\n"
            + "ledgerDirectories=/data/l\n"
            + "journalPreAllocSizeMB=8\n"
            + "mixchannel.tiers=pmem,disk\n"
            + "mixchannel.tier.pmem.kind=PMEM\n"
            + "mixchannel.tier.pmem.paths=/mnt/pmem0/mc,/mnt/pmem1/mc\n"
            + "mixchannel.tier.disk.kind=HDD\n"
            + "mixchannel.tier.disk.paths=/data/mc\n"
            + "mixchannel.bookkeeper.reap.interval.ms=5000\n"
            + "mixchannel.bookkeeper.version.allow=4.18.0\n");
    ServerConfiguration server = new ServerConfiguration();
    server.loadConf(conf.toUri().toURL());
    JournalSettings settings = JournalSettings.from(BookieConfig.of(server));
    assertThat(settings.config().tier("pmem").paths())
        .containsExactly(Path.of("/mnt/pmem0/mc"), Path.of("/mnt/pmem1/mc"));
    assertThat(settings.journalDirs())
        .containsExactly(Path.of("/data/j1/current"), Path.of("/data/j2/current"));
    assertThat(settings.ledgerDirs()).containsExactly(Path.of("/data/l/current"));
    assertThat(settings.reapIntervalMillis()).isEqualTo(5000);
    assertThat(settings.preallocate()).isFalse();
    assertThat(settings.sizeHintBytes()).isEqualTo(8L << 20);
    assertThat(settings.allowedBookKeeperVersion()).isEqualTo("4.18.0");
  }

  @Test
  void shouldReadTheSettingsFileWhenOneIsNamed(@TempDir Path root) throws Exception {
    Path file = root.resolve("mixchannel.properties");
    Files.writeString(file, "mixchannel.tiers=pmem\nmixchannel.tier.pmem.paths=/mnt/pmem0/mc\n");
    Map<String, String> keys = Map.of(JournalSettings.SETTINGS_FILE, file.toString());
    JournalSettings settings = JournalSettings.from(bookie(keys));
    assertThat(settings.source()).isEqualTo(file.toString());
    assertThat(settings.config().tiers()).hasSize(1);
    assertThat(settings.allowedBookKeeperVersion()).isEmpty();
  }

  @Test
  void shouldRefuseBothWhenASettingsFileAndInlineTierKeysAreGiven() {
    Map<String, String> keys = new TreeMap<>(tiers("/mnt/pmem0/mc"));
    keys.put(JournalSettings.SETTINGS_FILE, "/etc/mixchannel.properties");
    assertThatThrownBy(() -> JournalSettings.from(bookie(keys)))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=" + JournalSettings.SETTINGS_FILE)
        .hasMessageContaining("not both");
  }

  @Test
  void shouldRefuseMissingTiersWhenNothingIsConfigured() {
    assertThatThrownBy(() -> JournalSettings.from(bookie(Map.of())))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=mixchannel.tiers")
        .hasMessageContaining("value=<missing>");
  }

  @Test
  void shouldRefuseATierPathWhenItLiesInAJournalDirectory() {
    assertThatThrownBy(() -> JournalSettings.from(bookie(tiers("/data/journal/current/mc"))))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=mixchannel.tier.pmem.paths")
        .hasMessageContaining("value='/data/journal/current/mc'")
        .hasMessageContaining("expected a directory outside every bookie directory")
        .hasMessageContaining("lies in journalDirectories entry /data/journal");
  }

  @Test
  void shouldRefuseATierPathWhenItContainsALedgerDirectory() {
    assertThatThrownBy(() -> JournalSettings.from(bookie(tiers("/data"))))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("contains journalDirectories entry /data/journal");
  }

  @Test
  void shouldRefuseUnknownProviderKeysWhenMisspelled() {
    Map<String, String> keys = new TreeMap<>(tiers("/mnt/pmem0/mc"));
    keys.put("mixchannel.bookkeeper.reap.intervall.ms", "10");
    assertThatThrownBy(() -> JournalSettings.from(bookie(keys)))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=mixchannel.bookkeeper.reap.intervall.ms");
  }

  @Test
  void shouldRefuseBadValuesWhenTheyAreNoNumberOrBoolean() {
    Map<String, String> negative = new TreeMap<>(tiers("/mnt/pmem0/mc"));
    negative.put(JournalSettings.REAP_INTERVAL_MS, "-1");
    assertThatThrownBy(() -> JournalSettings.from(bookie(negative)))
        .hasMessageContaining("expected milliseconds >= 0");
    Map<String, String> notBoolean = new TreeMap<>(tiers("/mnt/pmem0/mc"));
    notBoolean.put(JournalSettings.PREALLOCATE, "yes");
    assertThatThrownBy(() -> JournalSettings.from(bookie(notBoolean)))
        .hasMessageContaining("expected true or false");
  }

  @Test
  void shouldRefuseAJournalDirectoryWhenItsKeysWouldNotFitAPmemTier() {
    Path deep = Path.of("/data", "d".repeat(250), "e".repeat(250));
    BookieConfig config =
        new BookieConfig(
            tiers("/mnt/pmem0/mc"), List.of(deep), List.of(Path.of("/data/l")), List.of(), 0);
    assertThatThrownBy(() -> JournalSettings.from(config))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("property=journalDirectories")
        .hasMessageContaining("at most 480 UTF-8 bytes");
  }

  private static Map<String, String> tiers(String pmemPath) {
    return Map.of("mixchannel.tiers", "pmem", "mixchannel.tier.pmem.paths", pmemPath);
  }

  private static BookieConfig bookie(Map<String, String> keys) {
    return new BookieConfig(
        keys,
        List.of(Path.of("/data/journal")),
        List.of(Path.of("/data/ledgers")),
        List.of(),
        16L << 20);
  }
}
