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
package dev.mixchannel.benchmarks;

import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Moves one key back and forth between two tiers of a manager, one synchronous migration after the
 * other, on a daemon thread ({@code bench-shuttle}) until closed: the background load of the
 * "appends during migration" benchmarks.
 */
final class KeyShuttle implements AutoCloseable {

  private final TierManager manager;
  private final String key;
  private final String tierA;
  private final String tierB;
  private final Thread thread;
  private final AtomicLong migrations = new AtomicLong();
  private final AtomicReference<Exception> failure = new AtomicReference<>();
  private volatile boolean stop;

  private KeyShuttle(TierManager manager, String key, String tierA, String tierB) {
    this.manager = manager;
    this.key = key;
    this.tierA = tierA;
    this.tierB = tierB;
    this.thread = new Thread(this::run, "bench-shuttle");
    thread.setDaemon(true);
  }

  /** Starts moving {@code key} between {@code tierA} and {@code tierB}. */
  static KeyShuttle start(TierManager manager, String key, String tierA, String tierB) {
    KeyShuttle shuttle = new KeyShuttle(manager, key, tierA, tierB);
    shuttle.thread.start();
    return shuttle;
  }

  private void run() {
    try {
      while (!stop) {
        manager.migrate(key, manager.tierOf(key).equals(tierA) ? tierB : tierA);
        migrations.incrementAndGet();
      }
    } catch (IOException | RuntimeException e) {
      if (!stop) {
        failure.set(e);
      }
    }
  }

  /** Migrations completed so far. */
  long migrations() {
    return migrations.get();
  }

  /**
   * Stops after the migration in flight and waits (up to 60 s) for it.
   *
   * @throws IOException when a migration failed while the shuttle ran
   */
  @Override
  public void close() throws IOException {
    stop = true;
    try {
      thread.join(TimeUnit.SECONDS.toMillis(60));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Exception e = failure.get();
    if (e != null) {
      throw new IOException("background migration failed: key=" + key, e);
    }
  }
}
