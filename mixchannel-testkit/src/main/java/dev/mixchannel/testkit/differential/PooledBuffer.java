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
package dev.mixchannel.testkit.differential;

import dev.mixchannel.testkit.channel.BufferKind;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.CRC32;

/**
 * A buffer built from a {@link BufferSpec}, with where its region starts inside the buffer (not
 * zero only for {@link BufferKind#OFFSET_HEAP}).
 *
 * @param buffer the buffer handed to the channel
 * @param base the index of the region's first byte
 * @param capacity the region's length
 */
record PooledBuffer(ByteBuffer buffer, int base, int capacity) {

  /** Position and limit relative to the region, and a checksum of the region's bytes. */
  String state() {
    ByteBuffer region = buffer.duplicate();
    region.limit(base + capacity).position(base);
    CRC32 crc = new CRC32();
    crc.update(region);
    return "[pos="
        + (buffer.position() - base)
        + " lim="
        + (buffer.limit() - base)
        + " crc="
        + Long.toHexString(crc.getValue())
        + "]";
  }

  static String states(List<PooledBuffer> buffers) {
    StringBuilder sb = new StringBuilder();
    for (PooledBuffer b : buffers) {
      sb.append(b.state());
    }
    return sb.toString();
  }

  static ByteBuffer[] array(List<PooledBuffer> buffers) {
    ByteBuffer[] array = new ByteBuffer[buffers.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = buffers.get(i).buffer();
    }
    return array;
  }
}
