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

/**
 * One key as a {@link MigrationPolicy} sees it.
 *
 * @param key the key
 * @param tierName the tier that holds it
 * @param sizeBytes its size in bytes
 * @param sealed whether it is eligible for demotion: it was sealed ({@link MixChannel#seal()},
 *     {@link TierManager#seal}) or it has not been written for the configured idle time
 * @param lastWriteMillis the clock time at which the manager last saw it written, in milliseconds
 *     (observed at the resolution of the policy interval)
 * @param migrating whether a migration of it is queued or in flight (it will not be picked again)
 * @param migrationTarget the tier an in-flight migration moves it to, or {@code null} when none
 * @param backingOff whether a recent migration of it failed and the manager waits before retrying
 * @param held whether it is held on its tier ({@link TierManager#hold}): the policy leaves it there
 */
public record KeySnapshot(
    String key,
    String tierName,
    long sizeBytes,
    boolean sealed,
    long lastWriteMillis,
    boolean migrating,
    String migrationTarget,
    boolean backingOff,
    boolean held) {

  /**
   * Whether the policy may pick this key now.
   *
   * @return {@code true} when no migration is in flight, it is not backing off and not held
   */
  public boolean pickable() {
    return !migrating && !backingOff && !held;
  }
}
