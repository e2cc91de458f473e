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
 * A PMem pool's metadata failed validation: a bad magic, version, checksum or out-of-range field.
 * Raised when the superblock is bad (the whole pool is refused) and when a quarantined channel is
 * opened (its bytes are never served).
 */
public class CorruptPoolException extends MixChannelException {
  private static final long serialVersionUID = 1L;

  /** The pool file. */
  private final transient Path pool;

  /** The field or region that failed, such as {@code superblock.crc} or {@code slot[17]}. */
  private final String field;

  /**
   * Creates the exception.
   *
   * @param pool the pool file
   * @param field the field or region that failed validation
   * @param message the full message naming the field, the values seen and the pool
   */
  public CorruptPoolException(Path pool, String field, String message) {
    super(message);
    this.pool = pool;
    this.field = field;
  }

  /**
   * The pool file.
   *
   * @return its path
   */
  public Path pool() {
    return pool;
  }

  /**
   * The field or region that failed validation.
   *
   * @return the field name
   */
  public String field() {
    return field;
  }
}
