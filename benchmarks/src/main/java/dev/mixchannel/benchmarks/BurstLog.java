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

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The burst scenario's append log: records appended to segments {@code <dir>/<offset>.log} of a
 * fixed size; a full segment is sealed and closed and the next one created with a size hint, as a
 * log-structured store rolls its segments. Appends from one thread; {@link #writtenBytes()} from
 * any.
 */
final class BurstLog implements AutoCloseable {

  private final TierManager manager;
  private final String directory;
  private final long segmentBytes;
  private final ByteBuffer record;
  private final AtomicLong written = new AtomicLong();
  private MixChannel segment;
  private long segmentWritten;

  BurstLog(TierManager manager, String directory, long segmentBytes, int recordBytes) {
    this.manager = manager;
    this.directory = directory;
    this.segmentBytes = segmentBytes;
    this.record = Records.direct(recordBytes);
  }

  /** Appends records until {@code bytes} more are written. */
  void append(long bytes) throws IOException {
    long end = written.get() + bytes;
    while (written.get() < end) {
      if (segment == null || segmentWritten >= segmentBytes) {
        roll();
      }
      record.clear();
      int n = 0;
      while (record.hasRemaining()) {
        n += segment.write(record);
      }
      segmentWritten += n;
      written.addAndGet(n);
    }
  }

  private void roll() throws IOException {
    if (segment != null) {
      segment.seal();
      segment.close();
    }
    String key = String.format(Locale.ROOT, "%s/%020d.log", directory, written.get());
    segment = manager.open(key, CREATE_NEW, WRITE, SizeHint.of(segmentBytes));
    segmentWritten = 0;
  }

  long writtenBytes() {
    return written.get();
  }

  @Override
  public void close() throws IOException {
    if (segment != null) {
      segment.close();
      segment = null;
    }
  }
}
