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
package dev.mixchannel.api;

/**
 * A key is refused because one tier refuses its copy of it ({@link StorageTier#refusedKeys()}): the
 * copy's metadata failed validation, so what it holds is unknown. The key is served from no tier
 * and cannot be created anew, since either would hide what that copy alone may hold (acknowledged
 * writes after a power loss, say); every operation naming it throws this exception until the
 * damaged copy is gone (a PMem pool recreated after an evacuation) and the key restored from a
 * replica or a backup.
 */
public class RefusedCopyException extends KeyRefusedException {
  private static final long serialVersionUID = 1L;

  /** The tier that refuses its copy. */
  private final String tier;

  /**
   * Creates the exception.
   *
   * @param key the refused key
   * @param tier the name of the tier that refuses its copy
   * @param message the full message naming the key, the tier and the tier's reason
   */
  public RefusedCopyException(String key, String tier, String message) {
    super(key, message);
    this.tier = tier;
  }

  /**
   * The tier that refuses its copy.
   *
   * @return its name
   */
  public String tier() {
    return tier;
  }
}
