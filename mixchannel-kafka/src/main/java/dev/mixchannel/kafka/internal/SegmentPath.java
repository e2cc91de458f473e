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

import java.nio.file.Path;

/**
 * Where a Kafka segment file lives and the tier key its bytes live under. The key is {@code
 * <tag>/<partition dir>/<file name>}: relative to the log dir, qualified by the log dir's tag (its
 * Kafka {@code directory.id}) so that the same partition directory name in two log dirs of one
 * broker (Kafka does that while it moves a replica between log dirs) maps to two keys.
 *
 * @param logDir the log dir, absolute and normalized
 * @param tag the log dir's tag
 * @param partitionDir the name of the partition directory
 * @param fileName the segment file name
 */
record SegmentPath(Path logDir, String tag, String partitionDir, String fileName) {

  /**
   * The tier key of this segment.
   *
   * @return {@code <tag>/<partition dir>/<file name>}
   */
  public String key() {
    return key(tag, partitionDir, fileName);
  }

  /**
   * The anchor: the file Kafka sees, empty while the bytes live in the tiers.
   *
   * @return {@code <log dir>/<partition dir>/<file name>}
   */
  public Path anchor() {
    return logDir.resolve(partitionDir).resolve(fileName);
  }

  /**
   * The same segment under another file name in the same partition directory.
   *
   * @param otherFileName the file name
   * @return the path
   */
  public SegmentPath withFileName(String otherFileName) {
    return new SegmentPath(logDir, tag, partitionDir, otherFileName);
  }

  /**
   * The same file name in another partition directory of the same log dir.
   *
   * @param otherPartitionDir the directory name
   * @return the path
   */
  public SegmentPath withPartitionDir(String otherPartitionDir) {
    return new SegmentPath(logDir, tag, otherPartitionDir, fileName);
  }

  /**
   * Builds a key.
   *
   * @param tag the log dir's tag
   * @param partitionDir the partition directory name
   * @param fileName the segment file name
   * @return {@code <tag>/<partition dir>/<file name>}
   */
  public static String key(String tag, String partitionDir, String fileName) {
    return tag + "/" + partitionDir + "/" + fileName;
  }
}
