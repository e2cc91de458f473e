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
package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.Callable;

/**
 * A key's backing channel as {@link Backing#channel()} hands it out while the key holds file locks
 * (see {@link InterruptGuard}): each call runs on the manager's {@link IoRunner}, so no interrupt
 * of the calling thread can close the channel. A caller interrupted before or during a call gets
 * {@link ClosedByInterruptException}, as from a JDK channel, and the channel stays open. {@code
 * tryLock} runs in the caller's thread (the JDK's is not interruptible). Only positional calls are
 * used on backing channels; the relative ones throw {@link UnsupportedOperationException}. Never
 * closed itself: {@link #isOpen()} means nothing, ask {@link Backing#isOpen()}.
 */
final class GuardedChannel extends FileChannel {
  private final FileChannel channel;
  private final IoRunner runner;

  GuardedChannel(FileChannel channel, IoRunner runner) {
    this.channel = channel;
    this.runner = runner;
  }

  private <T> T run(Callable<T> call) throws IOException {
    refuseIfInterrupted();
    T result = runner.call(call);
    refuseIfInterrupted();
    return result;
  }

  private static void refuseIfInterrupted() throws ClosedByInterruptException {
    if (Thread.currentThread().isInterrupted()) {
      throw new ClosedByInterruptException();
    }
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return run(() -> channel.read(dst, position));
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    return run(() -> channel.write(src, position));
  }

  @Override
  public long size() throws IOException {
    return run(channel::size);
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    run(() -> channel.truncate(size));
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    run(
        () -> {
          channel.force(metaData);
          return null;
        });
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    return run(() -> channel.transferTo(position, count, target));
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    return run(() -> channel.transferFrom(src, position, count));
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return channel.tryLock(position, size, shared);
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return run(() -> channel.lock(position, size, shared));
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return run(() -> channel.map(mode, position, size));
  }

  @Override
  public int read(ByteBuffer dst) {
    throw relative();
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) {
    throw relative();
  }

  @Override
  public int write(ByteBuffer src) {
    throw relative();
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) {
    throw relative();
  }

  @Override
  public long position() {
    throw relative();
  }

  @Override
  public FileChannel position(long newPosition) {
    throw relative();
  }

  private static UnsupportedOperationException relative() {
    return new UnsupportedOperationException(
        "relative call on a backing channel: backing channels are used positionally only");
  }

  @Override
  protected void implCloseChannel() {
    // Not the owner: the backing channel is closed by its Backing.
  }

  @Override
  public String toString() {
    return "GuardedChannel[" + channel + "]";
  }
}
