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
package dev.mixchannel.tiering;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.internal.MigrationHook;
import java.io.IOException;
import java.nio.file.Path;

/** Configurations of small tiers under a test's temporary directory. */
final class TestConfigs {
  static final TierKind[] FILE_KINDS = {TierKind.NVME, TierKind.SSD, TierKind.HDD};

  private TestConfigs() {}

  /**
   * A builder with file tiers {@code t0, t1, ...} of kinds NVME, SSD, HDD, each in its own
   * directory, with the given capacities ({@code -1} for the free space), migration off.
   */
  static MixChannelConfig.Builder fileTiers(Path root, long... capacities) {
    MixChannelConfig.Builder b = MixChannelConfig.builder().migrationThreshold(-1);
    for (int i = 0; i < capacities.length; i++) {
      b.tier(
          "t" + i,
          FILE_KINDS[Math.min(i, FILE_KINDS.length - 1)],
          capacities[i],
          root.resolve("t" + i));
    }
    return b;
  }

  /** A PMem tier {@code pmem} with its pool in {@code pmemDir}, in front of file tiers. */
  static MixChannelConfig.Builder pmemThenFiles(
      Path pmemDir, Path root, PmemBackend backend, long pmemBytes, long... fileCapacities) {
    MixChannelConfig.Builder b =
        MixChannelConfig.builder()
            .migrationThreshold(-1)
            .pmemBackend(backend)
            .pmemPretouch(false)
            .pmemExtentSizeBytes(1L << 20)
            .tier("pmem", TierKind.PMEM, pmemBytes, pmemDir);
    for (int i = 0; i < fileCapacities.length; i++) {
      b.tier(
          "t" + i,
          FILE_KINDS[Math.min(i, FILE_KINDS.length - 1)],
          fileCapacities[i],
          root.resolve("t" + i));
    }
    return b;
  }

  /**
   * A manager, migrator off, over a PMem tier {@code pmem} (backend {@code auto}, its pool in
   * {@code shm}) in front of one file tier {@code t0} under {@code root} with its free space.
   */
  static TierManager pmemThenFileManager(ShmDir shm, Path root, long pmemBytes) throws IOException {
    return pmemThenFileBuilder(shm, root, pmemBytes).build();
  }

  /** The same manager, with a hook on each migration step. */
  static TierManager pmemThenFileManager(ShmDir shm, Path root, long pmemBytes, MigrationHook hook)
      throws IOException {
    return pmemThenFileBuilder(shm, root, pmemBytes).hook(hook).build();
  }

  private static TierManager.Builder pmemThenFileBuilder(ShmDir shm, Path root, long pmemBytes) {
    return TierManager.builder(
            pmemThenFiles(shm.resolve("pool"), root, PmemBackend.AUTO, pmemBytes, -1).build())
        .startMigrator(false);
  }
}
