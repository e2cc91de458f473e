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
package dev.mixchannel.benchmarks;

import java.nio.ByteBuffer;

/** The record every append target writes: a direct buffer of a fixed, non-zero pattern. */
final class Records {

  private Records() {}

  /** A direct buffer of {@code bytes} bytes filled with a pattern. */
  static ByteBuffer direct(int bytes) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(bytes);
    for (int i = 0; i < bytes; i++) {
      buffer.put(i, (byte) (i * 31));
    }
    return buffer;
  }
}
