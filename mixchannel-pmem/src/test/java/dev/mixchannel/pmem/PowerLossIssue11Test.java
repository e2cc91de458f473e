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
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 11, defect 2, one scripted sequence per path: after a power loss a PMem key must never show
 * another key's bytes. Each test first leaves key {@code x}'s forced bytes in a freed extent, which
 * the allocator hands out next (freed extents are reused first), then runs one path on key {@code
 * y} and opens the image cut before and after every flush from then on. The first three keep only
 * flushed lines (the order of flushes alone is wrong); the last lets every unflushed metadata line
 * reach the media and no data line (a cache eviction of a SIZE word, as on PMem without eADR),
 * which only durable zeroing of reused extents can survive.
 */
@Tag("slow")
class PowerLossIssue11Test {

  private static final long MIB = TestPools.MIB;
  private static final long POOL_BYTES = 5 * MIB;
  private static final int KIB = 1024;

  /** Steps of a scripted sequence. */
  @FunctionalInterface
  private interface Script {
    /** Runs the steps. */
    void run(PowerLossHarness h, PowerLossDriver d) throws Exception;
  }

  @ParameterizedTest
  @EnumSource(names = {"JDK", "LLPL"})
  void shouldNotShowAnotherKeysBytesWhenTruncateMakesTheSizeDurable(PmemBackend backend)
      throws Exception {
    assertNoFailure(
        "truncate",
        backend,
        PowerLossRecorder.FLUSHED_ONLY,
        (h, d) -> {},
        (h, d) -> {
          int y = d.create("y", 0);
          d.append(y, 512 * KIB);
          d.truncate(y, 256 * KIB);
        });
  }

  @ParameterizedTest
  @EnumSource(names = {"JDK", "LLPL"})
  void shouldNotShowAnotherKeysBytesWhenCreatedWithPreallocation(PmemBackend backend)
      throws Exception {
    assertNoFailure(
        "preallocate",
        backend,
        PowerLossRecorder.FLUSHED_ONLY,
        (h, d) -> {},
        (h, d) -> d.create("y", 512 * KIB));
  }

  @ParameterizedTest
  @EnumSource(names = {"JDK", "LLPL"})
  void shouldNotShowAnotherKeysBytesWhenForceRacesAWrite(PmemBackend backend) throws Exception {
    assertNoFailure(
        "force-race",
        backend,
        PowerLossRecorder.FLUSHED_ONLY,
        (h, d) -> d.append(d.create("y", 0), 4 * KIB),
        (h, d) -> {
          int y = d.fileOf("y");
          // The append lands between the force's flush of [0, 4 KiB) and its flush of the SIZE
          // word.
          PowerLossRacingForce.writeInsideForce(d, h.memory(), y, () -> d.append(y, 64 * KIB));
        });
  }

  @ParameterizedTest
  @EnumSource(names = {"JDK", "LLPL"})
  void shouldNotShowAnotherKeysBytesWhenACacheEvictionWritesASizeWordEarly(PmemBackend backend)
      throws Exception {
    assertNoFailure(
        "eviction",
        backend,
        PowerLossRecorder.METADATA_EVICTED,
        (h, d) -> d.create("y", 0),
        (h, d) -> {
          d.append(d.fileOf("y"), 128 * KIB);
          // Any later flush is a moment to cut the power: y's SIZE word may be on the media.
          d.force(d.fileOf("z"));
        });
  }

  /**
   * A key deleted while its handle is open grows through that handle onto a free extent the
   * scrubber had zeroed and marked clean: the deleted key owns no entry on the media, and the mark
   * stayed, so a reopen trusted the extent to be zero and handed the deleted key's bytes to the
   * next key (the differential's seed 0x5eed0004, CI of 2026-12-02).
   */
  @ParameterizedTest
  @EnumSource(names = {"JDK", "LLPL"})
  void shouldNotShowADeletedKeysBytesWhenItGrowsOntoAnExtentMarkedClean(PmemBackend backend)
      throws Exception {
    int[] w = new int[1];
    assertNoFailure(
        "deleted-grows",
        backend,
        PowerLossRecorder.FLUSHED_ONLY,
        (h, d) -> {
          w[0] = d.create("w", 0);
          d.append(w[0], 64 * KIB);
          d.force(w[0]);
          d.delete("w");
          // x's freed extent is zeroed and marked clean on the media.
          h.tier().awaitPretouch();
        },
        (h, d) -> {
          d.append(w[0], (int) MIB);
          d.force(w[0]);
        });
  }

  /**
   * Creates key {@code z}, leaves x's forced bytes in a freed extent, runs {@code before}, then
   * runs {@code recorded} with images cut at every flush, and asserts none failed.
   */
  private static void assertNoFailure(
      String path,
      PmemBackend backend,
      Map<String, PowerLossMemory.LineChoice> lines,
      Script before,
      Script recorded)
      throws Exception {
    TestPools.assumeBackend(backend);
    try (PowerLossHarness h = new PowerLossHarness(path, backend, POOL_BYTES, false)) {
      PowerLossDriver d = h.driver();
      d.create("z", 0);
      leaveForcedBytesInAFreedExtent(d);
      before.run(h, d);
      h.recordEveryFlush(path + "/" + backend, lines);
      recorded.run(h, d);
      assertThat(h.failures()).as("%s/%s, images checked: %d", path, backend, h.images()).isEmpty();
    }
  }

  /** Key x fills one extent, forces it and is deleted: the extent is free and reused next. */
  private static void leaveForcedBytesInAFreedExtent(PowerLossDriver d) throws Exception {
    int x = d.create("x", 0);
    d.append(x, (int) MIB);
    d.force(x);
    d.delete("x");
    d.closeHandle(x);
  }
}
