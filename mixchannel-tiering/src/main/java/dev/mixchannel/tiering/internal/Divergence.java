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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.DivergentCopiesException;

/**
 * How the complete copies of one key on two tiers differ: the refusal every operation on the key
 * throws until an operator keeps one of them.
 *
 * @param key the key
 * @param faster the faster tier holding a copy
 * @param fasterSizeBytes the size of its copy
 * @param slower the slower tier holding a copy
 * @param slowerSizeBytes the size of its copy
 * @param firstDifferenceOffset the first offset at which the copies differ (the smaller size when
 *     one copy is a prefix of the other)
 */
record Divergence(
    String key,
    RankedTier faster,
    long fasterSizeBytes,
    RankedTier slower,
    long slowerSizeBytes,
    long firstDifferenceOffset)
    implements Refusal {

  /** The tool command that keeps one copy; {@code <config>} is the operator's configuration. */
  static final String RESOLVE_COMMAND = "java -jar mixchannel-tool.jar resolve <config> --keep ";

  /**
   * The refusal, a new exception for each caller (its stack names the refused operation).
   *
   * @return the exception naming the key, both tiers, how they differ and the resolving command
   */
  @Override
  public DivergentCopiesException refusal() {
    String resolution = RESOLVE_COMMAND + "<" + faster + "|" + slower + "> " + key;
    return new DivergentCopiesException(
        key,
        faster.name(),
        slower.name(),
        resolution,
        "key refused, its complete copies on two tiers differ: key="
            + key
            + ", fasterTier="
            + faster
            + ", fasterSizeBytes="
            + fasterSizeBytes
            + ", slowerTier="
            + slower
            + ", slowerSizeBytes="
            + slowerSizeBytes
            + ", firstDifferenceOffset="
            + firstDifferenceOffset
            + " (both copies kept; keep one with: "
            + resolution
            + ")");
  }
}
