package dev.mixchannel.benchmarks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A FileChannel that forwards to another and then waits in a {@link Throttle} for every byte it
 * read or wrote: a channel of the modelled HDD. Closing it closes the delegate.
 */
final class ThrottledChannel extends FileChannel {

  private final FileChannel delegate;
  private final Throttle throttle;

  ThrottledChannel(FileChannel delegate, Throttle throttle) {
    this.delegate = delegate;
    this.throttle = throttle;
  }

  private <T extends Number> T paid(T bytes) throws IOException {
    throttle.acquire(bytes.longValue());
    return bytes;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    return paid(delegate.read(dst));
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return paid(delegate.read(dsts, offset, length));
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    return paid(delegate.write(src));
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return paid(delegate.write(srcs, offset, length));
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
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    delegate.force(metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    return paid(delegate.transferTo(position, count, target));
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    return paid(delegate.transferFrom(src, position, count));
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return paid(delegate.read(dst, position));
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    return paid(delegate.write(src, position));
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
    delegate.close();
  }
}
