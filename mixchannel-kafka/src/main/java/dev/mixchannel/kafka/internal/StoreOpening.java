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

import dev.mixchannel.api.DivergentCopiesException;
import dev.mixchannel.api.KeyRefusedException;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link KafkaSegmentStore#open} checks and repairs first, when the tiers open and before the
 * store serves a segment: refused keys (copies that differ, copies a tier refuses), hot log dirs
 * without their mark, and segments whose bytes a fast tier lost. Not thread-safe; used once per
 * open.
 */
final class StoreOpening {

  private static final Logger LOG = LoggerFactory.getLogger(StoreOpening.class);

  private final KafkaTiers tiers;
  private final TierManager manager;
  private final LogDirs logDirs;
  private final String lastTier;

  StoreOpening(KafkaTiers tiers, LogDirs logDirs, String lastTier) {
    this.tiers = tiers;
    this.manager = tiers.manager();
    this.logDirs = logDirs;
    this.lastTier = lastTier;
  }

  /**
   * The log dirs to refuse because recovery refused a key of theirs: its complete copies on two
   * tiers differ (a Kafka without the agent wrote a segment file whose bytes were on a fast tier,
   * or a copy by hand; both kept), or a tier refuses its copy (a PMem slot that failed its checks:
   * what it holds is unknown). The tiering core refuses the key; the store refuses every segment of
   * that key's log dir with an {@link IOException} ({@link RefusedLogDirs}), which Kafka handles as
   * a failure of that dir (offline; a failed metadata log dir stops the broker), and serves the
   * other dirs. Never a silent choice of a copy, never a key created anew: {@code mixchannel-tool
   * resolve} keeps one of two copies, then the dir serves again at the next start. A refused key
   * that names no log dir (not a segment key) cannot be confined to one, so the store does not open
   * at all: every segment open fails, as every dir's would.
   *
   * @return the refused dirs, none when no key is refused
   * @throws IOException when a refused key belongs to no log dir
   */
  RefusedLogDirs refusedLogDirs() throws IOException {
    List<String> refused = manager.refusedKeys();
    if (refused.isEmpty()) {
      return RefusedLogDirs.none();
    }
    List<String> named = new ArrayList<>();
    Map<String, RefusedLogDirs.Refusal> byTag = new HashMap<>();
    Set<Path> refusedDirs = new HashSet<>();
    KeyRefusedException unplaced = null;
    for (String key : refused) {
      KeyRefusedException refusal = refusalOf(key);
      Optional<SegmentKey> parsed = SegmentKey.parse(Quarantine.originalOf(key).orElse(key));
      if (parsed.isEmpty()) {
        unplaced = unplaced == null ? refusal : unplaced;
      } else if (refusal != null) {
        byTag.putIfAbsent(parsed.get().tag(), RefusedLogDirs.Refusal.of(refusal));
      }
      Optional<Path> dir = parsed.flatMap(k -> logDirs.dirOf(k.tag()));
      if (refusal != null) {
        dir.ifPresent(refusedDirs::add);
      }
      named.add(
          key
              + " (log dir "
              + dir.map(Path::toString).orElse("unknown")
              + (refusal instanceof DivergentCopiesException d
                  ? ", resolve with: " + d.resolution()
                  : refusal == null ? "" : ", a tier refuses its copy")
              + ")");
    }
    if (unplaced != null) {
      LOG.error(
          "MixChannel refuses to serve Kafka: refused keys that belong to no log dir (complete"
              + " copies on two tiers differ, both kept; or a tier refuses its copy); Kafka takes"
              + " the log dirs offline until each is resolved: {}",
          named);
      throw new IOException(
          "MixChannel refuses to serve Kafka: refused keys that belong to no log dir (complete"
              + " copies on two tiers differ, resolve each with mixchannel-tool resolve; or a tier"
              + " refuses its copy): "
              + named,
          unplaced);
    }
    LOG.error(
        "MixChannel refuses the log dirs of refused segments (complete copies on two tiers differ,"
            + " both kept; or a tier refuses its copy); Kafka takes those dirs offline until each"
            + " is resolved, the others serve: {}",
        named);
    return new RefusedLogDirs(byTag, refusedDirs);
  }

  /** The tiers' refusal of a refused key, or {@code null} when it is served again by now. */
  private KeyRefusedException refusalOf(String key) {
    try {
      manager.exists(key);
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof KeyRefusedException refusal) {
        return refusal;
      }
      throw e;
    }
    return null;
  }

  /**
   * Refuses the log dirs that hold a segment whose bytes a fast tier lost ({@link LostSegments}): a
   * file that is a placeholder with at least one byte and whose key no tier holds. Runs after the
   * first reconcile pass, which renames an orphan key onto the file Kafka renamed it to (a key one
   * rename behind is no loss). Dirs refused already are not walked.
   *
   * @param refused the refused dirs, which the lost ones join
   * @throws IOException when a segment file cannot be read
   */
  void refuseLostSegments(RefusedLogDirs refused) throws IOException {
    LostSegments lost = tiers.lost();
    lost.refuseAtStart(lost.find(logDirs, refused), refused);
  }

  /**
   * Marks the log dir of every key on a fast tier and fills its file to a whole placeholder: what
   * an adapter that did not mark left (the upgrade from it). A key whose log dir is not known now
   * (offline, no longer configured) is left alone and named: its dir cannot be read, by Kafka
   * either, and it is marked once it is known and a byte of it moves.
   */
  void markHotLogDirs() throws IOException {
    logDirs.known();
    for (String key : manager.keys()) {
      if (lastTier.equals(manager.tierOf(key))) {
        continue;
      }
      Optional<SegmentKey> parsed = SegmentKey.parse(Quarantine.originalOf(key).orElse(key));
      if (parsed.isEmpty() || logDirs.dirOf(parsed.get().tag()).isEmpty()) {
        LOG.warn(
            "a key on a fast tier belongs to no known log dir; its dir is not marked: key={}", key);
        continue;
      }
      tiers.marks().markFor(key);
      if (!Quarantine.isQuarantined(key)) {
        tiers.logDirTier().fillPlaceholder(key);
      }
    }
  }
}
