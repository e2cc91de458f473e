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
package dev.mixchannel.examples;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import java.nio.file.Path;

/** The two tiers of the short examples that show migration at work. Stateless. */
final class ExampleTiers {

  private ExampleTiers() {}

  /**
   * A small PMem tier with 1 MiB extents, so that a few megabytes of segments fill it, above a disk
   * tier that may use the free space.
   *
   * @param work the directory of both tiers: {@code pmem/} and {@code disk/} in it
   * @param pmemBytes the PMem tier's capacity
   * @return a builder with both tiers, for the example's own settings
   */
  static MixChannelConfig.Builder smallPmemOverDisk(Path work, long pmemBytes) {
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, pmemBytes, work.resolve("pmem"))
        .tier("disk", TierKind.HDD, -1, work.resolve("disk"))
        .pmemExtentSizeBytes(1L << 20);
  }
}
