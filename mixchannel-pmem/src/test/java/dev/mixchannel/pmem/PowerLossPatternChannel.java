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
package dev.mixchannel.pmem;

import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;

/**
 * A channel of one file's pattern at key offsets from {@code position} on. As a {@code
 * transferFrom} source (not a PMem channel, so the target reads straight into its mapping) it
 * yields the pattern for {@code length} bytes, at most 64 KiB per read. As a {@code transferTo}
 * target it checks every byte it receives is 0 or the file's own there, and keeps the first
 * failure. One thread.
 */
final class PowerLossPatternChannel implements ByteChannel {

  private static final int MAX_READ_BYTES = 64 * 1024;

  private final int file;
  private long next;
  private long remaining;
  private String failure;
  private boolean open = true;

  /**
   * @param file the file number
   * @param position the key offset of the first byte
   * @param length how many bytes a source yields
   */
  PowerLossPatternChannel(int file, long position, long length) {
    this.file = file;
    this.next = position;
    this.remaining = length;
  }

  /** The first foreign byte a target received, or null. */
  String failure() {
    return failure;
  }

  @Override
  public int read(ByteBuffer dst) {
    if (remaining == 0) {
      return -1;
    }
    int n = (int) Math.min(Math.min(dst.remaining(), remaining), MAX_READ_BYTES);
    for (int i = 0; i < n; i++) {
      dst.put(PowerLossPattern.at(file, next + i));
    }
    next += n;
    remaining -= n;
    return n;
  }

  @Override
  public int write(ByteBuffer src) {
    int n = src.remaining();
    for (int i = 0; i < n; i++) {
      byte b = src.get();
      if (failure == null && b != 0 && b != PowerLossPattern.at(file, next + i)) {
        failure =
            "offset="
                + (next + i)
                + ", found="
                + (b & 0xFF)
                + ", of file #"
                + PowerLossPattern.fileOf(b, next + i);
      }
    }
    next += n;
    return n;
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
  }
}
