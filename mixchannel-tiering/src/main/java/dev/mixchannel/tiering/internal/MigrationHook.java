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
package dev.mixchannel.tiering.internal;

import java.io.IOException;

/**
 * A test-only observer of the migration protocol, called at each {@link MigrationStep}. From {@link
 * MigrationStep#SWITCH_LOCKED} to {@link MigrationStep#SWITCHED} it runs while the key's exclusive
 * lock is held. Throwing before {@link MigrationStep#PUBLISHED} aborts the migration; from {@code
 * PUBLISHED} on the manager resolves the two copies as for a failed source removal.
 */
@FunctionalInterface
public interface MigrationHook {

  /** The hook that does nothing. */
  MigrationHook NONE = (step, key, fromTier, toTier) -> {};

  /**
   * Called when a migration reaches a step.
   *
   * @param step the step
   * @param key the key being migrated
   * @param fromTier the source tier's name
   * @param toTier the target tier's name
   * @throws IOException to inject a failure at this step
   */
  void at(MigrationStep step, String key, String fromTier, String toTier) throws IOException;
}
