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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19 item 1 (goal P12): a clean close zeroes and marks clean the extents freed just before it
 * (here those of a deleted key whose last handle the close itself closes), so the next open has no
 * zeroing backlog; and an image cut before and after every flush of that close (the zeros, then
 * each clean mark) never shows the deleted key's bytes in a key grown onto them.
 */
@Tag("slow")
class PowerLossCleanCloseTest {

  private static final long MIB = TestPools.MIB;
  private static final long POOL_BYTES = 5 * MIB;

  @ParameterizedTest
  @EnumSource(names = {"JDK", "LLPL"})
  void shouldMarkFreedExtentsCleanAtCloseWhenPowerIsLostAtEachFlush(PmemBackend backend)
      throws Exception {
    TestPools.assumeBackend(backend);
    try (PowerLossHarness h = new PowerLossHarness("clean-close", backend, POOL_BYTES, false)) {
      PowerLossDriver d = h.driver();
      d.create("z", 0);
      int x = d.create("x", 0);
      d.append(x, (int) (2 * MIB));
      d.force(x);
      // Deleted with its handle open: its extents are freed only when the close closes the handle,
      // after the scrubber could have zeroed them.
      d.delete("x");
      h.recordEveryFlush("clean-close/" + backend, PowerLossRecorder.FLUSHED_ONLY);
      h.tier().close();
      assertThat(h.failures())
          .as("clean-close/%s, images checked: %d", backend, h.images())
          .isEmpty();
      assertThat(h.images()).isPositive();
      try (PmemTier again = PmemTier.open(h.config().tiers().get(0), h.config())) {
        assertThat(again.scrubBacklogUnits()).isZero();
      }
    }
  }
}
