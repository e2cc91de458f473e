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
 * A migration of a key between tiers failed and was rolled back: the source still serves the key
 * and the incomplete copy was removed. The cause says why.
 */
public class MigrationException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what failed, naming the key and both tiers
   * @param cause the underlying failure
   */
  public MigrationException(String message, Throwable cause) {
    super(message, cause);
  }
}
