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
 * Keeps a key on the tier {@link TierManager#hold} moved it to: the migration policy leaves it
 * there until this is closed (explicit {@link TierManager#migrate} calls still move it). Holds of
 * one key nest. Closing twice, or after the key was deleted, does nothing.
 */
public interface KeyHold extends AutoCloseable {

  /** Ends the hold. */
  @Override
  void close();
}
