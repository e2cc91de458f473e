package dev.mixchannel.kafka.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.function.LongSupplier;

/**
 * The channel Kafka gets for a segment: it delegates every operation to the segment's tier channel
 * and keeps the modification time of the segment's anchor file (the empty {@code *.log} file Kafka
 * lists and stats) close to the last write, since Kafka reads it for time-based rolling and
 * retention: a write touches the anchor when the last touch is at least {@link #TOUCH_INTERVAL_MS}
 * old, and {@code force} and {@code truncate} always touch it.
 *
 * <p>Thread-safety: as the delegate; touches race harmlessly (each sets the current time). Closing
 * this channel closes the delegate. An anchor that was renamed or deleted between a touch decision
 * and the touch is skipped: the adapter points this channel at the new anchor on rename.
 */
public final class AnchorChannel extends FileChannel {

  /** The least time between two touches caused by writes. */
  public static final long TOUCH_INTERVAL_MS = 1_000;

  private final FileChannel delegate;
  private final LongSupplier clockMillis;
  private final Runnable onClose;
  private volatile Path anchor;
  private volatile long lastTouchMillis;

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
    this.delegate = delegate;
    this.anchor = anchor;
    this.clockMillis = clockMillis;
    this.onClose = onClose;
    this.lastTouchMillis = Long.MIN_VALUE / 2;
  }

  /**
   * The channel this one delegates to.
   *
   * @return the tier channel
   */
  public FileChannel delegate() {
    return delegate;
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
  public int read(ByteBuffer dst) throws IOException {
    return delegate.read(dst);
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return delegate.read(dsts, offset, length);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return delegate.read(dst, position);
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    int written = delegate.write(src);
    written();
    return written;
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    long written = delegate.write(srcs, offset, length);
    written();
    return written;
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    int written = delegate.write(src, position);
    written();
    return written;
  }

  @Override
  public long position() throws IOException {
    return delegate.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    delegate.position(newPosition);
    return this;
  }

  @Override
  public long size() throws IOException {
    return delegate.size();
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    delegate.truncate(size);
    touch(clockMillis.getAsLong());
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    delegate.force(metaData);
    touch(clockMillis.getAsLong());
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    return delegate.transferTo(position, count, target);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    long written = delegate.transferFrom(src, position, count);
    written();
    return written;
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return delegate.map(mode, position, size);
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return delegate.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return delegate.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    try {
      delegate.close();
    } finally {
      onClose.run();
    }
  }

  @Override
  public String toString() {
    return "AnchorChannel[anchor=" + anchor + ", delegate=" + delegate + "]";
  }

  private void written() throws IOException {
    long now = clockMillis.getAsLong();
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
