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
 * A key is complete on two tiers and the two copies differ. The migration protocol never leaves two
 * different complete copies, so something ran outside it (a host system started without its
 * adapter, a copy made by hand): no copy can be chosen without losing what the other holds. Both
 * are kept, the key is refused until an operator keeps one of them with the command {@link
 * #resolution()} names.
 */
public class DivergentCopiesException extends KeyRefusedException {
  private static final long serialVersionUID = 1L;

  /** The faster tier holding a complete copy. */
  private final String fasterTier;

  /** The slower tier holding a complete copy. */
  private final String slowerTier;

  /** The command that resolves the conflict. */
  private final String resolution;

  /**
   * Creates the exception.
   *
   * @param key the key whose copies differ
   * @param fasterTier the name of the faster tier holding a complete copy
   * @param slowerTier the name of the slower tier holding a complete copy
   * @param resolution the command an operator runs to keep one copy
   * @param message the full message naming the key, both tiers, how they differ and the command
   */
  public DivergentCopiesException(
      String key, String fasterTier, String slowerTier, String resolution, String message) {
    super(key, message);
    this.fasterTier = fasterTier;
    this.slowerTier = slowerTier;
    this.resolution = resolution;
  }

  /**
   * The faster tier holding a complete copy.
   *
   * @return its name
   */
  public String fasterTier() {
    return fasterTier;
  }

  /**
   * The slower tier holding a complete copy.
   *
   * @return its name
   */
  public String slowerTier() {
    return slowerTier;
  }

  /**
   * The command an operator runs to keep one of the two copies.
   *
   * @return the command line
   */
  public String resolution() {
    return resolution;
  }
}
