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
package dev.mixchannel.pmem;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** Small pools for tests: under /dev/shm when it exists, else the temp dir; deleted afterwards. */
final class TestPools {

  static final long MIB = 1L << 20;

  private TestPools() {}

  static Path newRoot(String name) throws IOException {
    Path shm = Path.of("/dev/shm");
    Path base =
        Files.isDirectory(shm) && Files.isWritable(shm)
            ? shm
            : Path.of(System.getProperty("java.io.tmpdir"));
    return Files.createTempDirectory(base, "mixchannel-pmem-" + name + "-");
  }

  static void delete(Path root) {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void assumeBackend(PmemBackend backend) {
    if (backend == PmemBackend.LLPL) {
      Assumptions.assumeTrue(PmemBackends.isLlplSupported(), PmemBackends.llplUnsupportedReason());
    }
  }

  static MixChannelConfig config(
      Path dir, long capacityBytes, long extentBytes, PmemBackend backend) {
    return config(List.of(dir), capacityBytes, extentBytes, backend);
  }

  static MixChannelConfig config(
      List<Path> dirs, long capacityBytes, long extentBytes, PmemBackend backend) {
    return MixChannelConfig.builder()
        .tier("pmem", TierKind.PMEM, capacityBytes, dirs.toArray(Path[]::new))
        .pmemExtentSizeBytes(extentBytes)
        .pmemBackend(backend)
        .pmemPretouch(false)
        .build();
  }

  static PmemTier open(MixChannelConfig config) throws IOException {
    TierConfig tier = config.tiers().get(0);
    return PmemTier.open(tier, config);
  }

  static PmemTier open(Path dir, long capacityBytes, long extentBytes, PmemBackend backend)
      throws IOException {
    return open(config(dir, capacityBytes, extentBytes, backend));
  }
}
