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

import dev.mixchannel.api.MigrationException;

/**
 * A migration rolled back because its key was renamed, deleted or spilled while it ran: a normal
 * outcome of a key's life going on during the copy, not a fault of a tier. The migrator logs it at
 * INFO, without a stack trace.
 */
final class MigrationCancelledException extends MigrationException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param migration what the attempt was, as {@link Migration#describe}
   */
  MigrationCancelledException(String migration) {
    super("migration cancelled: " + migration + " (renamed, deleted or spilled meanwhile)", null);
  }
}
