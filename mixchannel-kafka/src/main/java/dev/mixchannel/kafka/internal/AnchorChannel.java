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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.ForwardingFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.function.LongSupplier;

/**
 * The channel Kafka gets for a segment: it delegates every operation to the segment's tier channel
 * and keeps the modification time of the segment's file (an empty placeholder while the bytes are
 * on a fast tier) where a plain file's would be, since Kafka reads it for time-based rolling and
 * retention: a write touches the file when the last touch is at least {@link #TOUCH_INTERVAL_MS}
 * old; {@code force} only catches up with a write the throttle skipped, setting that write's time
 * (an {@code fsync} does not change a file's time); {@code truncate} touches it when the size
 * changes, as {@code ftruncate} does.
 *
 * <p>Thread-safety: as the delegate; touches race harmlessly (each sets the current time). Closing
 * this channel closes the delegate. An anchor that was renamed or deleted between a touch decision
 * and the touch is skipped: the adapter points this channel at the new anchor on rename.
 */
public final class AnchorChannel extends ForwardingFileChannel {

  /** The least time between two touches caused by writes. */
  public static final long TOUCH_INTERVAL_MS = 1_000;

  private final LongSupplier clockMillis;
  private final Runnable onClose;
  private volatile Path anchor;
  private volatile long lastTouchMillis;
  private volatile long lastWriteMillis;

  /**
   * Wraps a tier channel.
   *
   * @param delegate the segment's tier channel; closed by {@link #close()}
   * @param anchor the anchor file
   * @param clockMillis the wall clock, in milliseconds
   * @param onClose run once when this channel is closed, after the delegate
   */
  public AnchorChannel(
      FileChannel delegate, Path anchor, LongSupplier clockMillis, Runnable onClose) {
    super(delegate);
    this.anchor = anchor;
    this.clockMillis = clockMillis;
    this.onClose = onClose;
    this.lastTouchMillis = Long.MIN_VALUE / 2;
    this.lastWriteMillis = Long.MIN_VALUE / 2;
  }

  /**
   * The anchor file this channel touches.
   *
   * @return the current anchor
   */
  public Path anchor() {
    return anchor;
  }

  /**
   * Points this channel at the anchor's new path after Kafka renamed it.
   *
   * @param renamed the new anchor path
   */
  public void anchorMoved(Path renamed) {
    this.anchor = renamed;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    int written = super.write(src);
    written();
    return written;
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    long written = super.write(srcs, offset, length);
    written();
    return written;
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    int written = super.write(src, position);
    written();
    return written;
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    long before = super.size();
    super.truncate(size);
    if (size < before) {
      long now = clockMillis.getAsLong();
      lastWriteMillis = now;
      touch(now);
    }
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    super.force(metaData);
    long written = lastWriteMillis;
    if (written > lastTouchMillis) {
      touch(written);
    }
  }

  /**
   * Transfers from the source; a source that is another anchor channel is handed over as its tier
   * channel, so that the tier channel applies its own rules for a channel of its kind (at most what
   * the source held at entry, a write-only source refused), as the JDK does for its file channels.
   */
  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    ReadableByteChannel source = src instanceof AnchorChannel a ? a.delegate() : src;
    long written = super.transferFrom(source, position, count);
    written();
    return written;
  }

  /**
   * Transfers into the target; a target that is another anchor channel (or this one) is handed over
   * as its tier channel, so that the tier channel applies its own rules for a channel of its kind
   * (a read-only target refused, a copy into its own key capped at the size at entry), and that
   * anchor's modification time is kept current afterwards as its writes keep it.
   */
  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    if (!(target instanceof AnchorChannel a)) {
      return super.transferTo(position, count, target);
    }
    long transferred = super.transferTo(position, count, a.delegate());
    if (transferred > 0) {
      a.written();
    }
    return transferred;
  }

  @Override
  protected void implCloseChannel() throws IOException {
    try {
      super.implCloseChannel();
    } finally {
      onClose.run();
    }
  }

  @Override
  public String toString() {
    return "AnchorChannel[anchor=" + anchor + ", delegate=" + delegate() + "]";
  }

  private void written() throws IOException {
    long now = clockMillis.getAsLong();
    lastWriteMillis = now;
    if (now - lastTouchMillis >= TOUCH_INTERVAL_MS) {
      touch(now);
    }
  }

  private void touch(long nowMillis) throws IOException {
    lastTouchMillis = nowMillis;
    try {
      Files.setLastModifiedTime(anchor, FileTime.fromMillis(nowMillis));
    } catch (NoSuchFileException e) {
      // Kafka moved or deleted the anchor between our read of it and the touch; the adapter points
      // this channel at the new path on rename, and a deleted segment needs no time.
      return;
    }
  }
}
