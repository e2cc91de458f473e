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
package dev.mixchannel.pmem.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The pure-JDK backend: {@code MappedByteBuffer} windows over the pool file, durability through
 * {@code MappedByteBuffer.force(index, length)} (msync, or cache-line write-back on a DAX mount
 * mapped with {@code READ_WRITE_SYNC}). Zeroing copies from a small zero buffer with cached stores.
 * Thread-safe: only absolute buffer methods are used.
 */
final class JdkPoolMemory extends MappedPoolMemory {

  static final String NAME = "jdk";
  private static final int ZERO_BYTES = 64 * 1024;

  private final ByteBuffer zeros = ByteBuffer.allocateDirect(ZERO_BYTES);

  private JdkPoolMemory(FileChannel channel, PoolGeometry geometry, Medium medium)
      throws IOException {
    super(NAME, channel, geometry, medium);
  }

  /** The provider of this backend. */
  static PoolMemoryProvider provider() {
    return provider(
        NAME, (file, channel, geometry, medium) -> new JdkPoolMemory(channel, geometry, medium));
  }

  @Override
  public void zero(long offset, long length) {
    putZeros(offset, length, zeros);
  }

  @Override
  public void pretouch(long offset, long length) {
    putZeros(offset, length, zeros);
  }

  @Override
  public void flush(long offset, long length) {
    force(offset, length);
  }
}
