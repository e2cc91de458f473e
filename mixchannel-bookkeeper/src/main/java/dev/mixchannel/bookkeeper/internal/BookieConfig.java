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

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.bookkeeper.conf.ServerConfiguration;

/**
 * The values of a bookie's configuration that the journal provider needs, free of BookKeeper types:
 * the {@code mixchannel.*} keys, the bookie's directories and the journal preallocation size.
 * Immutable.
 *
 * <p>Only methods that BookKeeper 4.16 (Commons Configuration 1) and 4.17 (Commons Configuration 2)
 * both have, with the same signatures, are called on the configuration.
 *
 * @param mixchannel every {@code mixchannel.*} key with its value (list values joined by commas)
 * @param journalDirs the configured journal directories ({@code journalDirectories}), as given
 * @param ledgerDirs the configured ledger directories ({@code ledgerDirectories})
 * @param indexDirs the configured index directories ({@code indexDirectories}), empty when they are
 *     the ledger directories
 * @param preAllocBytes the journal preallocation size ({@code journalPreAllocSizeMB}) in bytes
 */
public record BookieConfig(
    Map<String, String> mixchannel,
    List<Path> journalDirs,
    List<Path> ledgerDirs,
    List<Path> indexDirs,
    long preAllocBytes) {

  /** The prefix of every key the provider reads from the bookie's configuration. */
  public static final String PREFIX = "mixchannel.";

  /**
   * Copies the collections.
   *
   * @param mixchannel the {@code mixchannel.*} keys
   * @param journalDirs the journal directories
   * @param ledgerDirs the ledger directories
   * @param indexDirs the index directories
   * @param preAllocBytes the preallocation size
   */
  public BookieConfig {
    mixchannel = Map.copyOf(mixchannel);
    journalDirs = List.copyOf(journalDirs);
    ledgerDirs = List.copyOf(ledgerDirs);
    indexDirs = List.copyOf(indexDirs);
  }

  /**
   * Reads the values from a bookie's configuration.
   *
   * @param conf the configuration the bookie passes to the provider
   * @return the values
   */
  public static BookieConfig of(ServerConfiguration conf) {
    Map<String, String> keys = new TreeMap<>();
    for (Iterator<String> names = conf.getKeys(); names.hasNext(); ) {
      String name = names.next();
      if (name.startsWith(PREFIX)) {
        // Commons Configuration splits values at commas; tier path lists want them back.
        keys.put(name, String.join(",", conf.getStringArray(name)).trim());
      }
    }
    String[] indexNames = conf.getIndexDirNames();
    return new BookieConfig(
        keys,
        paths(conf.getJournalDirNames()),
        paths(conf.getLedgerDirNames()),
        indexNames == null ? List.of() : paths(indexNames),
        conf.getJournalPreAllocSizeMB() * 1024L * 1024L);
  }

  private static List<Path> paths(String[] names) {
    List<Path> paths = new ArrayList<>();
    for (String name : names) {
      if (name != null && !name.isBlank()) {
        paths.add(new File(name.trim()).toPath());
      }
    }
    return paths;
  }
}
