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
import java.time.Duration;

/**
 * The package-private test hooks of {@link TierManager}, for the Kafka adapter's tests: the
 * migration hook of the crash matrix, one policy round, the policy's view and the wait for
 * migrations in flight. Test code only; stateless.
 */
public final class TierManagerAccess {
  private TierManagerAccess() {}

  /**
   * Sets the hook called at each step of the migration protocol.
   *
   * @param builder the builder
   * @param hook the hook
   * @return the builder
   */
  public static TierManager.Builder hook(TierManager.Builder builder, MigrationHook hook) {
    return builder.hook(hook);
  }

  /**
   * Runs one policy round.
   *
   * @param manager the manager
   * @return the migrations queued
   */
  public static int doWork(TierManager manager) {
    return TierManagerHooks.doWork(manager);
  }

  /**
   * The policy's view of a key now.
   *
   * @param manager the manager
   * @param key the key
   * @return its snapshot
   * @throws AssertionError when the manager does not know the key
   */
  public static KeySnapshot snapshotOf(TierManager manager, String key) {
    return TierManagerHooks.snapshot(manager).keys().stream()
        .filter(s -> s.key().equals(key))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no snapshot of key " + key));
  }

  /**
   * Waits until no migration is queued or running.
   *
   * @param manager the manager
   * @param timeout the longest wait
   * @throws InterruptedException when interrupted
   * @throws AssertionError when migrations are still running after the timeout
   */
  public static void awaitMigrations(TierManager manager, Duration timeout)
      throws InterruptedException {
    if (!TierManagerHooks.awaitMigrations(manager, timeout)) {
      throw new AssertionError("migrations still running after " + timeout);
    }
  }
}
