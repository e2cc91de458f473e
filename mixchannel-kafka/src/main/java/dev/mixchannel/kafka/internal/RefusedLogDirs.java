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
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * The log dirs the store refuses because the tiers refuse a segment of theirs (its complete copies
 * on two tiers differ, both kept): every call on a segment of such a dir fails with an {@link
 * IOException}, which Kafka handles as a failure of that dir (offline; the other dirs serve; a
 * failed metadata log dir stops the broker). The tiers refuse the segment itself anyway; refusing
 * its whole dir keeps Kafka from serving a dir that something wrote to without the agent.
 * Immutable; built once per store open ({@link StoreOpening#refusedLogDirs}).
 */
final class RefusedLogDirs {

  /** No dir refused. */
  static final RefusedLogDirs NONE = new RefusedLogDirs(Map.of(), Set.of());

  private final Map<String, DivergentCopiesException> refusalByTag;
  private final Set<Path> dirs;

  /**
   * Refuses the dirs of the given tags.
   *
   * @param refusalByTag a refusal of a segment of each refused dir, by the dir's tag
   * @param dirs the refused dirs that are known now, absolute
   */
  RefusedLogDirs(Map<String, DivergentCopiesException> refusalByTag, Set<Path> dirs) {
    this.refusalByTag = Map.copyOf(refusalByTag);
    this.dirs = Set.copyOf(dirs);
  }

  /**
   * Kafka's view of its log dirs with the refused ones offline too: the sweep leaves their keys
   * alone, as it leaves an offline dir's.
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
   * @throws IOException when its log dir is refused, naming the dir, the refused segment and the
   *     command that resolves it, with the tiers' refusal as cause
   */
  void check(SegmentPath segment) throws IOException {
    DivergentCopiesException refusal = refusalByTag.get(segment.tag());
    if (refusal != null) {
      throw new IOException(
          "log dir refused, a segment of it has complete copies on two tiers that differ: logDir="
              + segment.logDir()
              + ", file="
              + segment.anchor()
              + ", refusedKey="
              + refusal.key()
              + " (both copies kept; resolve with: "
              + refusal.resolution()
              + ")",
          refusal);
    }
  }
}
