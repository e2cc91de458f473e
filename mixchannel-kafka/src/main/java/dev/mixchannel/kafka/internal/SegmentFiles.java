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

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names Kafka gives segment files and partition directories, and the renames Kafka makes
 * between them. Pure functions; thread-safe.
 *
 * <p>A segment file is {@code <20 digits>.log}, optionally followed by one of the suffixes Kafka
 * adds while deleting ({@code .deleted}), cleaning ({@code .cleaned}) or swapping ({@code .swap}) a
 * segment. A partition directory is {@code <topic>-<partition>}, optionally followed by {@code .<32
 * hex digits>-delete|-future|-stray} while Kafka deletes it, moves it between log dirs or removes a
 * stray replica (the topic part may be cut so the name stays within 255 characters).
 */
public final class SegmentFiles {

  /** Suffix of a segment Kafka is about to delete. */
  public static final String DELETED = ".deleted";

  /** Suffix of a segment the log cleaner is writing. */
  public static final String CLEANED = ".cleaned";

  /** Suffix of a cleaned segment about to replace the segments it compacts. */
  public static final String SWAP = ".swap";

  private static final Pattern SEGMENT =
      Pattern.compile("(\\d{20})\\.log(\\.deleted|\\.cleaned|\\.swap)?");

  private static final Pattern RENAMED_PARTITION_DIR =
      Pattern.compile("(.*)\\.[0-9a-f]{32}-(delete|future|stray)");

  /** Kafka caps directory names at 255 characters by cutting the topic part. */
  private static final int MAX_DIR_NAME_LENGTH = 255;

  private SegmentFiles() {}

  /**
   * Whether a file name is a segment file in any of its forms.
   *
   * @param fileName a file name without directory
   * @return whether it matches {@code \d{20}\.log(\.deleted|\.cleaned|\.swap)?}
   */
  public static boolean isSegment(String fileName) {
    return SEGMENT.matcher(fileName).matches();
  }

  /**
   * The suffix after {@code .log} of a segment file name.
   *
   * @param fileName a segment file name
   * @return {@code ""}, {@link #DELETED}, {@link #CLEANED} or {@link #SWAP}
   * @throws IllegalArgumentException when the name is no segment file name
   */
  public static String suffix(String fileName) {
    Matcher m = matcher(fileName);
    return m.group(2) == null ? "" : m.group(2);
  }

  /**
   * The name of a segment file without its suffix.
   *
   * @param fileName a segment file name
   * @return {@code <20 digits>.log}
   * @throws IllegalArgumentException when the name is no segment file name
   */
  public static String baseName(String fileName) {
    return matcher(fileName).group(1) + ".log";
  }

  /**
   * The suffixes Kafka renames a segment to from the given one, most likely first: a live segment
   * is deleted; a cleaned one becomes a swap file; a swap file becomes live or, when its swap is
   * abandoned, deleted. A deleted segment is never renamed again.
   *
   * @param suffix the suffix of the segment before the rename
   * @return the suffixes it can have after one rename by {@code FileRecords.renameTo}
   */
  public static List<String> successors(String suffix) {
    return switch (suffix) {
      case "" -> List.of(DELETED);
      case CLEANED -> List.of(SWAP);
      case SWAP -> List.of("", DELETED);
      default -> List.of();
    };
  }

  /**
   * The topic-partition a partition directory belongs to: its name without the {@code
   * .<hex>-delete|-future|-stray} part.
   *
   * @param dirName a directory name
   * @return the topic-partition part (possibly cut by Kafka), or the name itself
   */
  public static String partitionOf(String dirName) {
    Matcher m = RENAMED_PARTITION_DIR.matcher(dirName);
    return m.matches() ? m.group(1) : dirName;
  }

  /**
   * The topic a partition directory belongs to: its topic-partition part without the {@code
   * -<partition>} number.
   *
   * @param dirName a partition directory name
   * @return the topic (possibly cut by Kafka for a renamed directory)
   */
  public static String topicOf(String dirName) {
    String partition = partitionOf(dirName);
    int dash = partition.lastIndexOf('-');
    return dash > 0 ? partition.substring(0, dash) : partition;
  }

  /**
   * Whether Kafka may have renamed one partition directory to the other in one step: both belong to
   * the same topic-partition (allowing for the cut Kafka makes to a long name) and they differ.
   *
   * @param from the directory name before
   * @param to the directory name after
   * @return whether {@code from} and {@code to} are two names of one partition's directory
   */
  public static boolean isPartitionDirRename(String from, String to) {
    if (from.equals(to)) {
      return false;
    }
    String a = partitionOf(from);
    String b = partitionOf(to);
    if (a.equals(b)) {
      return true;
    }
    return (to.length() == MAX_DIR_NAME_LENGTH && !b.isEmpty() && a.startsWith(b))
        || (from.length() == MAX_DIR_NAME_LENGTH && !a.isEmpty() && b.startsWith(a));
  }

  private static Matcher matcher(String fileName) {
    Matcher m = SEGMENT.matcher(fileName);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a segment file name: name=" + fileName);
    }
    return m;
  }
}
