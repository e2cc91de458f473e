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
package dev.mixchannel.pmem.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Issue 19 item 1 (goal P12): a reopened pool's scrubber keeps a lead of touched clean extents
 * ahead of the writers before it zeroes dirty ones, touches no more than the lead, and a closing
 * pool's drain zeroes dirty extents only.
 */
class ExtentAllocatorTouchLeadTest {

  @Test
  void shouldTouchCleanExtentsUpToTheLeadBeforeZeroingDirtyOnes() throws Exception {
    ExtentAllocator allocator = new ExtentAllocator(5, 5, 2);
    allocator.addFree(0, true);
    allocator.addFree(1, false);
    allocator.addFree(2, true);
    allocator.addFree(3, true);

    assertThat(scrub(allocator)).isEqualTo(0);
    assertThat(scrub(allocator)).isEqualTo(2);
    assertThat(scrub(allocator)).isEqualTo(1);
    // The lead is full (three touched extents ready): extent 3 waits until a writer takes some.
    assertThat(allocator.scrubHandoff().borrowForScrub(false)).isEqualTo(-1);
    assertThat(allocator.scrubHandoff().awaitScrubbed(0)).isTrue();
    assertThat(allocator.allocate(2).extents()).containsExactly(1, 2);
    assertThat(scrub(allocator)).isEqualTo(3);
  }

  @Test
  void shouldZeroOnlyDirtyExtentsWhileDraining() throws Exception {
    ExtentAllocator allocator = new ExtentAllocator(3, 3);
    allocator.addFree(0, true);
    allocator.addFree(1, false);

    assertThat(allocator.scrubHandoff().drainDirty(0)).isFalse();
    assertThat(scrub(allocator)).isEqualTo(1);
    assertThat(allocator.scrubHandoff().borrowForScrub(false)).isEqualTo(-1);
    assertThat(allocator.scrubHandoff().drainDirty(0)).isTrue();
    assertThat(allocator.scrubHandoff().dirtyCount()).isZero();
  }

  /** Borrows the scrubber's next extent and ends its scrub as done. */
  private static int scrub(ExtentAllocator allocator) throws InterruptedException {
    int e = allocator.scrubHandoff().borrowForScrub(false);
    assertThat(e).isNotNegative();
    allocator.scrubHandoff().scrubbed(e);
    return e;
  }
}
