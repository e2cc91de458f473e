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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Appends records to one channel as to a log segment that rolls every {@code segmentBytes} (the
 * channel is truncated to 0 and reused, so a pool never fills), optionally forcing every {@code
 * forceEveryBytes}. Not thread-safe: one per benchmark thread.
 */
final class RollingAppender {

  private final FileChannel channel;
  private final long segmentBytes;
  private long written;
  private long sinceForce;

  /** An appender that rolls at the benchmarks' segment size, {@link BenchTiers#SEGMENT_BYTES}. */
  RollingAppender(FileChannel channel) {
    this(channel, BenchTiers.SEGMENT_BYTES);
  }

  RollingAppender(FileChannel channel, long segmentBytes) {
    this.channel = channel;
    this.segmentBytes = segmentBytes;
  }

  /** Appends the whole record; no force. */
  int append(ByteBuffer record) throws IOException {
    return append(record, 0);
  }

  /**
   * Appends the whole record and forces the channel (metadata excluded) every {@code
   * forceEveryBytes}; 0 never forces.
   */
  int append(ByteBuffer record, long forceEveryBytes) throws IOException {
    if (written >= segmentBytes) {
      channel.truncate(0);
      channel.position(0);
      written = 0;
    }
    record.clear();
    int n = 0;
    while (record.hasRemaining()) {
      n += channel.write(record);
    }
    written += n;
    if (forceEveryBytes > 0) {
      sinceForce += n;
      if (sinceForce >= forceEveryBytes) {
        channel.force(false);
        sinceForce = 0;
      }
    }
    return n;
  }
}
