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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.pmem.PmemBackends;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The differential's seed 0x5eed0004 (CI, 2026-12-02), minimized: a key deleted while a handle is
 * open, written through that handle (bytes in a pool extent of a name nobody serves), the manager
 * closed with the handle open, reopened; a new key of the same name written far past the old bytes
 * must read zeros where the deleted key's bytes were.
 */
class DeletedOpenKeyRestartTest {
  private static final long AT = 3_796_996L;
  private static final long FAR = 37_748_771L;

  @TempDir Path dir;
  private final ShmDir shm = ShmDir.create(Path.of(System.getProperty("java.io.tmpdir")));

  @AfterEach
  void close() throws IOException {
    shm.close();
  }

  private MixChannelConfig config(PmemBackend backend) {
    return TestConfigs.pmemThenFiles(
            shm.resolve("pool"), dir, backend, PmemFactories.POOL_BYTES, -1)
        .build();
  }

  @ParameterizedTest
  @EnumSource(
      value = PmemBackend.class,
      names = {"JDK", "LLPL"})
  void shouldReadZerosWhereAKeyDeletedWhileOpenHadBytesAfterARestart(PmemBackend backend)
      throws Exception {
    if (backend == PmemBackend.LLPL) {
      Assumptions.assumeTrue(PmemBackends.isLlplSupported(), PmemBackends.llplUnsupportedReason());
    }
    byte[] data = new byte[25];
    Arrays.fill(data, (byte) 0xc4);
    try (TierManager m = TierManager.builder(config(backend)).startMigrator(false).build()) {
      MixChannel ch = m.open("f", CREATE, READ, WRITE);
      assertThat(ch.tierName()).isEqualTo("pmem");
      m.delete("f");
      ch.write(ByteBuffer.wrap(data), AT);
      ch.close();
    }
    try (TierManager m = TierManager.builder(config(backend)).startMigrator(false).build();
        MixChannel ch = m.open("f", CREATE, READ, WRITE)) {
      ch.write(ByteBuffer.wrap(new byte[] {1, 2, 3}), FAR);
      ByteBuffer back = ByteBuffer.allocate(data.length);
      ch.read(back, AT);
      assertThat(back.array()).containsOnly((byte) 0);
    }
  }
}
