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

import dev.mixchannel.tiering.internal.ManagerCore;
import java.time.Duration;

/**
 * What the tests of this package drive a {@link TierManager} with, beyond its interface: a policy
 * round on demand, the policy's view, waiting for migrations, the JMX id. Not an API.
 */
final class TierManagerHooks {
  private TierManagerHooks() {}

  static int doWork(TierManager manager) {
    return core(manager).doWork();
  }

  static PolicySnapshot snapshot(TierManager manager) {
    return core(manager).snapshot();
  }

  static boolean awaitMigrations(TierManager manager, Duration timeout)
      throws InterruptedException {
    return core(manager).awaitMigrations(timeout);
  }

  static String id(TierManager manager) {
    return core(manager).id();
  }

  private static ManagerCore core(TierManager manager) {
    return (ManagerCore) manager;
  }
}
