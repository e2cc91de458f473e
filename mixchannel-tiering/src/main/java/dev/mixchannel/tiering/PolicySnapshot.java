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

import java.util.List;

/**
 * An immutable view of a tier manager handed to a {@link MigrationPolicy}.
 *
 * @param tiers the tiers, fastest first
 * @param keys every key the manager holds, in no particular order
 * @param nowMillis the manager clock's time in milliseconds
 */
public record PolicySnapshot(List<TierStats> tiers, List<KeySnapshot> keys, long nowMillis) {

  /**
   * Copies the lists.
   *
   * @param tiers the tiers, fastest first
   * @param keys the keys
   * @param nowMillis the clock time in milliseconds
   */
  public PolicySnapshot {
    tiers = List.copyOf(tiers);
    keys = List.copyOf(keys);
  }
}
