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

import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.FileChannelChecks;
import dev.mixchannel.common.OpenOptions;
import dev.mixchannel.tiering.MixChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A handle on a key: its own position and access mode, every operation delegated to the key's
 * backing channel through {@link KeyIo}. Relative operations serialize on the handle's position
 * lock; appends serialize on the key's append lock. See {@link MixChannel} for the contract.
 */
final class MixChannelImpl extends MixChannel {
  private static final Logger LOG = LoggerFactory.getLogger(MixChannelImpl.class);
  private final TieredKey key;
  private final KeyIo io;
  private final Catalog catalog;
  private final OpenOptions mode;
  private final Object positionLock = new Object();
  private long position;
  private volatile boolean closePending;
  private final Set<CompletableFuture<FileLock>> pendingLocks = ConcurrentHashMap.newKeySet();

  MixChannelImpl(TieredKey key, KeyIo io, Catalog catalog, OpenOptions mode) {
    this.key = key;
    this.io = io;
    this.catalog = catalog;
    this.mode = mode;
  }

  TieredKey tieredKey() {
    return key;
  }

  boolean writable() {
    return mode.write();
  }

  boolean readable() {
    return mode.read();
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    ensureOpen();
    ensureReadable();
    synchronized (positionLock) {
      long p = position;
      int n = io.read(this, dst, p);
      if (n > 0) {
        position = p + n;
      }
      return n;
    }
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    FileChannelChecks.buffers(offset, length, dsts.length);
    ensureOpen();
    ensureReadable();
    synchronized (positionLock) {
      long p = position;
      long n = Vectored.read(this, io, dsts, offset, length, p);
      if (n > 0) {
        position = p + n;
      }
      return n;
    }
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    ensureOpen();
    ensureWritable();
    int n;
    if (mode.append()) {
      n = append(src);
    } else {
      synchronized (positionLock) {
        long p = position;
        n = io.write(this, src, p);
        position = p + n;
      }
    }
    syncIfAsked();
    return n;
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    FileChannelChecks.buffers(offset, length, srcs.length);
    ensureOpen();
    ensureWritable();
    long n;
    if (mode.append()) {
      key.lock().lockAppend();
      try {
        n = Vectored.append(this, io, srcs, offset, length);
      } finally {
        unlockAppends();
      }
    } else {
      synchronized (positionLock) {
        long p = position;
        n = Vectored.write(this, io, srcs, offset, length, p);
        position = p + n;
      }
    }
    syncIfAsked();
    return n;
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    FileChannelChecks.positional(dst, position);
    ensureOpen();
    ensureReadable();
    return io.read(this, dst, position);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    FileChannelChecks.positional(src, position);
    ensureOpen();
    ensureWritable();
    int n = mode.append() ? append(src) : io.write(this, src, position);
    syncIfAsked();
    return n;
  }

  int append(ByteBuffer src) throws IOException {
    key.lock().lockAppend();
    try {
      return io.append(this, src);
    } finally {
      unlockAppends();
    }
  }

  /** Releases the append lock, then closes this handle if an interrupt closed it meanwhile. */
  private void unlockAppends() {
    key.lock().unlockAppend();
    if (closePending && !key.lock().appendHeldByCurrentThread()) {
      closePending = false;
      closeAfterInterrupt(null);
    }
  }

  @Override
  public long position() throws IOException {
    ensureOpen();
    if (mode.append()) {
      return io.size(this);
    }
    synchronized (positionLock) {
      return position;
    }
  }

  @Override
  public MixChannelImpl position(long newPosition) throws IOException {
    ensureOpen();
    FileChannelChecks.newPosition(newPosition);
    synchronized (positionLock) {
      position = newPosition;
    }
    return this;
  }

  @Override
  public long size() throws IOException {
    ensureOpen();
    return io.size(this);
  }

  @Override
  public MixChannelImpl truncate(long size) throws IOException {
    ensureOpen();
    FileChannelChecks.truncate(size, mode.write());
    synchronized (positionLock) {
      truncateShared(size);
      if (position > size) {
        position = size;
      }
    }
    return this;
  }

  /** Truncates the key (for {@code TRUNCATE_EXISTING} too); appends are held off meanwhile. */
  void truncateShared(long size) throws IOException {
    key.lock().lockAppend();
    try {
      io.truncate(this, size);
    } finally {
      unlockAppends();
    }
  }

