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

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * A Kafka-style segmented append log on a {@link TierManager}: records go to the active segment
 * (key {@code <name>/<20-digit base offset>.log}); when a record would not fit, the log rolls: it
 * {@link MixChannel#seal() seals} the full segment, which lets the migration policy demote it, and
 * opens a new one. Offsets are byte positions in the whole log, as in Kafka's segment names.
 *
 * <p>A record is framed as {@code [int length][int CRC32C of the payload][payload]}, big-endian,
 * and never spans two segments. One thread appends; any number of threads read records below {@link
 * #endOffset()} concurrently. Opening a log whose segments exist reopens them (the last one is the
 * active segment), like a broker restart. {@link #close()} closes every segment; the keys stay.
 *
 * <p>Run {@link #main} for a short tour: it appends 200 records to 1 MiB segments, shows them roll
 * and seal, reads everything back and prints where each segment lives.
 */
public final class SegmentedLog implements AutoCloseable {

  /** Bytes of a record's header: length and checksum. */
  public static final int HEADER_BYTES = 8;

  private final TierManager manager;
  private final String name;
  private final long segmentBytes;
  private final ConcurrentSkipListMap<Long, MixChannel> segments = new ConcurrentSkipListMap<>();
  private final CRC32C appendCrc = new CRC32C();
  private ByteBuffer scratch = ByteBuffer.allocateDirect(64 << 10);
  private MixChannel active;
  private long activeBase;
  private final Object endMonitor = new Object();
  private volatile long endOffset;
  private volatile boolean readerWaiting;
  private boolean closed;

  /**
   * Opens the log, reopening the segments under {@code name/} that exist.
   *
   * @param manager the tier manager that holds the segments; the caller keeps closing it
   * @param name the log's name: the key directory of its segments
   * @param segmentBytes the size at which a segment rolls, at least 1 KiB
   * @throws IOException when a segment cannot be opened
   * @throws IllegalArgumentException when {@code segmentBytes} is below 1 KiB
   */
  public SegmentedLog(TierManager manager, String name, long segmentBytes) throws IOException {
    if (segmentBytes < 1024) {
      throw new IllegalArgumentException("segment size too small: segmentBytes=" + segmentBytes);
    }
    this.manager = manager;
    this.name = name;
    this.segmentBytes = segmentBytes;
    String prefix = name + "/";
    try {
      for (String key : manager.keys()) {
        if (key.startsWith(prefix) && key.endsWith(".log")) {
          long base = Long.parseLong(key.substring(prefix.length(), key.length() - 4));
          segments.put(base, manager.open(key, StandardOpenOption.READ, StandardOpenOption.WRITE));
        }
      }
      if (segments.isEmpty()) {
        roll(0);
      } else {
        Map.Entry<Long, MixChannel> last = segments.lastEntry();
        active = last.getValue();
        activeBase = last.getKey();
        endOffset = activeBase + active.size();
      }
    } catch (IOException | RuntimeException e) {
      Closeables.closeQuietly(e, this);
      throw e;
    }
  }

  /**
   * Appends one record, rolling first when it would not fit in the active segment.
   *
   * @param payload the record's bytes, from position to limit; consumed
   * @return the record's offset
   * @throws IOException when the write fails
   * @throws IllegalArgumentException when the record is larger than a segment
   * @throws IllegalStateException when the log is closed
   */
  public synchronized long append(ByteBuffer payload) throws IOException {
    ensureOpen();
    int length = payload.remaining();
    long recordBytes = HEADER_BYTES + (long) length;
    if (recordBytes > segmentBytes) {
      throw new IllegalArgumentException(
          "record larger than a segment: recordBytes="
              + recordBytes
              + ", segmentBytes="
              + segmentBytes);
    }
    long offset = endOffset;
    if (offset - activeBase + recordBytes > segmentBytes) {
      active.seal();
      roll(offset);
    }
    if (scratch.capacity() < recordBytes) {
      scratch = ByteBuffer.allocateDirect((int) recordBytes);
    }
    appendCrc.reset();
    appendCrc.update(payload.duplicate());
    scratch.clear();
    scratch.putInt(length).putInt((int) appendCrc.getValue()).put(payload).flip();
    long position = offset - activeBase;
    while (scratch.hasRemaining()) {
      position += active.write(scratch, position);
    }
    endOffset = offset + recordBytes;
    // Dekker-style handshake with awaitEndOffset: both flags are volatile, so either the reader
    // sees the new end or this thread sees the waiting reader and wakes it.
    if (readerWaiting) {
      synchronized (endMonitor) {
        endMonitor.notifyAll();
      }
    }
    return offset;
  }

  /**
   * Waits until the log ends after an offset, that is until a record at {@code offset} can be read,
   * or the timeout passes.
   *
   * @param offset the offset to wait past
   * @param timeoutMillis the longest wait in milliseconds
   * @return the end offset when the wait ended
   * @throws InterruptedException when the thread is interrupted while waiting
   */
  public long awaitEndOffset(long offset, long timeoutMillis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    synchronized (endMonitor) {
      readerWaiting = true;
      try {
        long left;
        while (endOffset <= offset && (left = deadline - System.nanoTime()) > 0) {
          endMonitor.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
      } finally {
        readerWaiting = false;
      }
    }
    return endOffset;
  }

  /**
   * Reads the record at an offset and checks its checksum.
   *
   * @param offset a record's offset, below {@link #endOffset()}
   * @param payload receives the payload (cleared first; flipped for reading on return)
   * @return the offset of the next record
   * @throws ChecksumMismatchException when the payload does not match its checksum (the payload is
   *     still returned, and the exception names the next offset)
   * @throws IOException when the read fails
   * @throws IllegalArgumentException when no segment holds the offset
   */
  public long read(long offset, ByteBuffer payload) throws IOException {
    Map.Entry<Long, MixChannel> segment = segments.floorEntry(offset);
    if (segment == null || offset >= endOffset) {
      throw new IllegalArgumentException(
          "no record at offset: offset="
              + offset
              + ", endOffset="
              + endOffset
              + " (log "
              + name
              + ")");
    }
    MixChannel channel = segment.getValue();
    long position = offset - segment.getKey();
    ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.BIG_ENDIAN);
    readFully(channel, header, position);
    int length = header.getInt(0);
    int storedCrc = header.getInt(4);
    if (length < 0 || length > payload.capacity()) {
      throw new IOException(
          "bad record length: offset=" + offset + ", length=" + length + " (log " + name + ")");
    }
    payload.clear().limit(length);
    readFully(channel, payload, position + HEADER_BYTES);
    payload.flip();
    CRC32C crc = new CRC32C();
    crc.update(payload.duplicate());
    long next = offset + HEADER_BYTES + length;
    if ((int) crc.getValue() != storedCrc) {
      throw new ChecksumMismatchException(offset, next, storedCrc, (int) crc.getValue(), name);
    }
    return next;
  }

  /**
   * Deletes the oldest segments that end at or before an offset (retention); the active segment is
   * never deleted.
   *
   * @param offset the first offset to keep
   * @return the number of segments deleted
   * @throws IOException when a delete fails
   */
  public synchronized int deleteSegmentsBefore(long offset) throws IOException {
    int deleted = 0;
    while (segments.size() > 1) {
      Map.Entry<Long, MixChannel> oldest = segments.firstEntry();
      long end = segments.higherKey(oldest.getKey());
      if (end > offset) {
        break;
      }
      segments.remove(oldest.getKey());
      oldest.getValue().close();
      manager.delete(keyOf(oldest.getKey()));
      deleted++;
    }
    return deleted;
  }

  /**
   * Makes every record appended so far durable ({@code force} on the active segment; rolled
   * segments were forced when they rolled).
   *
   * @throws IOException when the force fails
   */
  public synchronized void flush() throws IOException {
    ensureOpen();
    active.force(false);
  }

  /**
   * The offset the next record will get; every record below it can be read.
   *
   * @return the end offset
   */
  public long endOffset() {
    return endOffset;
  }

  /**
   * The offset of the oldest record kept.
   *
   * @return the base offset of the oldest segment
   */
  public long startOffset() {
    return segments.firstKey();
  }

  /**
   * The number of segments, the active one included.
   *
   * @return the segment count
   */
  public int segmentCount() {
    return segments.size();
  }

  /**
   * The key of the segment that starts at a base offset.
   *
   * @param baseOffset the segment's first offset
   * @return {@code <name>/<20-digit base offset>.log}
   */
  public String keyOf(long baseOffset) {
    return String.format("%s/%020d.log", name, baseOffset);
  }

  /**
   * Closes every segment (the keys stay on their tiers). Idempotent.
   *
   * @throws IOException when closing a segment fails; every segment is still closed
   */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    Closeables.closeAll(segments.values(), "closing the segments of log " + name);
  }

  private void roll(long baseOffset) throws IOException {
    if (active != null) {
      active.force(false);
    }
    MixChannel next =
        manager.open(
            keyOf(baseOffset),
            StandardOpenOption.CREATE_NEW,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE,
            SizeHint.of(segmentBytes));
    segments.put(baseOffset, next);
    active = next;
    activeBase = baseOffset;
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("log closed: name=" + name);
    }
  }

  private static void readFully(MixChannel channel, ByteBuffer dst, long position)
      throws IOException {
    while (dst.hasRemaining()) {
      int n = channel.read(dst, position);
      if (n < 0) {
        throw new IOException("record truncated: key=" + channel.key() + ", position=" + position);
      }
      position += n;
    }
  }

  /**
   * A short tour: appends 200 records to a log of 1 MiB segments on a PMem tier of 4 MiB (which
   * overflows to a disk tier), reads them back and prints where each segment lives.
   *
   * @param args ignored
   * @throws IOException when the tour fails
   */
  public static void main(String[] args) throws IOException {
    DemoFiles.inTempDirectory(
        "mixchannel-segmented-log-", work -> SegmentedLogTour.run(work, System.out));
  }
}
