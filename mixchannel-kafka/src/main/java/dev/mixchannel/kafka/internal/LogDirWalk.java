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

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists the segment files of the known log dirs: every {@code <log dir>/<partition dir>/<segment
 * file>}. A log dir or partition directory that cannot be listed is skipped with a WARN line: what
 * cannot be seen is not reported, and nothing is concluded from its absence ({@link #listing} names
 * the log dirs not listed whole, for a caller that concludes from a whole listing).
 */
final class LogDirWalk {
  private static final Logger LOG = LoggerFactory.getLogger(LogDirWalk.class);

  /**
   * A walk's result.
   *
   * @param segments the segment files found
   * @param partial the log dirs that could not be listed whole (the dir, or one of its partition
   *     directories)
   */
  record Listing(List<SegmentPath> segments, Set<Path> partial) {}

  private LogDirWalk() {}

  /** The segment files of the known log dirs. */
  static List<SegmentPath> segments(LogDirs logDirs) {
    return walk(logDirs, "").segments();
  }

  /** The segment files of the known log dirs, and the log dirs not listed whole. */
  static Listing listing(LogDirs logDirs) {
    return walk(logDirs, "");
  }

  /** The segment files with an extra suffix (an incomplete copy's name) in the known log dirs. */
  static List<SegmentPath> incompleteSegments(LogDirs logDirs, String suffix) {
    return walk(logDirs, suffix).segments();
  }

  private static Listing walk(LogDirs logDirs, String suffix) {
    List<SegmentPath> found = new ArrayList<>();
    Set<Path> partial = new HashSet<>();
    for (Map.Entry<String, Path> e : logDirs.known().entrySet()) {
      Path logDir = e.getValue();
      try (DirectoryStream<Path> partitions =
          Files.newDirectoryStream(logDir, Files::isDirectory)) {
        for (Path partition : partitions) {
          if (!listPartition(e.getKey(), logDir, partition, suffix, found)) {
            partial.add(logDir);
          }
        }
      } catch (IOException | RuntimeException ex) {
        partial.add(logDir);
        LOG.warn("log dir cannot be listed, its segments are not reported: dir={}", logDir, ex);
      }
    }
    return new Listing(found, partial);
  }

  /** Lists one partition directory; {@code false} when it cannot be listed. */
  private static boolean listPartition(
      String tag, Path logDir, Path partition, String suffix, List<SegmentPath> found) {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(partition)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (!name.endsWith(suffix)) {
          continue;
        }
        String segment = name.substring(0, name.length() - suffix.length());
        if (SegmentFiles.isSegment(segment) && Files.isRegularFile(file)) {
          found.add(new SegmentPath(logDir, tag, partition.getFileName().toString(), segment));
        }
      }
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "partition directory cannot be listed, its segments are not reported: dir={}",
          partition,
          e);
      return false;
    }
  }
}
