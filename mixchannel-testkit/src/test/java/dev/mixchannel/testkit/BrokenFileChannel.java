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
package dev.mixchannel.testkit;

import dev.mixchannel.testkit.differential.ForwardingChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.Channel;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * A JDK file channel behind a wrapper that breaks one rule, to prove the suites notice. With {@link
 * Breakage#NONE} it is a faithful wrapper (without map and lock support; a transfer with another
 * such wrapper goes to the JDK channels behind both), which proves that the failures come from the
 * broken rule alone.
 */
final class BrokenFileChannel extends FileChannel {

  /** The rule the wrapper breaks. */
  enum Breakage {
    /** None: delegates faithfully. */
    NONE,
    /** Reads at or past the end return 0 instead of -1. */
    EOF_RETURNS_ZERO,
    /** A positional write goes to the channel's position instead. */
    IGNORES_WRITE_POSITION,
    /** A write past the end leaves garbage, not zeros, just before the written bytes. */
    NO_ZERO_FILL,
    /** Truncating to more than the size grows the file. */
    TRUNCATE_GROWS,
    /**
     * {@code transferTo} copies until the count or the end of file, not capping the count at entry,
     * so a transfer into its own file goes on copying what it wrote.
     */
    UNCAPPED_TRANSFER_TO,
    /**
     * {@code transferFrom} a {@link ForwardingChannel} (a wrapper of the same file) blocks until
     * this channel is closed, as a deadlock on the file's lock would.
     */
    HANGS_ON_WRAPPED_SOURCE
  }

  /** Garbage written in front of a write past the end under {@link Breakage#NO_ZERO_FILL}. */
  private static final int GARBAGE_BYTES = 4096;

  private final FileChannel delegate;
  private final Breakage breakage;
  private final CountDownLatch closed = new CountDownLatch(1);

  BrokenFileChannel(FileChannel delegate, Breakage breakage) {
    this.delegate = delegate;
    this.breakage = breakage;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    return eof(delegate.read(dst));
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return eof(delegate.read(dsts, offset, length));
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return eof(delegate.read(dst, position));
  }

  private int eof(int n) {
    return breakage == Breakage.EOF_RETURNS_ZERO && n < 0 ? 0 : n;
  }

  private long eof(long n) {
    return breakage == Breakage.EOF_RETURNS_ZERO && n < 0 ? 0 : n;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    if (breakage == Breakage.NO_ZERO_FILL) {
      garbageBefore(delegate.position());
    }
    return delegate.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    if (breakage == Breakage.NO_ZERO_FILL) {
      garbageBefore(delegate.position());
    }
    return delegate.write(srcs, offset, length);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    if (breakage == Breakage.IGNORES_WRITE_POSITION && position >= 0) {
      return delegate.write(src, delegate.position());
    }
    garbageBefore(position);
    return delegate.write(src, position);
  }

  private void garbageBefore(long position) throws IOException {
    if (breakage != Breakage.NO_ZERO_FILL || !delegate.isOpen()) {
      return;
    }
    long size = delegate.size();
    if (position > size) {
      long from = Math.max(size, position - GARBAGE_BYTES);
      byte[] garbage = new byte[(int) (position - from)];
      Arrays.fill(garbage, (byte) 0x7f);
      delegate.write(ByteBuffer.wrap(garbage), from);
    }
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
    if (breakage == Breakage.TRUNCATE_GROWS && size > delegate.size()) {
      delegate.write(ByteBuffer.wrap(new byte[1]), size - 1);
    }
    delegate.truncate(size);
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    delegate.force(metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    if (breakage != Breakage.UNCAPPED_TRANSFER_TO || position < 0 || count < 0) {
      return delegate.transferTo(position, count, unwrap(target));
    }
    ByteBuffer piece = ByteBuffer.allocate(64 * 1024);
    long done = 0;
    try {
      while (done < count) {
        piece.clear().limit((int) Math.min(piece.capacity(), count - done));
        int n = delegate.read(piece, position + done);
        if (n <= 0) {
          break;
        }
        piece.flip();
        while (piece.hasRemaining()) {
          done += target.write(piece);
        }
      }
    } catch (IOException e) {
      // Only the cap is broken: a target that fails part-way ends the transfer as the JDK's.
      if (done == 0) {
        throw e;
      }
    }
    return done;
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    if (breakage == Breakage.HANGS_ON_WRAPPED_SOURCE && src instanceof ForwardingChannel) {
      awaitClose();
      throw new AsynchronousCloseException();
    }
    return delegate.transferFrom(unwrap(src), position, count);
  }

  /**
   * The JDK channel behind another channel of this kind: the JDK caps a transfer with one of its
   * own file channels at that channel's size, and checks its access mode, which it cannot do
   * through a wrapper.
   */
  private static Channel unwrapChannel(Channel channel) {
    return channel instanceof BrokenFileChannel b ? b.delegate : channel;
  }

  private static WritableByteChannel unwrap(WritableByteChannel channel) {
    return (WritableByteChannel) unwrapChannel(channel);
  }

  private static ReadableByteChannel unwrap(ReadableByteChannel channel) {
    return (ReadableByteChannel) unwrapChannel(channel);
  }

  /** Waits, as a thread blocked on a lock does, ignoring interrupts, until this channel closes. */
  private void awaitClose() {
    boolean interrupted = false;
    while (true) {
      try {
        closed.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) {
    throw new UnsupportedOperationException("map is not supported by this wrapper");
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) {
    throw new UnsupportedOperationException("lock is not supported by this wrapper");
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) {
    throw new UnsupportedOperationException("tryLock is not supported by this wrapper");
  }

  @Override
  protected void implCloseChannel() throws IOException {
    closed.countDown();
    delegate.close();
  }
}
