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

import java.util.Optional;

/**
 * A tier key split into its parts (see {@link SegmentPath}).
 *
 * @param tag the log dir's tag
 * @param partitionDir the partition directory name
 * @param fileName the segment file name
 */
record SegmentKey(String tag, String partitionDir, String fileName) {

  /**
   * Parses a key.
   *
   * @param key a tier key
   * @return its parts, or empty when the key has not exactly three parts or its last part is no
   *     segment file name (the key is then not one of the adapter's)
   */
  public static Optional<SegmentKey> parse(String key) {
    String[] parts = key.split("/", -1);
    if (parts.length != 3 || parts[0].isEmpty() || !SegmentFiles.isSegment(parts[2])) {
      return Optional.empty();
    }
    return Optional.of(new SegmentKey(parts[0], parts[1], parts[2]));
  }

  /**
   * The key.
   *
   * @return {@code <tag>/<partition dir>/<file name>}
   */
  @Override
  public String toString() {
    return SegmentPath.key(tag, partitionDir, fileName);
  }
}
