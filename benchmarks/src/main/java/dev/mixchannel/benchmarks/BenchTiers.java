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
package dev.mixchannel.benchmarks;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PmemBackends;
import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;
import java.nio.file.Path;

/** Configurations of pre-touched PMem tiers, alone or above a file tier, for the benchmarks. */
final class BenchTiers {

  /** The pool of every PMem target: room for a rolling 64 MiB segment and a migrating key. */
  static final long POOL_BYTES = 512L << 20;

  /** Where a rolling segment is truncated to 0 and reused. */
  static final long SEGMENT_BYTES = 64L << 20;

  private BenchTiers() {}

  /** One PMem tier named {@code pmem} in {@code dir}, pre-touched. */
  static MixChannelConfig pmemOnly(Path dir, PmemBackend backend) {
    requireBackend(backend);
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, POOL_BYTES, dir)
        .pmemBackend(backend)
        .pmemPretouch(true)
        .build();
  }

  /**
   * A PMem tier {@code pmem} ({@link #POOL_BYTES}, backend auto) above a file tier {@code file}.
   *
   * @param threshold the migration threshold, -1 for no background migration
   * @param rateBytesPerSecond the migration rate limit, -1 for none
   */
  static MixChannelConfig pmemOverFile(
      Path pmemDir, Path fileDir, TierKind fileKind, double threshold, long rateBytesPerSecond) {
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, POOL_BYTES, pmemDir)
        .tier("file", fileKind, -1, fileDir)
        .migrationThreshold(threshold)
        .migrationRateBytesPerSecond(rateBytesPerSecond)
        .pmemBackend(PmemBackend.AUTO)
        .pmemPretouch(true)
        .build();
  }

  /** Opens the first (PMem) tier of a configuration, waits for its pre-touch, returns it. */
  static PmemTier openPretouched(MixChannelConfig config) throws IOException {
    PmemTier tier = PmemTier.open(config.tiers().get(0), config);
    tier.awaitPretouch();
    return tier;
  }

  /** Creates and pre-touches the pool of the first tier, so a manager opened next finds it so. */
  static void pretouch(MixChannelConfig config) throws IOException {
    openPretouched(config).close();
  }

  static void requireBackend(PmemBackend backend) {
    if (backend == PmemBackend.LLPL && !PmemBackends.isLlplSupported()) {
      throw new IllegalStateException("LLPL unavailable: " + PmemBackends.llplUnsupportedReason());
    }
  }
}
