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
 * A key is refused: every operation naming it throws a subclass of this until an operator acts,
 * because serving it could show bytes that are not its latest, or hide bytes only a refused copy
 * holds. {@link DivergentCopiesException}: two complete copies differ. {@link
 * RefusedCopyException}: a tier refuses its copy. Catch this type to handle every refusal alike (an
 * adapter takes the key's host directory offline).
 */
public abstract class KeyRefusedException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /** The refused key. */
  private final String key;

  /**
   * Creates the exception.
   *
   * @param key the refused key
   * @param message the full message naming the key, why it is refused and what to do
   */
  protected KeyRefusedException(String key, String message) {
    super(message);
    this.key = key;
  }

  /**
   * The refused key.
   *
   * @return the key
   */
  public String key() {
    return key;
  }
}
