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
package dev.mixchannel.file;

import static dev.mixchannel.file.TierTestSupport.CREATE_RW;
import static dev.mixchannel.file.TierTestSupport.config;
import static dev.mixchannel.file.TierTestSupport.writeBytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.SizeHint;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Threads changing the namespace at once leave an index that matches the directories. */
class FileTierConcurrencyTest {

  private static final int THREADS = 4;
  private static final int OPS_PER_THREAD = 300;

  @TempDir Path tempDir;

  @Test
  void shouldMatchDirectoriesWhenThreadsChangeKeysConcurrently() throws Exception {
    Path dir1 = tempDir.resolve("d1");
    Path dir2 = tempDir.resolve("d2");
    Map<String, Long> expected = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try (FileTier tier = FileTier.open(config(-1, dir1, dir2))) {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        results.add(pool.submit(() -> run(tier, thread, expected)));
      }
      for (Future<?> result : results) {
        result.get(60, TimeUnit.SECONDS);
      }
      assertThat(new HashMap<>(sizes(tier))).isEqualTo(new HashMap<>(expected));
      assertThat(tier.usedBytes()).isEqualTo(sum(expected));
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
    try (FileTier reopened = FileTier.open(config(-1, dir1, dir2))) {
      assertThat(sizes(reopened)).isEqualTo(new HashMap<>(expected));
      assertThat(reopened.incompleteKeys()).isEmpty();
    }
  }

  private static Void run(FileTier tier, int thread, Map<String, Long> expected) throws Exception {
    Random random = new Random(thread);
    for (int i = 0; i < OPS_PER_THREAD; i++) {
      // Threads share the parent directories, so creates race with empty-directory removal.
      String key = "p" + random.nextInt(3) + "/t" + thread + "-k" + random.nextInt(8);
      String other = "p" + random.nextInt(3) + "/t" + thread + "-k" + random.nextInt(8);
      switch (random.nextInt(4)) {
        case 0 -> {
          try (FileChannel channel = tier.open(key, CREATE_RW)) {
            writeBytes(channel, 1 + random.nextInt(100));
            expected.put(key, channel.size());
          }
        }
        case 1 -> {
          if (tier.delete(key)) {
            expected.remove(key);
          }
        }
        case 2 -> {
          if (tier.exists(key)) {
            tier.rename(key, other);
            if (!key.equals(other)) {
              expected.put(other, expected.remove(key));
            }
          }
        }
        default -> {
          if (!tier.exists(key)) {
            try (FileChannel copy = tier.createIncomplete(key, SizeHint.of(10))) {
              writeBytes(copy, 10);
            }
            tier.publish(key);
            expected.put(key, 10L);
          }
        }
      }
    }
    return null;
  }

  private static Map<String, Long> sizes(FileTier tier) throws Exception {
    Map<String, Long> sizes = new HashMap<>();
    for (String key : tier.keys()) {
      sizes.put(key, tier.size(key));
    }
    return sizes;
  }

  private static long sum(Map<String, Long> sizes) {
    return sizes.values().stream().mapToLong(Long::longValue).sum();
  }
}
