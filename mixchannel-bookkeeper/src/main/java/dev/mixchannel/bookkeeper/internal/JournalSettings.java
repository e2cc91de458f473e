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

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.common.PrefixedSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The journal provider's settings, validated: the tiers (the {@code mixchannel.*} keys of the
 * bookie's configuration, or a settings file named by {@value #SETTINGS_FILE}), the provider's own
 * {@code mixchannel.bookkeeper.*} keys, and the bookie directories the tiers must stay out of.
 * Immutable.
 *
 * @param source where the tier keys came from, for messages
 * @param config the tier configuration
 * @param journalDirs the bookie's journal directories ({@code <journalDirectory>/current}, in
 *     configuration order: the index of each is its journal's index)
 * @param ledgerDirs the bookie's ledger directories ({@code <ledgerDirectory>/current}, where the
 *     {@code lastMark} files are)
 * @param reapIntervalMillis milliseconds between two reaper passes, 0 for a pass only when the
 *     storage opens
 * @param preallocate whether the journal's zero-filling preallocation writes reach the tiers
 * @param sizeHintBytes the size hint of a new journal key (the journal's preallocation size)
 * @param allowedBookKeeperVersion a BookKeeper version outside the tested range the provider runs
 *     on anyway ({@value #VERSION_ALLOW}), empty for none
 */
public record JournalSettings(
    String source,
    MixChannelConfig config,
    List<Path> journalDirs,
    List<Path> ledgerDirs,
    long reapIntervalMillis,
    boolean preallocate,
    long sizeHintBytes,
    String allowedBookKeeperVersion) {

  /** Prefix of the provider's own keys. */
  public static final String PREFIX = "mixchannel.bookkeeper.";

  /** A properties file holding the tier keys, instead of {@code mixchannel.*} keys inline. */
  public static final String SETTINGS_FILE = PREFIX + "settings";

  /** Milliseconds between two reaper passes; 0 runs one pass when the storage opens only. */
  public static final String REAP_INTERVAL_MS = PREFIX + "reap.interval.ms";

  /** Whether the journal's preallocation writes (zeros far past the end) reach the tiers. */
  public static final String PREALLOCATE = PREFIX + "preallocate";

  /**
   * A BookKeeper version outside the range the provider was tested on ({@link
   * BookKeeperVersionCheck}) that it runs on anyway: the exact version the bookie's jar reports,
   * such as {@code 4.18.0}.
   */
  public static final String VERSION_ALLOW = PREFIX + "version.allow";

  /** Default of {@link #REAP_INTERVAL_MS}. */
  public static final long DEFAULT_REAP_INTERVAL_MS = 60_000;

  /** The subdirectory of every bookie directory that holds its files. */
  public static final String CURRENT = "current";

  /**
   * Copies the lists.
   *
   * @param source the source
   * @param config the tiers
   * @param journalDirs the journal directories
   * @param ledgerDirs the ledger directories
   * @param reapIntervalMillis the reaper period
   * @param preallocate whether preallocation writes pass
   * @param sizeHintBytes the size hint
   * @param allowedBookKeeperVersion an untested BookKeeper version to run on anyway, empty for none
   */
  public JournalSettings {
    journalDirs = List.copyOf(journalDirs);
    ledgerDirs = List.copyOf(ledgerDirs);
  }

  /**
   * Reads and validates the settings of a bookie.
   *
   * @param bookie the bookie's configuration
   * @return the settings
   * @throws IOException when the settings file cannot be read
   * @throws InvalidConfigException for a bad or missing value, both a settings file and inline tier
   *     keys, a tier path inside or around a bookie directory, or a journal directory too long for
   *     its keys
   */
  public static JournalSettings from(BookieConfig bookie) throws IOException {
    PrefixedSettings keys =
        PrefixedSettings.of(
            bookie.mixchannel(),
            PREFIX,
            List.of(SETTINGS_FILE, REAP_INTERVAL_MS, PREALLOCATE, VERSION_ALLOW));
    Properties tiers = keys.others();
    Optional<String> file = keys.value(SETTINGS_FILE);
    String source;
    MixChannelConfig config;
    if (file.isPresent()) {
      if (!tiers.isEmpty()) {
        throw new InvalidConfigException(
            SETTINGS_FILE,
            file.get(),
            "either a settings file or mixchannel.* tier keys in the bookie configuration, not both"
                + " (found "
                + tiers.stringPropertyNames().iterator().next()
                + ")");
      }
      source = file.get();
      config = MixChannelConfig.load(Path.of(source));
    } else if (tiers.isEmpty()) {
      throw new InvalidConfigException(
          "mixchannel.tiers",
          null,
          "the journal tiers: mixchannel.* keys in the bookie configuration, or "
              + SETTINGS_FILE
              + "=<properties file>");
    } else {
      source = "bookie configuration";
      config = MixChannelConfig.fromProperties(tiers);
    }
    List<Path> journalDirs = current(bookie.journalDirs());
    List<Path> ledgerDirs = current(bookie.ledgerDirs());
    checkOutside(config, bookie.journalDirs(), "journalDirectories");
    checkOutside(config, bookie.ledgerDirs(), "ledgerDirectories");
    checkOutside(config, bookie.indexDirs(), "indexDirectories");
    for (Path dir : journalDirs) {
      if (!JournalKeys.fits(dir)) {
        throw new InvalidConfigException(
            "journalDirectories",
            dir.getParent().toString(),
            "a path short enough for journal keys of at most "
                + JournalKeys.MAX_KEY_BYTES
                + " UTF-8 bytes");
      }
    }
    return new JournalSettings(
        source,
        config,
        journalDirs,
        ledgerDirs,
        keys.millis(REAP_INTERVAL_MS, DEFAULT_REAP_INTERVAL_MS),
        keys.bool(PREALLOCATE),
        Math.max(0, bookie.preAllocBytes()),
        keys.value(VERSION_ALLOW).map(String::trim).orElse(""));
  }

  private static List<Path> current(List<Path> dirs) {
    List<Path> current = new ArrayList<>();
    for (Path dir : dirs) {
      current.add(dir.toAbsolutePath().normalize().resolve(CURRENT));
    }
    return current;
  }

  /**
   * Bookie format deletes everything in these directories and cookie checks want them empty, and a
   * tier that contained one would list the bookie's files as keys: the two must be disjoint.
   */
  private static void checkOutside(MixChannelConfig config, List<Path> dirs, String property) {
    for (Path configured : dirs) {
      Path dir = configured.toAbsolutePath().normalize();
      for (TierConfig tier : config.tiers()) {
        for (Path tierPath : tier.paths()) {
          Path path = tierPath.toAbsolutePath().normalize();
          if (path.startsWith(dir) || dir.startsWith(path)) {
            throw new InvalidConfigException(
                "mixchannel.tier." + tier.name() + ".paths",
                path.toString(),
                "a directory outside every bookie directory, but it "
                    + (path.startsWith(dir) ? "lies in " : "contains ")
                    + property
                    + " entry "
                    + dir
                    + " (bookie format empties those directories and cookie checks want them"
                    + " empty)");
          }
        }
      }
    }
  }
}
