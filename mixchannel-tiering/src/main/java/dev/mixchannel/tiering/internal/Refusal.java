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

import dev.mixchannel.api.KeyRefusedException;

/**
 * Why a key is refused: every operation naming it throws {@link #refusal()} until an operator acts.
 * The index holds one per refused name; recovery finds them again at every open, from the copies
 * themselves. Immutable.
 */
sealed interface Refusal permits Divergence, RefusedCopy {

  /**
   * The refused key.
   *
   * @return the key
   */
  String key();

  /**
   * The refusal, a new exception for each caller (its stack names the refused operation).
   *
   * @return the exception naming the key, why it is refused and what an operator does about it
   */
  KeyRefusedException refusal();
}
