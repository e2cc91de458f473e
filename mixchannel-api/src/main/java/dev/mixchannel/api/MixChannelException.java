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

import java.io.IOException;

/**
 * The root of MixChannel's own checked exceptions. Being an {@link IOException}, it passes through
 * every {@link java.nio.channels.FileChannel} method signature unchanged.
 */
public class MixChannelException extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message what failed, in the form {@code what failed: key=value, ... (resource)}
   */
  public MixChannelException(String message) {
    super(message);
  }

  /**
   * Creates an exception that keeps its cause.
   *
   * @param message what failed, in the form {@code what failed: key=value, ... (resource)}
   * @param cause the underlying failure
   */
  public MixChannelException(String message, Throwable cause) {
    super(message, cause);
  }
}
