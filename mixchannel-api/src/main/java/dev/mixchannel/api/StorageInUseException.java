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

import java.nio.file.Path;

/**
 * A tier's directory or pool file is held by another process (or another {@code TierManager} in
 * this process). Two owners would corrupt each other's metadata, so the second is refused.
 */
public class StorageInUseException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /** The locked directory or file. */
  private final transient Path path;

  /**
   * Creates the exception.
   *
   * @param path the directory or pool file that is held
   * @param message the full message
   */
  public StorageInUseException(Path path, String message) {
    super(message);
    this.path = path;
  }

  /**
   * The directory or pool file that is held.
   *
   * @return its path
   */
  public Path path() {
    return path;
  }
}
