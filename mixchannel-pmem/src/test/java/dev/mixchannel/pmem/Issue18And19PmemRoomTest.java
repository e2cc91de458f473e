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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierFullException;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 18 item 6 (PMem part): a {@code transferFrom} into a pool that fills part-way returns the
 * bytes moved, as the JDK's does. Issue 19 item 3 (PMem part): a tier without a free extent has no
 * room for a new key, whatever the hint.
 */
class Issue18And19PmemRoomTest {

  private static final long POOL_BYTES = 8 * TestPools.MIB;

  private Path root;

  @BeforeEach
  void setUp() throws Exception {
    root = TestPools.newRoot("room");
  }

  @AfterEach
  void tearDown() {
    TestPools.delete(root);
  }

  @Test
  void shouldReturnThePartialCountWhenThePoolFillsDuringTransferFrom() throws Exception {
    byte[] data = new byte[(int) (4 * POOL_BYTES)];
    new Random(18).nextBytes(data);
    try (PmemTier tier = TestPools.open(root, POOL_BYTES, TestPools.MIB, PmemBackend.JDK);
        FileChannel ch = tier.open("k", Set.of(CREATE, READ, WRITE));
        ReadableByteChannel src = Channels.newChannel(new ByteArrayInputStream(data))) {
      long n = ch.transferFrom(src, 0, data.length);

      assertThat(n).isPositive().isLessThan(data.length);
      assertThat(ch.size()).isEqualTo(n);
      ByteBuffer back = ByteBuffer.allocate((int) n);
      while (back.hasRemaining() && ch.read(back, back.position()) > 0) {}
      byte[] expected = new byte[(int) n];
      System.arraycopy(data, 0, expected, 0, (int) n);
      assertThat(back.array()).isEqualTo(expected);
      // Nothing moves now: the JDK's rule is to throw then.
      ReadableByteChannel more = Channels.newChannel(new ByteArrayInputStream(data));
      assertThatThrownBy(() -> ch.transferFrom(more, n, data.length))
          .isInstanceOf(TierFullException.class);
      assertThat(ch.size()).isEqualTo(n);
    }
  }

  @Test
  void shouldHaveNoRoomForANewKeyWhenNoExtentIsFree() throws Exception {
    try (PmemTier tier = TestPools.open(root, POOL_BYTES, TestPools.MIB, PmemBackend.JDK)) {
      assertThat(tier.hasRoomFor(0)).isTrue();
      try (FileChannel ch = tier.open("filler", Set.of(CREATE, WRITE))) {
        ByteBuffer chunk = ByteBuffer.allocate((int) TestPools.MIB);
        assertThatThrownBy(
                () -> {
                  while (true) {
                    ch.write(chunk.clear());
                  }
                })
            .isInstanceOf(TierFullException.class);
      }

      assertThat(tier.hasRoomFor(0)).isFalse();
      assertThat(tier.hasRoomFor(1)).isFalse();

      tier.delete("filler");
      assertThat(tier.hasRoomFor(0)).isTrue();
      assertThat(tier.hasRoomFor(POOL_BYTES * 2)).isFalse();
    }
  }
}
