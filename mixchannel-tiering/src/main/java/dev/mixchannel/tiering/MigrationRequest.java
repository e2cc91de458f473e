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

import java.util.Objects;

/**
 * A request, returned by a {@link MigrationPolicy}, to move one key to another tier.
 *
 * @param key the key to move
 * @param targetTier the name of the tier to move it to
 */
public record MigrationRequest(String key, String targetTier) {

  /**
   * Checks the components.
   *
   * @param key the key to move
   * @param targetTier the name of the target tier
   * @throws NullPointerException when either is null
   */
  public MigrationRequest {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(targetTier, "targetTier");
  }
}
