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

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 11, defect 2, randomized: a {@link PowerLossWorkload} over five keys on a pool of six 1 MiB
 * extents, with cache evictions at random stores, cut at random flush points (before or after the
 * flush) with a random subset of the unflushed lines on the media; every image is opened and
 * checked by {@link PowerLossChecker}. Seeds 1..N with N from {@code -Dmixchannel.powerloss.seeds}
 * (default 3) on the JDK backend, half as many on LLPL, and one run with the pre-toucher on.
 * Failures name the seed, the image, the flush point, the key, the offset, the byte and whose byte
 * it is.
 */
@Tag("slow")
class PowerLossRandomizedTest {

  private static final int SEEDS = Integer.getInteger("mixchannel.powerloss.seeds", 3);

  static Stream<Arguments> runs() {
    Stream<Arguments> jdk = seeds(SEEDS).mapToObj(s -> Arguments.of(PmemBackend.JDK, s, false));
    Stream<Arguments> llpl =
        seeds(Math.max(1, SEEDS / 2)).mapToObj(s -> Arguments.of(PmemBackend.LLPL, s, false));
    return Stream.concat(
        Stream.concat(jdk, llpl), Stream.of(Arguments.of(PmemBackend.JDK, 1_000L + SEEDS, true)));
  }

  private static LongStream seeds(int n) {
    return LongStream.rangeClosed(1, n);
  }

  @ParameterizedTest(name = "{0} seed={1} pretouch={2}")
  @MethodSource("runs")
  @ExpectedLog(
      logger = "dev.mixchannel.pmem.internal.PoolRecovery",
      contains = "two slots claim one key",
      reason = "power lost between the two steps of a rename leaves both slots")
  void shouldNeverShowBytesAKeyDidNotWriteWhenPowerIsLostAtRandomFlushes(
      PmemBackend backend, long seed, boolean pretouch) throws Exception {
    TestPools.assumeBackend(backend);
    String context = "seed=" + seed + ", backend=" + backend + ", pretouch=" + pretouch;
    try (PowerLossHarness h =
        new PowerLossHarness("random", backend, PowerLossWorkload.POOL_BYTES, pretouch)) {
      PowerLossWorkload w = PowerLossWorkload.runRandomized(h, seed, context);
      assertThat(h.failures())
          .as("%s, images checked: %d, operations: %s", context, h.images(), w.summary())
          .isEmpty();
      assertThat(h.images()).as("%s: images checked", context).isPositive();
    }
  }
}
