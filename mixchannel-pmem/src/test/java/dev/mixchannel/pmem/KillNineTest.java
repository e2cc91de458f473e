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

import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.PmemBackend;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A child JVM writes and forces; the parent kills it with SIGKILL mid-stream, reopens the pool and
 * checks every acknowledged byte: the size is stored on every write, so it survives like a file's
 * page cache does.
 */
@Tag("slow")
class KillNineTest {

  static final long POOL_BYTES = 64 * TestPools.MIB;
  static final long ROLL_BYTES = 12 * TestPools.MIB;
  static final int KEYS = 3;
  private static final int ACKS_BEFORE_KILL = 400;
  private static final long WAIT_SECONDS = 60;

  private Path root;

  @BeforeEach
  void setUp() throws Exception {
    root = TestPools.newRoot("kill9");
  }

  @AfterEach
  void tearDown() {
    TestPools.delete(root);
  }

  /** Applies one line of the child's output; returns 1 for an acknowledged write. */
  private static int record(String line, Map<String, Long> acked) {
    String[] f = line.split(" ");
    if (f.length < 2 || (f[0].equals("ACK") && f.length < 3)) {
      return 0;
    }
    switch (f[0]) {
      case "ACK":
        acked.put(f[1], Long.parseLong(f[2]));
        return 1;
      case "TRUNC":
        acked.put(f[1], 0L);
        return 0;
      default:
        return 0;
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = PmemBackend.class,
      names = {"JDK", "LLPL"})
  void shouldKeepEveryAcknowledgedByteWhenKilled(PmemBackend backend) throws Exception {
    TestPools.assumeBackend(backend);
    Path dir = root.resolve("pool");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                KillNineChild.class.getName(),
                dir.toString(),
                backend.name())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    Map<String, Long> acked = new HashMap<>();
    int acks = 0;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while (acks < ACKS_BEFORE_KILL
          && System.nanoTime() < deadline
          && (line = in.readLine()) != null) {
        acks += record(line, acked);
      }
      // SIGKILL through the handle: Process.destroyForcibly would also close our end of the pipe,
      // and the lines the child printed before it died are still to be read.
      child.toHandle().destroyForcibly();
      assertThat(child.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
      while ((line = in.readLine()) != null) {
        acks += record(line, acked);
      }
    } finally {
      child.destroyForcibly();
    }
    assertThat(acks)
        .as("acknowledged writes before the kill")
        .isGreaterThanOrEqualTo(ACKS_BEFORE_KILL);
    assertThat(child.exitValue()).isEqualTo(137);
    try (PmemTier tier = TestPools.open(dir, POOL_BYTES, TestPools.MIB, backend)) {
      assertThat(tier.quarantined()).isEmpty();
      assertThat(tier.keys()).containsExactlyInAnyOrderElementsOf(List.of("k0", "k1", "k2"));
      for (Map.Entry<String, Long> e : acked.entrySet()) {
        int k = Integer.parseInt(e.getKey().substring(1));
        try (FileChannel ch = tier.open(e.getKey(), Set.of(READ))) {
          long end = e.getValue();
          assertThat(ch.size()).as("size of %s", e.getKey()).isGreaterThanOrEqualTo(end);
          byte[] all = TestData.readAll(ch);
          byte[] expected = TestData.pattern(k, 0, (int) end);
          assertThat(java.util.Arrays.copyOf(all, (int) end)).isEqualTo(expected);
        }
      }
    }
  }
}
