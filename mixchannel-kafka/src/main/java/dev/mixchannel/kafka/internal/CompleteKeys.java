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
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Which keys are complete on the log-dir tier ({@link LogDirTier}): a key whose file holds segment
 * bytes, or one of the <em>empty keys</em>, created or published empty through the tier while it is
 * open (an empty file is otherwise a placeholder, never a key: so after a restart a placeholder is
 * never mistaken for a segment). Kafka deletes and renames its files at any time (its log loader
 * deletes {@code .deleted} and {@code .cleaned} files directly), so a file seen a moment ago may be
 * gone: an empty key whose file is gone is forgotten. Not thread-safe: the tier calls it under its
 * lock.
 */
final class CompleteKeys {

  private final Set<String> emptyKeys = new HashSet<>();

  /**
   * Whether a key is complete: its file holds segment bytes, or it is an empty key whose file is
   * there. An empty key whose file is gone is forgotten.
   *
   * @param key the key
   * @param file its segment file
   * @return whether the key is complete
   * @throws IOException when the file cannot be read
   */
  boolean contains(String key, Path file) throws IOException {
    long bytes = Placeholder.segmentBytes(file);
    if (bytes < 0) {
      emptyKeys.remove(key);
      return false;
    }
    return containsListed(key, bytes);
  }

  /**
   * Whether a key a listing of the log dirs found is complete, from the segment bytes its file was
   * just found to hold; forgets nothing.
   *
   * @param key the key
   * @param segmentBytes what {@link Placeholder#segmentBytes} says of its file
   * @return whether the key is complete
   */
  boolean containsListed(String key, long segmentBytes) {
    return segmentBytes > 0 || (segmentBytes == 0 && emptyKeys.contains(key));
  }

  /**
   * Makes a key an empty key: it was created or published through the tier, maybe empty.
   *
   * @param key the key
   */
  void addEmpty(String key) {
    emptyKeys.add(key);
  }

  /**
   * Forgets a key as an empty key (it may still be complete by its bytes).
   *
   * @param key the key
   * @return whether it was an empty key
   */
  boolean removeEmpty(String key) {
    return emptyKeys.remove(key);
  }
}
