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
package dev.mixchannel.pulsar.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where a standalone's bookie keeps its data, and the {@code standalone.conf} entries that say so.
 * A directory made under the tmpfs base (the PMem tier's pool, or all bookie data for the floor) is
 * removed on close: it holds RAM.
 */
final class BookieStorage implements AutoCloseable {

  /** The three journals P9b compares; the tests use the first two. */
  enum Placement {
    /** The provider: journal keys on a PMem tier (tmpfs here), ledgers and placeholders on disk. */
    MIXCHANNEL("journal on MixChannel (PMem tier)"),
    /** BookKeeper's own journal on disk, beside the ledgers. */
    DISK("journal on disk"),
    /** BookKeeper's own journal and the ledgers on tmpfs: the same sync path, fsync free. */
    TMPFS("all bookie data on tmpfs (floor)");

    private final String label;

    Placement(String label) {
      this.label = label;
    }

    /**
     * The table label.
     *
     * @return the label
     */
    String label() {
      return label;
    }
  }

  private final Placement placement;
  private final Path bookieBase;
  private final Path tmpfsDir;
  private final Path diskTier;
  private final String pmemCapacity;

  /**
   * Creates the directories of one placement.
   *
   * @param placement the journal
   * @param home the run's directory on disk
   * @param tmpfsBase the tmpfs directory (the run's directory when it is missing)
   * @param pmemCapacity the PMem tier's capacity ({@code 128m})
   * @throws IOException when a directory cannot be created
   */
  BookieStorage(Placement placement, Path home, Path tmpfsBase, String pmemCapacity)
      throws IOException {
    this.placement = placement;
    this.pmemCapacity = pmemCapacity;
    Files.createDirectories(home);
    Path base = Files.isDirectory(tmpfsBase) ? tmpfsBase : home;
    this.tmpfsDir =
        placement == Placement.DISK ? null : Files.createTempDirectory(base, "mixchannel-pulsar-");
    this.bookieBase =
        (placement == Placement.TMPFS ? tmpfsDir : home).resolve("bookkeeper").toAbsolutePath();
    this.diskTier = home.resolve("tier-disk").toAbsolutePath();
  }

  /**
   * The bookie's data directory ({@code --bookkeeper-dir}).
   *
   * @return the directory
   */
  Path bookieBase() {
    return bookieBase;
  }

  /**
   * The placement.
   *
   * @return the placement
   */
  Placement placement() {
    return placement;
  }

  /**
   * The {@code standalone.conf} entries of this placement: for MixChannel the provider and its tier
   * keys, as an operator adds them; none for the stock journals.
   *
   * @return the entries
   */
  Map<String, String> config() {
    Map<String, String> c = new LinkedHashMap<>();
    if (placement == Placement.MIXCHANNEL) {
      c.put("journalChannelProvider", "dev.mixchannel.bookkeeper.MixChannelJournalProvider");
      c.put("mixchannel.tiers", "pmem,disk");
      c.put("mixchannel.tier.pmem.kind", "PMEM");
      c.put("mixchannel.tier.pmem.paths", tmpfsDir.toString());
      c.put("mixchannel.tier.pmem.capacity", pmemCapacity);
      c.put("mixchannel.tier.disk.kind", "HDD");
      c.put("mixchannel.tier.disk.paths", diskTier.toString());
    }
    return c;
  }

  /**
   * The same keys mapped to {@code null}, to take the provider out of a configuration.
   *
   * @return the keys with null values
   */
  Map<String, String> withoutProvider() {
    Map<String, String> removed = new LinkedHashMap<>();
    config().keySet().forEach(key -> removed.put(key, null));
    return removed;
  }

  @Override
  public void close() throws IOException {
    if (tmpfsDir != null) {
      delete(tmpfsDir);
    }
  }

  /**
   * Deletes a directory tree, if it exists.
   *
   * @param dir the directory
   * @throws IOException when a file cannot be deleted
   */
  static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
