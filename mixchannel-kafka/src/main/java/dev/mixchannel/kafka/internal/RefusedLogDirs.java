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
import dev.mixchannel.api.RefusedCopyException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The log dirs the store refuses because a segment of theirs is refused: the tiers refuse its key
 * (its complete copies on two tiers differ, both kept; or a tier refuses its copy, a damaged PMem
 * slot), or its file is a placeholder whose key no tier holds (its bytes were on a fast tier that
 * lost them, see {@link LostSegments}). One rule for all: every call on a segment of such a dir
 * fails with an {@link IOException}, which Kafka handles as a failure of that dir (offline; the
 * other dirs serve; a failed metadata log dir stops the broker), and the sweep leaves the dir's
 * keys alone. Refusing the whole dir keeps Kafka from serving a dir whose segments cannot all be
 * trusted. A dir is refused when the store opens ({@link StoreOpening}) or when Kafka first opens a
 * lost segment of a dir learned later, and stays refused until the store closes. Thread-safe.
 */
final class RefusedLogDirs {

  /**
   * Why a dir is refused: one refused segment of it, for every call's message.
   *
   * @param key the refused segment's key
   * @param reason what is wrong with it, as the message says it after {@code log dir refused, }
   * @param advice what to do, the message's closing parenthesis
   * @param cause the refusal, the cause of every call's exception
   */
  record Refusal(String key, String reason, String advice, IOException cause) {

    /**
     * The refusal of a key the tiers refuse.
     *
     * @param refusal the tiers' refusal ({@link DivergentCopiesException} or {@link
     *     RefusedCopyException})
     * @return the refusal of its dir
     */
    static Refusal of(KeyRefusedException refusal) {
      if (refusal instanceof DivergentCopiesException d) {
        return new Refusal(
            d.key(),
            "a segment of it has complete copies on two tiers that differ",
            "both copies kept; resolve with: " + d.resolution(),
            d);
      }
      String tier = refusal instanceof RefusedCopyException r ? r.tier() : "unknown";
      return new Refusal(
          refusal.key(),
          "a tier refuses its copy of a segment of it",
          "tier="
              + tier
              + "; what that copy holds is unknown, so the segment is served from no tier and"
              + " never created anew; see docs/troubleshooting.md",
          refusal);
    }
  }

  private final Map<String, Refusal> refusalByTag = new ConcurrentHashMap<>();
  private final Set<Path> dirs = ConcurrentHashMap.newKeySet();

  /**
   * Refuses the dirs of the given tags.
   *
   * @param refusalByTag a refusal of a segment of each refused dir, by the dir's tag
   * @param dirs the refused dirs that are known now, absolute
   */
  RefusedLogDirs(Map<String, Refusal> refusalByTag, Set<Path> dirs) {
    this.refusalByTag.putAll(refusalByTag);
    this.dirs.addAll(dirs);
  }

  /**
   * No dir refused (yet).
   *
   * @return the refused dirs, none
   */
  static RefusedLogDirs none() {
    return new RefusedLogDirs(Map.of(), Set.of());
  }

  /**
   * Refuses the dir of a segment from now on, unless it is refused already (its first refusal
   * stays).
   *
   * @param segment a refused segment of the dir
   * @param refusal why
   * @return whether this call refused the dir
   */
  boolean refuse(SegmentPath segment, Refusal refusal) {
    dirs.add(segment.logDir());
    return refusalByTag.putIfAbsent(segment.tag(), refusal) == null;
  }

  /**
   * Whether a dir is refused.
   *
   * @param dir a log dir, absolute
   * @return whether it is
   */
  boolean isRefused(Path dir) {
    return dirs.contains(dir);
  }

  /**
   * Kafka's view of its log dirs with the refused ones offline too, those refused later included:
   * the sweep leaves their keys alone, as it leaves an offline dir's.
   *
   * @param kafka what Kafka says
   * @return the view with the refused dirs offline
   */
  LogDirStatus offlineTogetherWith(LogDirStatus kafka) {
    return dir -> dirs.contains(dir) || kafka.isOffline(dir);
  }

  /**
   * Fails a call on a segment of a refused dir.
   *
   * @param segment the segment Kafka names
   * @throws IOException when its log dir is refused, naming the dir, the segment, the refused
   *     segment and what to do, with the refusal as cause
   */
  void check(SegmentPath segment) throws IOException {
    Refusal refusal = refusalByTag.get(segment.tag());
    if (refusal != null) {
      throw new IOException(
          "log dir refused, "
              + refusal.reason()
              + ": logDir="
              + segment.logDir()
              + ", file="
              + segment.anchor()
              + ", key="
              + segment.key()
              + ", refusedKey="
              + refusal.key()
              + " ("
              + refusal.advice()
              + ")",
          refusal.cause());
    }
  }
}
