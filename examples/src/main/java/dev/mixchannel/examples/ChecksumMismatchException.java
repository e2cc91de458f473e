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
package dev.mixchannel.examples;

import java.io.IOException;

/** A record of a {@link SegmentedLog} whose payload does not match its stored CRC32C. */
public final class ChecksumMismatchException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The offset of the record after the bad one. */
  private final long nextOffset;

  /**
   * Creates the exception.
   *
   * @param offset the bad record's offset
   * @param nextOffset the offset of the record after it
   * @param stored the checksum stored in the header
   * @param computed the checksum of the payload read
   * @param log the log's name
   */
  public ChecksumMismatchException(
      long offset, long nextOffset, int stored, int computed, String log) {
    super(
        String.format(
            "record checksum mismatch: offset=%d, stored=0x%08x, computed=0x%08x (log %s)",
            offset, stored, computed, log));
    this.nextOffset = nextOffset;
  }

  /**
   * Where reading can go on.
   *
   * @return the offset of the record after the bad one
   */
  public long nextOffset() {
    return nextOffset;
  }
}
