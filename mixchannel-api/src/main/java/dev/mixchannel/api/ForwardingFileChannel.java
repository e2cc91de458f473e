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
package dev.mixchannel.api;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * A {@link FileChannel} that forwards every operation to a delegate: the base for channels that add
 * one behaviour to another channel and leave the rest alone (the Kafka adapter keeps a file's
 * modification time current this way, the benchmarks throttle a tier, tests inject faults).
 * Subclasses override what they change and call {@code super} for the forwarding.
 *
 * <p>Every method has the delegate's contract, exceptions included, except that {@code
 * position(long)} and {@code truncate(long)} return this channel, that the locks from {@link
 * #lock(long, long, boolean)} and {@link #tryLock(long, long, boolean)} are the delegate's locks
 * reported as this channel's (their {@link FileLock#channel()} is this channel; they are valid and
 * released as the delegate's), and that a transfer whose other channel is a plain {@code
 * ForwardingFileChannel} hands the delegate that channel's delegate (see {@link #transferTo}).
 * Closing this channel closes the delegate. Interrupts are the delegate's business: this channel
 * does not close itself on one. Thread-safety is the delegate's.
 */
public class ForwardingFileChannel extends FileChannel {

  private final FileChannel delegate;

  /**
   * Wraps a channel.
   *
   * @param delegate the channel every operation goes to; closed when this channel is closed
   */
  public ForwardingFileChannel(FileChannel delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * The channel this one forwards to.
   *
   * @return the delegate
   */
  public FileChannel delegate() {
    return delegate;
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
    return delegate.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return delegate.write(srcs, offset, length);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    return delegate.write(src, position);
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

  /**
   * Transfers through the delegate. A target that is a plain {@code ForwardingFileChannel} (this
   * class, not a subclass, which may add to {@code write}) is replaced by its delegate, so that the
   * delegate sees the file channel it would see without wrappers and applies the same rules (the
   * JDK's transfer into a read-only file channel throws, and a transfer into its own file copies
   * what was there at entry).
   */
  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    return delegate.transferTo(position, count, unwrap(target));
  }

  /**
   * Transfers through the delegate. A source that is a plain {@code ForwardingFileChannel} is
   * replaced by its delegate, as in {@link #transferTo}.
   */
  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    return delegate.transferFrom(unwrap(src), position, count);
  }

  private static <C extends Channel> C unwrap(C channel) {
    C current = channel;
    while (current != null && current.getClass() == ForwardingFileChannel.class) {
      @SuppressWarnings("unchecked")
      C inner = (C) ((ForwardingFileChannel) current).delegate;
      current = inner;
    }
    return current;
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return delegate.map(mode, position, size);
  }

  /** Locks through the delegate; the lock's {@link FileLock#channel()} is this channel. */
  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return new ForwardedLock(this, delegate.lock(position, size, shared));
  }

  /** Locks through the delegate; the lock's {@link FileLock#channel()} is this channel. */
  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    FileLock lock = delegate.tryLock(position, size, shared);
    return lock == null ? null : new ForwardedLock(this, lock);
  }

  /**
   * Closes the delegate.
   *
   * @throws IOException when closing the delegate fails
   */
  @Override
  protected void implCloseChannel() throws IOException {
    delegate.close();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + delegate + "]";
  }

  /** A delegate's lock reported as this channel's: valid and released as the delegate's. */
  private static final class ForwardedLock extends FileLock {
    private final FileLock inner;

    ForwardedLock(FileChannel owner, FileLock inner) {
      super(owner, inner.position(), inner.size(), inner.isShared());
      this.inner = inner;
    }

    @Override
    public boolean isValid() {
      return inner.isValid();
    }

    @Override
    public void release() throws IOException {
      inner.release();
    }
  }
}
