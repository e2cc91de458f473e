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

import dev.mixchannel.api.KeyRefusedException;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The segments whose bytes a fast tier lost. The adapter writes a placeholder's bytes into a
 * segment file only once the segment's key exists ({@link SegmentOpener}: a new segment's file is
 * created empty, then its key, then the placeholder is filled; a promotion publishes the fast copy
 * before it replaces the file), so a file that is a placeholder with at least one byte ({@link
 * Placeholder#claimsKey}: whole, or a prefix a cut fill left) says its bytes were on a fast tier.
 * When no tier holds its key (and none refuses it), that tier lost them: a PMem DAX mount that
 * failed at boot (a new, empty pool in the empty mount point), a tmpfs pool gone with a reboot, a
 * pool path edited in the settings. Such a segment is <em>lost</em> and refused: never created anew
 * (an empty segment Kafka would serve and replicate), never emptied or overwritten (the file is the
 * evidence), never read by Kafka as a segment; its log dir is refused as a whole ({@link
 * RefusedLogDirs}), at start or when Kafka first opens it, until the bytes are back or an operator
 * removes the segment. An empty file without a key is no loss: a new segment whose key the broker
 * did not create before it stopped, or a placeholder of the first layout.
 *
 * <p>Thread-safe: reads files and asks the manager.
 */
final class LostSegments {

  private static final Logger LOG = LoggerFactory.getLogger(LostSegments.class);

  private static final String REASON =
      "a segment file of it is a placeholder whose key no tier holds, its bytes were on a fast"
          + " tier that no longer holds them";

  private final TierManager manager;
  private final String fastTiers;

  /**
   * Creates the rule for a broker's tiers.
   *
   * @param manager the tiers
   * @param fastTiers the configured fast tiers, named with their paths in the messages
   */
  LostSegments(TierManager manager, List<TierConfig> fastTiers) {
    this.manager = manager;
    this.fastTiers =
        fastTiers.stream()
            .map(t -> t.name() + "=" + t.paths())
            .collect(Collectors.joining(", ", "[", "]"));
  }

  /**
   * Whether a segment is lost: its file claims a key ({@link Placeholder#claimsKey}) that no tier
   * holds or refuses (a refused key refuses its dir as such).
   *
   * @param segment the segment
   * @return whether its bytes are lost
   * @throws IOException when the file cannot be read
   */
  boolean isLost(SegmentPath segment) throws IOException {
    try {
      if (manager.exists(segment.key())) {
        return false;
      }
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof KeyRefusedException) {
        return false;
      }
      throw e;
    }
    return Placeholder.claimsKey(segment.anchor());
  }

  /**
   * The lost segments of the known log dirs that are not refused yet, by log dir.
   *
   * @param logDirs the log dirs
   * @param refused the dirs refused already, not walked
   * @return the lost segments, by log dir in the order found
   * @throws IOException when a file cannot be read
   */
  Map<Path, List<SegmentPath>> find(LogDirs logDirs, RefusedLogDirs refused) throws IOException {
    Map<Path, List<SegmentPath>> lost = new LinkedHashMap<>();
    for (SegmentPath segment : LogDirWalk.segments(logDirs)) {
      if (!refused.isRefused(segment.logDir()) && isLost(segment)) {
        lost.computeIfAbsent(segment.logDir(), d -> new ArrayList<>()).add(segment);
      }
    }
    return lost;
  }

  /**
   * Refuses the log dirs of lost segments found when the store opens, with one ERROR line per dir
   * naming its first lost file, its key and how many there are.
   *
   * @param lost the lost segments by log dir ({@link #find})
   * @param refused where the refusal goes
   */
  void refuseAtStart(Map<Path, List<SegmentPath>> lost, RefusedLogDirs refused) {
    lost.forEach(
        (dir, segments) -> {
          SegmentPath first = segments.get(0);
          refused.refuse(first, refusal(first));
          LOG.error(
              "MixChannel refuses a log dir whose segment files are placeholders without a key:"
                  + " their bytes were on a fast tier that no longer holds them; Kafka takes the"
                  + " dir offline, the others serve: logDir={}, placeholders={}, file={}, key={}"
                  + " (fast tiers {}; nothing changed, see docs/troubleshooting.md)",
              dir,
              segments.size(),
              first.anchor(),
              first.key(),
              fastTiers);
        });
  }

  /**
   * Refuses a lost segment Kafka opens, and its log dir from now on (one ERROR line when this
   * refuses the dir).
   *
   * @param segment the lost segment
   * @param refused where the refusal goes
   * @return the exception to throw, naming the file, the key, why and what to check
   */
  IOException refuse(SegmentPath segment, RefusedLogDirs refused) {
    RefusedLogDirs.Refusal refusal = refusal(segment);
    if (refused.refuse(segment, refusal)) {
      LOG.error(
          "MixChannel refuses a segment file that is a placeholder without a key, its bytes were"
              + " on a fast tier that no longer holds them; Kafka takes its log dir offline:"
              + " file={}, key={}, logDir={} (fast tiers {}; nothing changed, see"
              + " docs/troubleshooting.md)",
          segment.anchor(),
          segment.key(),
          segment.logDir(),
          fastTiers);
    }
    return refusal.cause();
  }

  /**
   * Fails the creation of a key on the log-dir tier over a file that claims a key (the last guard:
   * the open path refuses a lost segment before it creates a key): a new key there takes Kafka's
   * file as it is, which must be missing or empty, and a lost segment's file is never emptied.
   *
   * @param key the key to create
   * @param file its segment file
   * @throws IOException when the file claims a key, or cannot be read
   */
  static void checkCreatable(String key, Path file) throws IOException {
    if (Placeholder.claimsKey(file)) {
      throw new IOException(
          "create refused, the segment file is a placeholder whose key no tier holds: key="
              + key
              + " (its bytes were on a fast tier that no longer holds them; nothing changed, "
              + file
              + ")");
    }
  }

  private RefusedLogDirs.Refusal refusal(SegmentPath segment) {
    String advice = advice();
    IOException error =
        new IOException(
            "segment refused, its bytes were on a fast tier that no longer holds them: file="
                + segment.anchor()
                + ", key="
                + segment.key()
                + ", logDir="
                + segment.logDir()
                + " ("
                + advice
                + ")");
    return new RefusedLogDirs.Refusal(segment.key(), REASON, advice, error);
  }

  private String advice() {
    return "the file is a MixChannel placeholder and no tier holds its key; nothing was changed."
        + " Check that each fast tier's mount is mounted and its path is the one that held the"
        + " bytes (fast tiers "
        + fastTiers
        + "); mixchannel-tool inspect <pool file or PMem dir> lists a pool's keys and mixchannel-tool"
        + " verify <settings> checks the tiers; restart with the bytes back, or, if they are gone,"
        + " remove the partition from this log dir so that Kafka copies it from a replica; see"
        + " docs/troubleshooting.md";
  }
}