  @Override
  public void force(boolean metaData) throws IOException {
    ensureOpen();
    io.force(this, metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    ensureOpen();
    FileChannelChecks.transferTo(
        mode.read(),
        target,
        !(target instanceof MixChannelImpl t) || t.writable(),
        position,
        count);
    if (target instanceof MixChannel) {
      return Transfers.toChannel(this, io, position, count, target);
    }
    return io.transferTo(this, position, count, target);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Always through a bounded buffer: the source is read without any lock of this key held (it
   * may be a channel of this very key, or a wrapper of one, or block), and each piece is written as
   * a write is, so a piece that finds the tier full spills the key and goes on.
   */
  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    ensureOpen();
    FileChannelChecks.transferFrom(mode.write(), src, position, count);
    return Transfers.fromChannel(this, io, src, position, count, mode.append());
  }

  @Override
  public MappedByteBuffer map(MapMode mapMode, long position, long size) throws IOException {
    ensureOpen();
    throw new UnsupportedOperationException(
        "map is not supported: key="
            + key()
            + " (a mapping would not follow a migration; read into a direct ByteBuffer or use"
            + " transferTo instead)");
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return lock(position, size, shared, true);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return lock(position, size, shared, false);
  }

  private FileLock lock(long position, long size, boolean shared, boolean wait) throws IOException {
    ensureOpen();
    FileChannelChecks.lock(shared, mode.read(), mode.write());
    return io.lock(this, position, size, shared, wait);
  }

  void releaseLock(HandleLock lock) throws IOException {
    io.releaseLock(this, lock);
  }

  /** A blocking lock of this handle waits for {@code pending}; closing the handle ends the wait. */
  void addPendingLock(CompletableFuture<FileLock> pending) {
    pendingLocks.add(pending);
    if (!isOpen()) {
      pending.completeExceptionally(new AsynchronousCloseException());
    }
  }

  void removePendingLock(CompletableFuture<FileLock> pending) {
    pendingLocks.remove(pending);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    for (CompletableFuture<FileLock> pending : pendingLocks) {
      pending.completeExceptionally(new AsynchronousCloseException());
    }
    catalog.release(this);
  }

  /** Closes this handle once the append lock this thread holds is released. */
  void closeWhenUnlocked() {
    closePending = true;
  }

  /**
   * Closes this handle after an interrupt closed the backing channel under it.
   *
   * @param thrown the exception the interrupted operation throws, to attach a close failure to; or
   *     {@code null} when it was thrown already (the close was deferred), then a failure is logged
   */
  void closeAfterInterrupt(Throwable thrown) {
    try {
      close();
    } catch (IOException e) {
      if (thrown != null) {
        thrown.addSuppressed(e);
      } else {
        LOG.warn("closing an interrupted handle failed: key={}", key.key(), e);
      }
    }
  }

  @Override
  public String key() {
    return key.key();
  }

  @Override
  public String tierName() {
    return key.tier().name();
  }

  @Override
  public TierKind tierKind() {
    return key.tier().kind();
  }

  @Override
  public void seal() throws ClosedChannelException {
    ensureOpen();
    key.activity().seal();
  }

  @Override
  public boolean isSealed() {
    return key.activity().sealed();
  }

  /**
   * The exception for an operation on a closed handle: exactly {@link ClosedChannelException}, as
   * the JDK throws, or after the manager closed a subclass whose message names the key.
   */
  ClosedChannelException closedException() {
    return catalog.isClosed()
        ? new KeyClosedException(key.key(), "tier manager closed")
        : new ClosedChannelException();
  }

  private void ensureOpen() throws ClosedChannelException {
    if (!isOpen()) {
      throw closedException();
    }
  }

  private void ensureReadable() {
    FileChannelChecks.readable(mode.read());
  }

  private void ensureWritable() {
    FileChannelChecks.writable(mode.write());
  }

  private void syncIfAsked() throws IOException {
    if (mode.sync() || mode.dsync()) {
      force(mode.sync());
    }
  }

  @Override
  public String toString() {
    return "MixChannel[key=" + key.key() + ", tier=" + key.tier() + "]";
  }
}
