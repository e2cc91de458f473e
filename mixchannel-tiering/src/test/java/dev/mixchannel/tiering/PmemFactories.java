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

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.pmem.PmemBackends;
import dev.mixchannel.testkit.channel.ChannelFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/** Factories of managers whose fastest tier is a small PMem pool backed by a file tier. */
final class PmemFactories {
  static final long POOL_BYTES = 64L << 20;

  /**
   * A pool so small that the differential's file fills it (7 extents of 1 MiB are free for keys):
   * its usual size is 0 to a little over 4 MiB, its rare transfers from a pipe 8 to 12 MiB.
   */
  static final long SMALL_POOL_BYTES = 8L << 20;

  /** A key that takes three of the small pool's extents while it is on the PMem tier. */
  static final String BALLAST_KEY = "ballast";

  static final int BALLAST_BYTES = 3 << 20;

  private PmemFactories() {}

  /**
   * A PMem pool in front of a file tier, whose keys can be left with stale copies and whose storage
   * restarts ({@link RestartingChannelFactory}).
   */
  static ChannelFactory pmemThenFile(Path tempDir, PmemBackend backend) throws IOException {
    if (backend == PmemBackend.LLPL) {
      assumeTrue(PmemBackends.isLlplSupported(), PmemBackends.llplUnsupportedReason());
    }
    ShmDir shm = ShmDir.create(tempDir);
    try {
      return new RestartingChannelFactory(
          TestConfigs.pmemThenFiles(shm.resolve("pool"), tempDir, backend, POOL_BYTES, -1).build(),
          shm);
    } catch (IOException | RuntimeException e) {
      shm.close();
      throw e;
    }
  }

  static ChaosChannelFactory chaos(Path tempDir, PmemBackend backend) throws IOException {
    if (backend == PmemBackend.LLPL) {
      assumeTrue(PmemBackends.isLlplSupported(), PmemBackends.llplUnsupportedReason());
    }
    ShmDir shm = ShmDir.create(tempDir);
    TierManager manager =
        TierManager.builder(
                TestConfigs.pmemThenFiles(shm.resolve("pool"), shm.path(), backend, 256L << 20, -1)
                    .build())
            .startMigrator(false)
            .build();
    return new ChaosChannelFactory(manager, "pmem", "t0", shm);
  }

  /**
   * A chaos factory ({@link ChaosChannelFactory}) over a {@link #SMALL_POOL_BYTES} pool, part of it
   * taken by {@link #BALLAST_KEY} while that key is on the pool (the mover moves it too): the
   * differential's writes and transfers fill the pool part-way and spill, and migrations find the
   * pool full.
   */
  static ChannelFactory smallPoolChaos(Path tempDir, PmemBackend backend) throws IOException {
    if (backend == PmemBackend.LLPL) {
      assumeTrue(PmemBackends.isLlplSupported(), PmemBackends.llplUnsupportedReason());
    }
    ShmDir shm = ShmDir.create(tempDir);
    TierManager manager =
        TierManager.builder(
                TestConfigs.pmemThenFiles(
                        shm.resolve("pool"), shm.path(), backend, SMALL_POOL_BYTES, -1)
                    .build())
            .startMigrator(false)
            .build();
    try (MixChannel ballast = manager.open(BALLAST_KEY, CREATE_NEW, WRITE)) {
      ByteBuffer bytes = ByteBuffer.allocate(BALLAST_BYTES);
      while (bytes.hasRemaining()) {
        ballast.write(bytes);
      }
    } catch (IOException | RuntimeException e) {
      try {
        manager.close();
        shm.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    return new ChaosChannelFactory(manager, "pmem", "t0", shm);
  }
}
