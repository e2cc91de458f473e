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

import dev.mixchannel.pmem.internal.PoolLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Cuts the power at flush points: before and after a flush takes effect it captures a crash image
 * and the model's expectation at one moment (holding the model's monitor, so no operation begins or
 * ends in between), checks the image at once and keeps the failures. Either every flush point with
 * fixed line choices (scripted tests), or random points with random choices (the randomized
 * workload). Stops capturing after a few failing images. Thread-safe.
 */
final class PowerLossRecorder implements PowerLossMemory.FlushListener {

  private static final int MAX_FAILING_IMAGES = 4;

  private final PowerLossModel model;
  private final PowerLossChecker checker;
  private final String context;
  private final Map<String, PowerLossMemory.LineChoice> fixed;
  private final Random random;
  private final double probability;
  private final int maxImages;
  private final AtomicInteger images = new AtomicInteger();
  private final AtomicInteger failingImages = new AtomicInteger();
  private final List<String> failures = new ArrayList<>();
  private volatile boolean stopped;

  private PowerLossRecorder(
      PowerLossModel model,
      PowerLossChecker checker,
      String context,
      Map<String, PowerLossMemory.LineChoice> fixed,
      Random random,
      double probability,
      int maxImages) {
    this.model = model;
    this.checker = checker;
    this.context = context;
    this.fixed = fixed;
    this.random = random;
    this.probability = probability;
    this.maxImages = maxImages;
  }

  /** Only flushed lines reach the media: the orderings of flushes alone. */
  static final Map<String, PowerLossMemory.LineChoice> FLUSHED_ONLY =
      Map.of("flushed-only", (line, metadata) -> false);

  /** Every unflushed metadata line was evicted early, no data line: SIZE words ahead of data. */
  static final Map<String, PowerLossMemory.LineChoice> METADATA_EVICTED =
      Map.of("metadata-evicted", (line, metadata) -> metadata);

  /** At every flush point, before and after, an image per choice. */
  static PowerLossRecorder everyFlush(
      PowerLossModel model,
      PowerLossChecker checker,
      String context,
      Map<String, PowerLossMemory.LineChoice> choices) {
    return new PowerLossRecorder(
        model, checker, context, new LinkedHashMap<>(choices), null, 0, Integer.MAX_VALUE);
  }

  /** At flush points chosen with {@code probability}, one image with random line choices. */
  static PowerLossRecorder random(
      PowerLossModel model,
      PowerLossChecker checker,
      String context,
      Random random,
      double probability,
      int maxImages) {
    return new PowerLossRecorder(model, checker, context, null, random, probability, maxImages);
  }

  @Override
  public void beforeFlush(PowerLossMemory memory, long offset, long length) {
    cut(memory, "before", offset, length);
  }

  @Override
  public void afterFlush(PowerLossMemory memory, long offset, long length) {
    cut(memory, "after", offset, length);
  }

  /** Stops capturing (before the pool closes). */
  void stop() {
    stopped = true;
  }

  /** Images checked so far. */
  int images() {
    return images.get();
  }

  /** The failures so far. */
  synchronized List<String> failures() {
    return List.copyOf(failures);
  }

  private void cut(PowerLossMemory memory, String when, long offset, long length) {
    if (stopped || failingImages.get() >= MAX_FAILING_IMAGES) {
      return;
    }
    String point = when + " flush of " + region(memory, offset) + " +" + length;
    if (fixed != null) {
      fixed.forEach((name, choice) -> capture(memory, point, name, choice));
      return;
    }
    double qMeta;
    double qData;
    long seed;
    synchronized (random) {
      if (images.get() >= maxImages || random.nextDouble() >= probability) {
        return;
      }
      qMeta = random.nextDouble();
      qData = random.nextDouble();
      seed = random.nextLong();
    }
    Random lines = new Random(seed);
    capture(
        memory,
        point,
        String.format("random(metadata %.2f, data %.2f)", qMeta, qData),
        (line, metadata) -> lines.nextDouble() < (metadata ? qMeta : qData));
  }

  private void capture(
      PowerLossMemory memory, String point, String name, PowerLossMemory.LineChoice choice) {
    byte[] image;
    byte[] flushedOnly;
    PowerLossExpectation expected;
    synchronized (model) {
      image = memory.crashImage(choice);
      flushedOnly = fixed == null ? memory.persistedImage() : null;
      expected = model.expectation();
    }
    int index = images.incrementAndGet();
    String where =
        context
            + ", image="
            + index
            + ", "
            + point
            + " on "
            + Thread.currentThread().getName()
            + ", lines="
            + name;
    List<String> found = new ArrayList<>(checker.check(image, expected, where));
    if (!found.isEmpty() && flushedOnly != null) {
      // The same moment as the flushes alone made the media (no line ever evicted early) tells a
      // misordering of flushes (fails here too) from an early eviction, which only durably zeroed
      // reused extents survive.
      List<String> ordering =
          checker.check(flushedOnly, expected, where + ", same moment, flushes alone");
      found.add(
          where
              + ": "
              + (ordering.isEmpty()
                  ? "with the flushes alone this moment is right: the failure needs lines evicted"
                      + " early (reused extents not zeroed durably)"
                  : "the flushes alone fail too: the flushes are misordered"));
      found.addAll(ordering);
    }
    if (!found.isEmpty()) {
      failingImages.incrementAndGet();
      synchronized (this) {
        failures.addAll(found);
      }
    }
  }

  /** Names the pool region of an offset: superblock, slot n, extent entry n, or extent n. */
  private static String region(PowerLossMemory memory, long offset) {
    long entries = memory.getLong(PoolLayout.SB_EXTENT_TABLE_OFFSET);
    if (offset < PoolLayout.SLOT_TABLE_OFFSET) {
      return "superblock@" + offset;
    }
    if (offset < entries) {
      long slot = (offset - PoolLayout.SLOT_TABLE_OFFSET) / PoolLayout.SLOT_BYTES;
      long within = offset - PoolLayout.slotOffset(slot);
      String field =
          within == PoolLayout.SLOT_STATE
              ? ".STATE"
              : within == PoolLayout.SLOT_SIZE ? ".SIZE" : "@" + within;
      return "slot[" + slot + "]" + field;
    }
    if (offset < memory.dataOffset()) {
      return "extent entry[" + (offset - entries) / PoolLayout.EXTENT_ENTRY_BYTES + "]";
    }
    long extentBytes = memory.getLong(PoolLayout.SB_EXTENT_SIZE);
    long rel = offset - memory.dataOffset();
    return "data extent[" + rel / extentBytes + "]@" + rel % extentBytes;
  }
}
