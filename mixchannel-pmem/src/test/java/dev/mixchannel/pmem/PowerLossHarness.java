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

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.pmem.internal.Backends;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One power-loss run: a small pool (1 MiB extents, so freed extents are reused at once) on a {@link
 * PowerLossMemory} over a real backend, the model, a driver for the workload, and a recorder that
 * cuts the power at flush points. {@link #close()} stops the recorder, closes the handles and the
 * tier, and deletes every directory. One workload thread (plus a racing forcer).
 */
final class PowerLossHarness implements AutoCloseable {

  /** Extent size of every power-loss pool. */
  static final long EXTENT_BYTES = TestPools.MIB;

  private final Path root;
  private final long poolBytes;
  private final MixChannelConfig config;
  private final PowerLossMemory memory;
  private final PowerLossModel model = new PowerLossModel();
  private final PmemTier tier;
  private final PowerLossDriver driver;
  private final PowerLossChecker checker;
  private PowerLossRecorder recorder;

  /**
   * Opens a new pool.
   *
   * @param name a name for the temporary directory
   * @param backend {@link PmemBackend#JDK} or {@link PmemBackend#LLPL} (the caller checks support)
   * @param poolBytes the pool file's size (1 MiB of it is metadata)
   * @param pretouch whether the pre-toucher runs (on its own thread)
   */
  PowerLossHarness(String name, PmemBackend backend, long poolBytes, boolean pretouch)
      throws IOException {
    this.root = TestPools.newRoot("powerloss-" + name);
    this.poolBytes = poolBytes;
    MixChannelConfig config =
        MixChannelConfig.builder()
            .tier("pmem", TierKind.PMEM, poolBytes, root.resolve("live"))
            .pmemExtentSizeBytes(EXTENT_BYTES)
            .pmemBackend(backend)
            .pmemPretouch(pretouch)
            .build();
    this.config = config;
    PowerLossMemory.Provider provider =
        new PowerLossMemory.Provider(
            backend == PmemBackend.LLPL ? Backends.llpl() : Backends.jdk());
    PmemTier opened = null;
    try {
      opened = PmemTier.open(config.tiers().get(0), config, provider);
      if (pretouch) {
        opened.awaitPretouch();
      }
    } catch (IOException | RuntimeException e) {
      TestPools.delete(root);
      throw e;
    }
    this.tier = opened;
    this.memory = provider.last();
    this.driver = new PowerLossDriver(tier, model);
    this.checker = new PowerLossChecker(root, poolBytes, EXTENT_BYTES, model);
  }

  /**
   * The configuration of the pool (one PMem tier), to open it again after {@link #tier()} closed.
   */
  MixChannelConfig config() {
    return config;
  }

  PmemTier tier() {
    return tier;
  }

  PowerLossMemory memory() {
    return memory;
  }

  PowerLossDriver driver() {
    return driver;
  }

  long poolBytes() {
    return poolBytes;
  }

  /** From now on, an image per choice before and after every flush. */
  void recordEveryFlush(String context, Map<String, PowerLossMemory.LineChoice> choices) {
    listen(PowerLossRecorder.everyFlush(model, checker, context, choices));
  }

  /** From now on, an image with random line choices at flush points chosen with a probability. */
  void recordRandomly(String context, Random random, double probability, int maxImages) {
    listen(PowerLossRecorder.random(model, checker, context, random, probability, maxImages));
  }

  private void listen(PowerLossRecorder r) {
    if (recorder != null) {
      throw new IllegalStateException("already recording");
    }
    recorder = r;
    memory.listen(r);
  }

  /** Images checked so far. */
  int images() {
    return recorder == null ? 0 : recorder.images();
  }

  /** Every failure: of images, and of live transfers. */
  List<String> failures() {
    List<String> all = new ArrayList<>(driver.liveFailures());
    if (recorder != null) {
      all.addAll(recorder.failures());
    }
    return all;
  }

  @Override
  public void close() throws IOException {
    if (recorder != null) {
      recorder.stop();
    }
    try (PmemTier t = tier;
        PowerLossDriver d = driver) {
      // closes the handles, then the tier
    } finally {
      TestPools.delete(root);
    }
  }
}
