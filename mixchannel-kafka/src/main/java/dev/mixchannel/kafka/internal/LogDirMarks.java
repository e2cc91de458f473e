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
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the rule "a log dir any of whose segment bytes are on a fast tier is marked" ({@link
 * LogDirMark}) for one set of tiers: {@link #markFor(String)} runs before a key's first byte goes
 * to a fast tier (the fast tiers are wrapped in a {@link MarkingTier}), and {@link
 * KafkaSegmentStore} calls it for every key on a fast tier when the tiers open (log dirs written by
 * an adapter that did not mark yet). Only {@code Evacuate} removes a mark, once nothing of the dir
 * is on a fast tier. Thread-safe; a dir is marked at most once per process.
 */
final class LogDirMarks {

  private static final Logger LOG = LoggerFactory.getLogger(LogDirMarks.class);

  private final LogDirs logDirs;
  private final Set<Path> marked = ConcurrentHashMap.newKeySet();

  /**
   * Creates the marks of a set of log dirs.
   *
   * @param logDirs the log dirs, which map a key's tag to its dir
   */
  LogDirMarks(LogDirs logDirs) {
    this.logDirs = logDirs;
  }

  /**
   * Makes sure the log dir of a key is marked, durably, before any of the key's bytes go to a fast
   * tier.
   *
   * @param key a segment key, or a quarantined one
   * @throws IOException when the key's log dir is unknown (nothing of it may go to a fast tier
   *     then) or cannot be marked
   */
  void markFor(String key) throws IOException {
    String segmentKey = Quarantine.originalOf(key).orElse(key);
    Optional<SegmentKey> parsed = SegmentKey.parse(segmentKey);
    if (parsed.isEmpty()) {
      throw new IllegalArgumentException("not a segment key of a Kafka log dir: key=" + key);
    }
    Path dir =
        logDirs
            .dirOf(parsed.get().tag())
            .orElseThrow(
                () ->
                    new NoSuchFileException(
                        key,
                        null,
                        "no known log dir has this directory.id: cannot mark it before its bytes"
                            + " go to a fast tier"));
    mark(dir);
  }

  private void mark(Path dir) throws IOException {
    if (marked.contains(dir)) {
      return;
    }
    synchronized (this) {
      if (!marked.contains(dir)) {
        if (LogDirMark.mark(dir)) {
          LOG.info(
              "marked log dir for MixChannel: a Kafka without the agent now refuses it (until"
                  + " Evacuate): dir={}",
              dir);
        }
        marked.add(dir);
      }
    }
  }
}
