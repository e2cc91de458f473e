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
package dev.mixchannel.bookkeeper.it;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.bookkeeper.internal.JournalKeys;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The tiers of one test bookie: a PMem tier whose pool is in a fresh directory under {@code
 * /dev/shm} (removed on close) and a disk tier under the test's directory.
 */
public final class TestTiers implements AutoCloseable {

  private final Path pmem;
  private final Path disk;
  private final String pmemCapacity;

  /**
   * Creates the tier directories.
   *
   * @param home the test's directory on disk
   * @throws IOException when a directory cannot be created
   */
  public TestTiers(Path home) throws IOException {
    this(home, Path.of("/dev/shm"), "128m");
  }

  /**
   * Creates the tier directories with the PMem tier under a given directory.
   *
   * @param home the test's directory on disk
   * @param pmemBase where the PMem tier's directory goes (the test's directory when it is missing)
   * @param pmemCapacity the PMem tier's capacity ({@code 128m}, {@code 2g})
   * @throws IOException when a directory cannot be created
   */
  public TestTiers(Path home, Path pmemBase, String pmemCapacity) throws IOException {
    this.pmemCapacity = pmemCapacity;
    Files.createDirectories(home);
    this.pmem =
        Files.createTempDirectory(
            Files.isDirectory(pmemBase) ? pmemBase : home, "mixchannel-bk-test-");
    this.disk = Files.createDirectories(home.resolve("tier-disk"));
  }

  /**
   * The bookie configuration entries that turn the provider on with these tiers.
   *
   * @return {@code journalChannelProvider} and the {@code mixchannel.*} keys
   */
  public Map<String, String> providerConfig() {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("journalChannelProvider", "dev.mixchannel.bookkeeper.MixChannelJournalProvider");
    properties().forEach((key, value) -> config.put((String) key, (String) value));
    return config;
  }

  /**
   * The same entries, each mapped to {@code null} (to remove the provider from a configuration).
   *
   * @return the keys, with null values
   */
  public Map<String, String> withoutProvider() {
    Map<String, String> removed = new LinkedHashMap<>();
    providerConfig().keySet().forEach(key -> removed.put(key, null));
    return removed;
  }

  /**
   * Opens the tiers in the test JVM (the bookie must be stopped).
   *
   * @return the manager; the caller closes it
   * @throws IOException when the tiers cannot be opened
   */
  public TierManager open() throws IOException {
    return TierManager.builder(MixChannelConfig.fromProperties(properties()))
        .startMigrator(false)
        .build();
  }

  /**
   * The PMem tier's directory.
   *
   * @return the directory under {@code /dev/shm}
   */
  public Path pmemDir() {
    return pmem;
  }

  /**
   * The journal files ({@code *.txn}) of a journal directory.
   *
   * @param journalDir the configured journal directory
   * @return their paths, sorted
   * @throws IOException when the directory cannot be listed
   */
  public static List<Path> journalFiles(Path journalDir) throws IOException {
    List<Path> files = new ArrayList<>();
    Path current = journalDir.resolve("current");
    if (!Files.isDirectory(current)) {
      return files;
    }
    try (DirectoryStream<Path> children = Files.newDirectoryStream(current, "*.txn")) {
      children.forEach(files::add);
    }
    files.sort(Comparator.naturalOrder());
    return files;
  }

  /**
   * The keys the journal files of a directory map to.
   *
   * @param journalDir the configured journal directory
   * @return the keys, sorted
   * @throws IOException when the directory cannot be listed
   */
  public static TreeSet<String> keysOf(Path journalDir) throws IOException {
    TreeSet<String> keys = new TreeSet<>();
    for (Path file : journalFiles(journalDir)) {
      keys.add(JournalKeys.keyOf(file));
    }
    return keys;
  }

  @Override
  public void close() throws IOException {
    if (Files.exists(pmem)) {
      try (Stream<Path> paths = Files.walk(pmem)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      }
    }
  }

  private Properties properties() {
    Properties p = new Properties();
    p.setProperty("mixchannel.tiers", "pmem,disk");
    p.setProperty("mixchannel.tier.pmem.kind", "PMEM");
    p.setProperty("mixchannel.tier.pmem.paths", pmem.toString());
    p.setProperty("mixchannel.tier.pmem.capacity", pmemCapacity);
    p.setProperty("mixchannel.tier.disk.kind", "HDD");
    p.setProperty("mixchannel.tier.disk.paths", disk.toString());
    return p;
  }
}
