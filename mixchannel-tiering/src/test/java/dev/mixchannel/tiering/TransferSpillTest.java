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

import dev.mixchannel.api.PmemBackend;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 11, defects 9 and 10: a {@code transferFrom} that needs more room than the PMem pool has
 * spills to the file tier inside the transfer and transfers everything, as the JDK does, whether
 * the pool is full before it starts or fills part-way, and whatever the count (up to {@code
 * Long.MAX_VALUE}).
 */
class TransferSpillTest extends BoundedManagerTestBase {
  private void open(long pmemBytes) throws IOException {
    manager =
        TierManager.builder(
                TestConfigs.pmemThenFiles(shm.resolve("pool"), dir, PmemBackend.AUTO, pmemBytes, -1)
                    .build())
            .startMigrator(false)
            .build();
  }

  @ParameterizedTest(name = "count={0}")
  @ValueSource(longs = {3 * MIB, Long.MAX_VALUE})
  void shouldSpillAndTransferEverythingWhenTransferringFromIntoAFullPool(long count)
      throws IOException {
    open(8L * MIB);
    byte[] head = Bytes.random(1, 1000);
    byte[] data = Bytes.random(2, 3 * MIB);
    bounded(
        () -> {
          try (MixChannel ch = manager.open("k", CREATE, READ, WRITE)) {
            Bytes.writeFully(ch, head, 0);
            fillPool();
            assertThat(ch.tierName()).isEqualTo("pmem");

            ReadableByteChannel src = Channels.newChannel(new ByteArrayInputStream(data));
            assertThat(ch.transferFrom(src, head.length, count)).isEqualTo(data.length);
            assertThat(ch.tierName()).isEqualTo("t0");
            assertThat(Bytes.readAll(ch)).isEqualTo(concat(head, data));
          }
        });
  }

  @ParameterizedTest(name = "count={0}")
  @ValueSource(longs = {12 * MIB, Long.MAX_VALUE})
  void shouldTransferEverythingWhenTheTransferFillsThePoolPartWay(long count) throws IOException {
    open(8L * MIB);
    byte[] data = Bytes.random(3, 12 * MIB);
    Path sourceFile = dir.resolve("source");
    bounded(
        () -> {
          try (FileChannel source = FileChannel.open(sourceFile, CREATE, READ, WRITE);
              MixChannel ch = manager.open("k", CREATE, READ, WRITE)) {
            Bytes.writeFully(source, data, 0);
            assertThat(ch.tierName()).isEqualTo("pmem");

            assertThat(ch.transferFrom(source, 0, count)).isEqualTo(data.length);
            assertThat(source.position()).isEqualTo(data.length);
            assertThat(ch.tierName()).isEqualTo("t0");
            assertThat(Bytes.readAll(ch)).isEqualTo(data);
          }
        });
  }

  /** Takes every free extent of the pool with a second key, which stays on the pool. */
  private void fillPool() throws IOException {
    long free =
        manager.stats().tier("pmem").capacityBytes() - manager.stats().tier("pmem").usedBytes();
    try (MixChannel filler = manager.open("filler", CREATE, WRITE)) {
      Bytes.writeFully(filler, new byte[(int) free], 0);
      assertThat(filler.tierName()).isEqualTo("pmem");
    }
    assertThat(manager.stats().tier("pmem").usedBytes())
        .isEqualTo(manager.stats().tier("pmem").capacityBytes());
  }

  private static byte[] concat(byte[] a, byte[] b) {
    return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
  }
}
