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

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.pmem.internal.Backends;
import dev.mixchannel.pmem.internal.PmemPool;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Simulated power loss: a workload of appends, forces, truncates, creates and deletes runs on a
 * backend that persists only flushed cache lines; at several moments the persisted image is opened
 * as a pool. Every byte covered by a completed force is there, and no recovered size exceeds the
 * size ever written.
 */
@Tag("slow")
class PowerLossTest {

  private static final long MIB = TestPools.MIB;
  private static final long POOL_BYTES = 24 * MIB;
  private Path root;

  @BeforeEach
  void setUp() throws Exception {
    root = TestPools.newRoot("powerloss");
  }

  @AfterEach
  void tearDown() {
    TestPools.delete(root);
  }

  /** What the workload guarantees for one key at one moment. */
  private record Expectation(byte[] durable, long maxSizeBytes, boolean mustExist) {}

  private static final class Model {
    byte[] content = new byte[0];
    long durableEnd;
    long maxSize;
    boolean deleted;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void shouldKeepForcedBytesAndNeverGrowWhenPowerIsLost(long seed) throws Exception {
    Path dir = root.resolve("live");
    MixChannelConfig config = TestPools.config(dir, POOL_BYTES, MIB, PmemBackend.JDK);
    PowerLossMemory.Provider provider = new PowerLossMemory.Provider(Backends.jdk());
    Random random = new Random(seed);
    Map<String, Model> models = new HashMap<>();
    List<byte[]> images = new ArrayList<>();
    List<Map<String, Expectation>> expectations = new ArrayList<>();
    try (PmemTier tier = PmemTier.open(config.tiers().get(0), config, provider)) {
      Map<String, FileChannel> open = new HashMap<>();
      for (int step = 0; step < 400; step++) {
        String key = "k" + random.nextInt(4);
        Model m = models.computeIfAbsent(key, k -> new Model());
        if (m.deleted) {
          continue;
        }
        FileChannel ch = open.get(key);
        if (ch == null) {
          ch = tier.open(key, Set.of(CREATE, READ, WRITE));
          open.put(key, ch);
        }
        int op = random.nextInt(20);
        if (op < 12) {
          int length = 1 + random.nextInt(200_000);
          if (m.content.length + length > 4 * MIB) {
            continue;
          }
          byte[] data = TestData.pattern(step, m.content.length, length);
          TestData.writeFully(ch, ByteBuffer.wrap(data));
          byte[] grown = Arrays.copyOf(m.content, m.content.length + length);
          System.arraycopy(data, 0, grown, m.content.length, length);
          m.content = grown;
          m.maxSize = Math.max(m.maxSize, grown.length);
        } else if (op < 16) {
          ch.force(true);
          m.durableEnd = m.content.length;
        } else if (op < 18) {
          int size = random.nextInt(m.content.length + 1);
          ch.truncate(size);
          m.content = Arrays.copyOf(m.content, size);
          m.durableEnd = Math.min(m.durableEnd, size);
        } else if (op == 18 && key.equals("k3")) {
          ch.close();
          open.remove(key);
          tier.delete(key);
          m.deleted = true;
        } else if (random.nextInt(5) == 0) {
          images.add(provider.last().persistedImage());
          expectations.add(snapshot(models));
        }
      }
      images.add(provider.last().persistedImage());
      expectations.add(snapshot(models));
      for (FileChannel ch : open.values()) {
        ch.close();
      }
    }
    for (int i = 0; i < images.size(); i++) {
      check(images.get(i), expectations.get(i), i);
    }
  }

  private static Map<String, Expectation> snapshot(Map<String, Model> models) {
    Map<String, Expectation> out = new HashMap<>();
    models.forEach(
        (key, m) ->
            out.put(
                key,
                new Expectation(
                    m.deleted ? null : Arrays.copyOf(m.content, (int) m.durableEnd),
                    m.maxSize,
                    !m.deleted)));
    return out;
  }

  private void check(byte[] image, Map<String, Expectation> expected, int index) throws Exception {
    Path dir = root.resolve("image" + index);
    Files.createDirectories(dir);
    Files.write(dir.resolve(PmemPool.FILE_NAME), image);
    try (PmemTier tier = TestPools.open(dir, POOL_BYTES, MIB, PmemBackend.JDK)) {
      assertThat(tier.quarantined()).as("image %d", index).isEmpty();
      for (Map.Entry<String, Expectation> e : expected.entrySet()) {
        Expectation x = e.getValue();
        assertThat(tier.exists(e.getKey()))
            .as("image %d key %s", index, e.getKey())
            .isEqualTo(x.mustExist());
        if (!x.mustExist()) {
          continue;
        }
        try (FileChannel ch = tier.open(e.getKey(), Set.of(READ))) {
          assertThat(ch.size())
              .as("image %d size of %s", index, e.getKey())
              .isLessThanOrEqualTo(x.maxSizeBytes())
              .isGreaterThanOrEqualTo(x.durable().length);
          byte[] all = TestData.readAll(ch);
          assertThat(Arrays.copyOf(all, x.durable().length))
              .as("image %d forced bytes of %s", index, e.getKey())
              .isEqualTo(x.durable());
        }
      }
    }
    TestPools.delete(dir);
  }
}
