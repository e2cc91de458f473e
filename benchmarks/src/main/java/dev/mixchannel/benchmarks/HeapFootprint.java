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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.PmemTier;
import dev.mixchannel.tiering.TierManager;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Heap bytes per open channel and per pool, estimated without an agent: the used heap ({@code
 * totalMemory - freeMemory}) after full collections ({@code System.gc()}, three times), before and
 * after opening N objects that stay reachable, divided by N. Run it in a fresh JVM:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.mixchannel.benchmarks.HeapFootprint
 * </pre>
 *
 * Pools are 2 GiB (510 extents of 4 MiB, 1020 slots), not pre-touched (sparse files on tmpfs).
 */
public final class HeapFootprint {

  static final int CHANNELS = 500;
  static final int POOLS = 4;
  static final long POOL_BYTES = 2L << 30;

  private HeapFootprint() {}

  /**
   * Prints the estimates.
   *
   * @param args none
   * @throws IOException on failure
   */
  public static void main(String[] args) throws IOException {
    Path root = BenchDirs.fresh(BenchDirs.shm());
    Path diskRoot = BenchDirs.fresh(BenchDirs.disk());
    try {
      perPool(root.resolve("pools"));
      MixChannelConfig single = pmem(root.resolve("tier"));
      try (PmemTier tier = PmemTier.open(single.tiers().get(0), single)) {
        perChannel("PmemChannel (PmemTier.open)", k -> tier.open(k, Set.of(CREATE, READ, WRITE)));
      }
      try (TierManager manager =
          TierManager.builder(twoTiers(root.resolve("mix"), diskRoot.resolve("mix")))
              .startMigrator(false)
              .build()) {
        perChannel("MixChannel on the PMem tier", k -> manager.open(k, CREATE, READ, WRITE));
      }
      try (TierManager manager =
          TierManager.builder(fileOnly(diskRoot.resolve("file"))).startMigrator(false).build()) {
        perChannel("MixChannel on a file tier", k -> manager.open(k, CREATE, READ, WRITE));
      }
      Path plain = BenchDirs.fresh(diskRoot);
      perChannel(
          "JDK FileChannel (for comparison)",
          k -> FileChannel.open(plain.resolve(k), CREATE, READ, WRITE));
    } finally {
      BenchDirs.deleteTree(root);
      BenchDirs.deleteTree(diskRoot);
    }
  }

  private interface Opener {
    Closeable open(String key) throws IOException;
  }

  private static void perChannel(String what, Opener opener) throws IOException {
    List<Closeable> open = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      open.add(opener.open("warm-" + i));
    }
    long before = usedHeap();
    for (int i = 0; i < CHANNELS; i++) {
      open.add(opener.open("key-" + i));
    }
    long after = usedHeap();
    print(what, after - before, CHANNELS, "channel");
    for (Closeable c : open) {
      c.close();
    }
  }

  private static void perPool(Path dir) throws IOException {
    List<PmemTier> tiers = new ArrayList<>();
    MixChannelConfig warm = pmem(dir.resolve("warm"));
    tiers.add(PmemTier.open(warm.tiers().get(0), warm));
    long before = usedHeap();
    for (int i = 0; i < POOLS; i++) {
      MixChannelConfig config = pmem(dir.resolve("pool-" + i));
      tiers.add(PmemTier.open(config.tiers().get(0), config));
    }
    long after = usedHeap();
    print(
        "PmemTier with one 2 GiB pool, backend " + tiers.get(0).backendName(),
        after - before,
        POOLS,
        "pool");
    for (PmemTier t : tiers) {
      t.close();
    }
  }

  private static MixChannelConfig pmem(Path dir) {
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, POOL_BYTES, dir)
        .pmemBackend(PmemBackend.AUTO)
        .pmemPretouch(false)
        .build();
  }

  private static MixChannelConfig twoTiers(Path pmemDir, Path fileDir) {
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, POOL_BYTES, pmemDir)
        .tier("file", TierKind.SSD, -1, fileDir)
        .migrationThreshold(-1)
        .pmemPretouch(false)
        .build();
  }

  private static MixChannelConfig fileOnly(Path fileDir) {
    return MixChannelConfig.builder()
        .tier("file", TierKind.SSD, -1, fileDir)
        .migrationThreshold(-1)
        .build();
  }

  private static void print(String what, long bytes, int count, String unit) {
    System.out.printf(
        Locale.ROOT,
        "  %-52s %8.0f heap bytes per %s (%d opened)%n",
        what,
        (double) bytes / count,
        unit,
        count);
  }

  static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return rt.totalMemory() - rt.freeMemory();
  }
}
