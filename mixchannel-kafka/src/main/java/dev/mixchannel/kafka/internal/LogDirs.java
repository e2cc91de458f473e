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

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierConfig;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Pattern;

/**
 * The Kafka log dirs whose segment files the adapter serves, and the tag of each (its Kafka {@code
 * directory.id}, read from its {@code meta.properties}).
 *
 * <p>Configured: the log dirs are listed (Kafka's {@code log.dirs}/{@code log.dir}, plus {@code
 * metadata.log.dir}) and only segment files directly inside their partition directories are served.
 * Learned: nothing is listed and the grandparent of every segment file that has a {@code
 * meta.properties} with a {@code directory.id} becomes a log dir on first sight. Either way a log
 * dir that contains or lies in a tier path is refused. Thread-safe.
 */
final class LogDirs {

  /** The file Kafka keeps in every formatted log dir. */
  public static final String META_PROPERTIES = "meta.properties";

  /** The {@code meta.properties} key of a log dir's id. */
  public static final String DIRECTORY_ID = "directory.id";

  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private final List<Path> configured;
  private final List<TierConfig> tiers;
  private final ConcurrentMap<Path, String> tagByDir = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, Path> dirByTag = new ConcurrentHashMap<>();

  private LogDirs(List<Path> configured, List<TierConfig> tiers) {
    this.configured = List.copyOf(configured);
    this.tiers = List.copyOf(tiers);
  }

  /**
   * Creates the set of log dirs and checks the configured ones against the tiers.
   *
   * @param configured the configured log dirs, or an empty list to learn them
   * @param config the tier configuration
   * @return the log dirs
   * @throws InvalidConfigException when a log dir contains or lies in a tier path
   */
  public static LogDirs of(List<Path> configured, MixChannelConfig config) {
    List<Path> dirs = new ArrayList<>();
    for (Path dir : configured) {
      Path normalized = dir.toAbsolutePath().normalize();
      checkDisjoint(normalized, config.tiers());
      if (!dirs.contains(normalized)) {
        dirs.add(normalized);
      }
    }
    return new LogDirs(dirs, config.tiers());
  }

  /**
   * Whether the log dirs were configured rather than learned.
   *
   * @return {@code true} when configured
   */
  public boolean isConfigured() {
    return !configured.isEmpty();
  }

  /**
   * Whether every log dir a key may belong to is known, so that a key whose anchor is missing from
   * them is really orphaned: the log dirs are configured, or exactly one was learned.
   *
   * @return whether orphans may be judged
   */
  public boolean isComplete() {
    return isConfigured() || dirByTag.size() == 1;
  }

  /**
   * Maps a file Kafka opens to a segment path.
   *
   * @param file the file
   * @return the segment path, or empty when the file is no segment file in a served log dir
   * @throws IOException when a configured log dir has no readable {@code directory.id}
   * @throws InvalidConfigException when a newly learned log dir clashes with a tier path
   */
  public Optional<SegmentPath> resolve(File file) throws IOException {
    Path path = file.toPath().toAbsolutePath().normalize();
    Path name = path.getFileName();
    Path partitionDir = path.getParent();
    if (name == null || partitionDir == null || partitionDir.getParent() == null) {
      return Optional.empty();
    }
    if (!SegmentFiles.isSegment(name.toString())) {
      return Optional.empty();
    }
    Path logDir = partitionDir.getParent();
    String tag = tagByDir.get(logDir);
    if (tag == null) {
      if (isConfigured()) {
        if (!configured.contains(logDir)) {
          return Optional.empty();
        }
        tag = learn(logDir);
      } else {
        if (!Files.isRegularFile(logDir.resolve(META_PROPERTIES))) {
          return Optional.empty();
        }
        checkDisjoint(logDir, tiers);
        tag = learn(logDir);
      }
    }
    return Optional.of(
        new SegmentPath(logDir, tag, partitionDir.getFileName().toString(), name.toString()));
  }

  /**
   * The log dir of a tag.
   *
   * @param tag the tag
   * @return the log dir, or empty when no known log dir has that tag
   */
  public Optional<Path> dirOf(String tag) {
    return Optional.ofNullable(dirByTag.get(tag));
  }

  /**
   * The known log dirs by tag: every configured log dir with a readable {@code directory.id} (the
   * others are skipped: Kafka keeps them offline), or the learned ones.
   *
   * @return a sorted snapshot
   */
  public Map<String, Path> known() {
    for (Path dir : configured) {
      if (!tagByDir.containsKey(dir)) {
        try {
          learn(dir);
        } catch (IOException e) {
          // Kafka takes a log dir without a readable meta.properties offline; so do we.
          continue;
        }
      }
    }
    return new TreeMap<>(dirByTag);
  }

  /**
   * Whether a log dir answers now: its {@code meta.properties} is readable and names the expected
   * {@code directory.id}, and the directory can be listed. A log dir that does not answer (offline,
   * unmounted, failing, replaced) is never taken to be empty.
   *
   * @param logDir the log dir
   * @param tag the {@code directory.id} it must have
   * @return whether it answers
   */
  public static boolean answers(Path logDir, String tag) {
    try {
      if (!tag.equals(readTag(logDir))) {
        return false;
      }
      try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(logDir)) {
        entries.iterator().hasNext();
      }
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Reads a log dir's tag from its {@code meta.properties}.
   *
   * @param logDir the log dir
   * @return the {@code directory.id}
   * @throws IOException when the file is missing or unreadable or has no valid {@code directory.id}
   */
  public static String readTag(Path logDir) throws IOException {
    Path meta = logDir.resolve(META_PROPERTIES);
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(meta)) {
      properties.load(in);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(
          meta.toString(), null, "log dir is not formatted: no " + META_PROPERTIES);
    }
    String id = properties.getProperty(DIRECTORY_ID);
    if (id == null || !TAG.matcher(id).matches()) {
      throw new IOException(
          "log dir has no valid "
              + DIRECTORY_ID
              + ": value="
              + id
              + ", expected a Kafka directory id (Kafka 3.7+ writes one at startup) ("
              + meta
              + ")");
    }
    return id;
  }

  private synchronized String learn(Path logDir) throws IOException {
    String known = tagByDir.get(logDir);
    if (known != null) {
      return known;
    }
    String tag = readTag(logDir);
    Path other = dirByTag.putIfAbsent(tag, logDir);
    if (other != null && !other.equals(logDir)) {
      throw new IOException(
          "two log dirs share one "
              + DIRECTORY_ID
              + ": id="
              + tag
              + ", first="
              + other
              + " ("
              + logDir
              + ")");
    }
    tagByDir.put(logDir, tag);
    return tag;
  }

  private static void checkDisjoint(Path logDir, List<TierConfig> tiers) {
    for (TierConfig tier : tiers) {
      for (Path tierPath : tier.paths()) {
        Path p = tierPath.toAbsolutePath().normalize();
        if (p.startsWith(logDir) || logDir.startsWith(p)) {
          throw new InvalidConfigException(
              "log.dirs",
              logDir.toString(),
              "a Kafka log dir that no MixChannel tier path lies in or contains (clashes with tier "
                  + tier.name()
                  + " path "
                  + p
                  + ")");
        }
      }
    }
  }
}
