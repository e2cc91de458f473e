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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierLayoutException;
import dev.mixchannel.common.DurableFiles;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The marker a tier manager keeps in each directory of its built-in tiers ({@value #FILE_NAME}):
 * which manager wrote it, this directory's identity, and the whole layout as it was last recorded
 * (every directory's identity, tier and path), so that any one directory tells what the others
 * should be. A properties file; written whole and atomically ({@link DurableFiles#replace}).
 *
 * @param managerId the identity of the manager, the same in every directory of one manager
 * @param generation the layout's generation, raised each time the layout changes
 * @param pathId the identity of the directory that holds this marker
 * @param entries every directory of the layout
 */
record LayoutMarker(String managerId, long generation, String pathId, List<Entry> entries) {

  /** The marker's name: under the reserved prefix, so no tier takes it for a key. */
  static final String FILE_NAME = StorageTier.RESERVED_PREFIX + "-tier";

  /**
   * One directory of a layout.
   *
   * @param pathId its identity
   * @param tier the tier it belongs to
   * @param path where it was when the layout was recorded
   */
  record Entry(String pathId, String tier, String path) {}

  /**
   * Reads the marker of a directory.
   *
   * @param directory the directory
   * @return the marker, or empty when the directory or its marker does not exist
   * @throws TierLayoutException when the marker cannot be parsed (damaged, or not ours)
   * @throws IOException when it cannot be read (a failing disk is not taken for a missing marker)
   */
  static Optional<LayoutMarker> read(Path directory) throws IOException {
    Path file = directory.resolve(FILE_NAME);
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException | NotDirectoryException e) {
      return Optional.empty();
    }
    Properties p = new Properties();
    p.load(new StringReader(text));
    try {
      List<Entry> entries = new ArrayList<>();
      for (int i = 0; p.containsKey("entry." + i); i++) {
        String[] parts = p.getProperty("entry." + i).split(" ", 3);
        entries.add(new Entry(parts[0], parts[1], parts[2]));
      }
      return Optional.of(
          new LayoutMarker(
              required(p, "manager.id"),
              Long.parseLong(required(p, "generation")),
              required(p, "path.id"),
              List.copyOf(entries)));
    } catch (RuntimeException e) {
      throw new TierLayoutException(
          "tier layout marker unreadable: file="
              + file
              + ", reason="
              + e
              + " (restore it, or accept the layout as configured: java -jar mixchannel-tool.jar"
              + " accept-layout <config>)");
    }
  }

  private static String required(Properties p, String key) {
    String value = p.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("missing " + key);
    }
    return value.trim();
  }

  /**
   * Writes this marker into a directory, durably.
   *
   * @param directory the directory
   * @throws IOException when it cannot be written
   */
  void write(Path directory) throws IOException {
    Properties p = new Properties();
    p.setProperty("manager.id", managerId);
    p.setProperty("generation", Long.toString(generation));
    p.setProperty("path.id", pathId);
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      p.setProperty("entry." + i, e.pathId() + " " + e.tier() + " " + e.path());
    }
    StringWriter text = new StringWriter();
    try {
      p.store(text, "MixChannel tier layout; do not edit (see docs/troubleshooting.md)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    DurableFiles.replace(
        directory.resolve(FILE_NAME), text.toString().getBytes(StandardCharsets.UTF_8));
  }
}
