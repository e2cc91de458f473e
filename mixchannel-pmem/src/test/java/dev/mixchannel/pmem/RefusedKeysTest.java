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

import static dev.mixchannel.pmem.internal.PoolLayout.SLOT_SIZE;
import static dev.mixchannel.pmem.internal.PoolLayout.slotOffset;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.pmem.internal.PmemPool;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link PmemTier#refusedKeys()} names a damaged slot's key when the slot may hold the key's
 * complete copy, and leaves out one that holds an incomplete migration copy (discardable: the key
 * is complete on its source tier).
 */
@ExpectedLog(
    logger = "dev.mixchannel.pmem.internal.PmemPool",
    contains = "PMem channel quarantined")
class RefusedKeysTest {

  private static final long MIB = TestPools.MIB;
  private Path root;

  @AfterEach
  void delete() {
    TestPools.delete(root);
  }

  @Test
  void shouldRefuseADamagedCompleteKeyButNotADamagedIncompleteCopy() throws Exception {
    root = TestPools.newRoot("refused");
    Path dir = root.resolve("pool");
    try (PmemTier tier = TestPools.open(dir, 16 * MIB, MIB, PmemBackend.JDK)) {
      for (String key : new String[] {"live", "other"}) {
        try (FileChannel ch = tier.open(key, Set.of(CREATE, WRITE))) {
          ch.write(ByteBuffer.wrap(new byte[4096]));
        }
      }
      try (FileChannel ch = tier.createIncomplete("moving", SizeHint.of(MIB))) {
        ch.write(ByteBuffer.wrap(new byte[4096]));
      }
    }
    Path file = dir.resolve(PmemPool.FILE_NAME);
    flipSizeOf(file, "live");
    flipSizeOf(file, "moving");
    try (PmemTier tier = TestPools.open(dir, 16 * MIB, MIB, PmemBackend.JDK)) {
      assertThat(tier.quarantined()).hasSize(2);
      assertThat(tier.refusedKeys()).containsOnlyKeys("live");
      assertThat(tier.keys()).containsExactly("other");
    }
  }

  private static void flipSizeOf(Path file, String key) throws Exception {
    int slot =
        PoolInspector.inspect(file).slots().stream()
            .filter(s -> key.equals(s.key()))
            .findFirst()
            .orElseThrow()
            .index();
    long offset = slotOffset(slot) + SLOT_SIZE + 3;
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, offset);
      b.put(0, (byte) (b.get(0) ^ 0xFF));
      ch.write(b.flip(), offset);
    }
  }
}
