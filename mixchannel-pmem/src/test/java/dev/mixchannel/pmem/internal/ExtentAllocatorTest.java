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

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Issue 18 item 3 (and 9): an allocation answers at once, never waits for the scrubber, a free or a
 * close, and the scrubber never writes into an extent an allocation took from it. Every wait here
 * is bounded: the old allocator waited up to 30 s where these expect an answer at once.
 */
class ExtentAllocatorTest {

  private static final long BOUND_SECONDS = 10;

  @Test
  void shouldGrantTheScrubbersExtentAtOnceWhenNothingElseIsFree() throws Exception {
    ExtentAllocator allocator = new ExtentAllocator(2, 0);
    allocator.addFree(0, false);
    allocator.addFree(1, false);
    int scrubbing = allocator.scrubHandoff().borrowForScrub(false);
    assertThat(scrubbing).isGreaterThanOrEqualTo(0);

    ExtentAllocator.Grant grant =
        CompletableFuture.supplyAsync(() -> allocator.allocate(2))
            .get(BOUND_SECONDS, TimeUnit.SECONDS);

    assertThat(grant).isNotNull();
    assertThat(grant.extents()).containsExactlyInAnyOrder(0, 1);
    assertThat(grant.firstDirty()).isZero();
    assertThat(allocator.freeCount()).isZero();
    assertThat(allocator.scrubHandoff().scrubChunk(scrubbing, () -> {})).isFalse();
  }

  @Test
  void shouldAnswerNullAtOnceWhenTooFewAreFreeWhileTheScrubberWorks() throws Exception {
    ExtentAllocator allocator = new ExtentAllocator(3, 0);
    allocator.addFree(0, false);
    allocator.addFree(1, false);
    allocator.scrubHandoff().borrowForScrub(false);
    assertThat(allocator.allocate(1)).isNotNull();

    ExtentAllocator.Grant second =
        CompletableFuture.supplyAsync(() -> allocator.allocate(2))
            .get(BOUND_SECONDS, TimeUnit.SECONDS);

    assertThat(second).isNull();
    assertThat(allocator.allocate(1)).isNotNull();
    assertThat(allocator.allocate(1)).isNull();
  }

  @Test
  void shouldNeverRunAChunkOnAnExtentAnAllocationTook() throws Exception {
    ExtentAllocator allocator = new ExtentAllocator(1, 0);
    allocator.addFree(0, false);
    int e = allocator.scrubHandoff().borrowForScrub(false);
    CountDownLatch inChunk = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean chunkOver = new AtomicBoolean();
    CompletableFuture<Boolean> scrubber =
        CompletableFuture.supplyAsync(
            () ->
                allocator
                    .scrubHandoff()
                    .scrubChunk(
                        e,
                        () -> {
                          inChunk.countDown();
                          await(release);
                          chunkOver.set(true);
                        }));
    assertThat(inChunk.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<Boolean> writer =
        CompletableFuture.supplyAsync(
            () -> {
              ExtentAllocator.Grant g = allocator.allocate(1);
              // The chunk that was being written is over before the grant is handed out.
              return g != null && chunkOver.get();
            });
    release.countDown();

    assertThat(writer.get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    assertThat(scrubber.get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    AtomicBoolean ran = new AtomicBoolean();
    assertThat(allocator.scrubHandoff().scrubChunk(e, () -> ran.set(true))).isFalse();
    assertThat(ran).isFalse();
    allocator.scrubHandoff().scrubbed(e);
    assertThat(allocator.freeCount()).isZero();
    assertThat(allocator.allocate(1)).isNull();
  }

  @Test
  void shouldGiveAFreedExtentToTheNextAllocationAtOnce() {
    ExtentAllocator allocator = new ExtentAllocator(1, 0);
    allocator.addFree(0, true);
    ExtentAllocator.Grant first = allocator.allocate(1);
    assertThat(allocator.allocate(1)).isNull();

    allocator.free(first.extents()[0]);
    ExtentAllocator.Grant again = allocator.allocate(1);

    assertThat(again.extents()).containsExactly(0);
    assertThat(again.firstDirty()).isZero();
  }

  @Test
  void shouldStopTheScrubberOnCloseAndKeepItsExtentDirty() throws Exception {
    ExtentAllocator allocator = new ExtentAllocator(2, 0);
    allocator.addFree(0, false);
    int e = allocator.scrubHandoff().borrowForScrub(false);
    CompletableFuture<Integer> waiting =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return allocator.scrubHandoff().borrowForScrub(true);
              } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return -2;
              }
            });

    allocator.scrubHandoff().close();

    assertThat(waiting.get(BOUND_SECONDS, TimeUnit.SECONDS)).isEqualTo(-1);
    assertThat(allocator.scrubHandoff().scrubChunk(e, () -> {})).isFalse();
    allocator.scrubHandoff().unscrubbed(e);
    assertThat(allocator.scrubHandoff().dirtyCount()).isEqualTo(1);
    ExtentAllocator.Grant grant = allocator.allocate(1);
    assertThat(grant.extents()).containsExactly(e);
    assertThat(grant.firstDirty()).isZero();
  }

  @Test
  void shouldHandOutCleanExtentsBeforeDirtyOnes() {
    ExtentAllocator allocator = new ExtentAllocator(3, 0);
    allocator.addFree(0, false);
    allocator.addFree(1, true);
    allocator.addFree(2, false);

    ExtentAllocator.Grant grant = allocator.allocate(3);

    assertThat(grant.extents()[0]).isEqualTo(1);
    assertThat(grant.firstDirty()).isEqualTo(1);
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void shouldCountTheDirtyFreeExtentsAsTheScrubBacklogAndPassWaitsOn() {
    ExtentAllocator allocator = new ExtentAllocator(4, 0);
    allocator.addFree(0, false);
    allocator.addFree(1, true);
    allocator.addFree(2, false);
    java.util.List<Long> waits = new java.util.ArrayList<>();
    allocator.reportWaits(waits::add);

    assertThat(allocator.scrubHandoff().dirtyCount()).isEqualTo(2);
    allocator.waited(1234);
    assertThat(waits).containsExactly(1234L);
    assertThat(allocator.allocate(3)).isNotNull();
    assertThat(allocator.scrubHandoff().dirtyCount()).isZero();
  }
}
