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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.PmemBackend;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PmemSmokeTest {
  private Path root;

  @BeforeEach
  void setUp() throws Exception {
    root = TestPools.newRoot("smoke");
  }

  @AfterEach
  void tearDown() {
    TestPools.delete(root);
  }

  @ParameterizedTest
  @EnumSource(
      value = PmemBackend.class,
      names = {"JDK", "LLPL"})
  void shouldWriteReadAndReopenWhenBackend(PmemBackend backend) throws Exception {
    TestPools.assumeBackend(backend);
    byte[] data = new byte[3 * 1024 * 1024 + 17];
    new java.util.Random(1).nextBytes(data);
    try (PmemTier tier = TestPools.open(root, 16 * TestPools.MIB, TestPools.MIB, backend)) {
      assertThat(tier.backendName()).isEqualTo(backend.name().toLowerCase());
      try (FileChannel ch = tier.open("a/b.log", Set.of(CREATE, READ, WRITE))) {
        assertThat(ch.write(ByteBuffer.wrap(data))).isEqualTo(data.length);
        ch.force(true);
      }
    }
    try (PmemTier tier = TestPools.open(root, 16 * TestPools.MIB, TestPools.MIB, backend)) {
      assertThat(tier.keys()).containsExactly("a/b.log");
      assertThat(tier.quarantined()).isEmpty();
      try (FileChannel ch = tier.open("a/b.log", Set.of(READ))) {
        assertThat(ch.size()).isEqualTo(data.length);
        ByteBuffer dst = ByteBuffer.allocateDirect(data.length);
        while (dst.hasRemaining() && ch.read(dst) > 0) {}
        dst.flip();
        byte[] back = new byte[data.length];
        dst.get(back);
        assertThat(back).isEqualTo(data);
      }
    }
  }
}
