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
package dev.mixchannel.tiering;

import dev.mixchannel.tiering.internal.MigrationHook;
import dev.mixchannel.tiering.internal.MigrationStep;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A hook that records every step and pauses once at a chosen step until released. */
final class PausingHook implements MigrationHook {
  final List<String> steps = new CopyOnWriteArrayList<>();
  private volatile MigrationStep pauseAt;
  private volatile CountDownLatch reached = new CountDownLatch(1);
  private volatile CountDownLatch release = new CountDownLatch(1);
  private volatile IOException failure;
  private volatile MigrationStep failAt;

  /** Pauses the next migration that reaches {@code step}. */
  PausingHook pauseAt(MigrationStep step) {
    reached = new CountDownLatch(1);
    release = new CountDownLatch(1);
    pauseAt = step;
    return this;
  }

  /** Makes every migration fail at {@code step}. */
  PausingHook failAt(MigrationStep step, IOException e) {
    failAt = step;
    failure = e;
    return this;
  }

  void awaitReached() throws InterruptedException {
    if (!reached.await(30, TimeUnit.SECONDS)) {
      throw new AssertionError("migration never reached " + pauseAt + "; steps=" + steps);
    }
  }

  void release() {
    release.countDown();
  }

  @Override
  public void at(MigrationStep step, String key, String fromTier, String toTier)
      throws IOException {
    steps.add(step.name());
    if (step == failAt) {
      throw failure;
    }
    if (step == pauseAt) {
      pauseAt = null;
      reached.countDown();
      try {
        if (!release.await(30, TimeUnit.SECONDS)) {
          throw new IOException("test never released the pause at " + step);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted in pause", e);
      }
    }
  }
}
