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
package dev.mixchannel.common;

import java.io.IOException;

/**
 * Failures carried from where they happen to where they are thrown: a call's failure from another
 * thread, and several failures of one operation as one. Stateless.
 */
public final class Failures {
  private Failures() {}

  /**
   * The failure of a call that ran on another thread (the cause of an {@link
   * java.util.concurrent.ExecutionException}), as the waiting thread throws it: an {@link
   * IOException} is returned as it is, a {@link RuntimeException} or an {@link Error} is thrown
   * here, anything else (a checked exception) is wrapped.
   *
   * @param cause what the call threw
   * @param message the message of the wrapping {@link IOException}, such as {@code backing call
   *     failed}
   * @return the {@link IOException} for the caller to throw
   */
  public static IOException rethrow(Throwable cause, String message) {
    if (cause instanceof IOException io) {
      return io;
    }
    if (cause instanceof RuntimeException re) {
      throw re;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new IOException(message, cause);
  }

  /**
   * Adds a failure to the ones already collected: the first one stays the one thrown and carries
   * the later ones as suppressed.
   *
   * @param first what was collected so far, or {@code null}
   * @param next the new failure
   * @return {@code next} when nothing was collected yet, else {@code first}
   */
  public static IOException chain(IOException first, IOException next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }
}
