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
package dev.mixchannel.pmem.internal;

import dev.mixchannel.common.FileChannelChecks;
import dev.mixchannel.pmem.PmemChannel;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One handle on a {@link PmemKey}: its own position and access mode. Relative operations hold the
 * handle's position lock, as {@code FileChannel} specifies. Never blocks on I/O, so it does not
 * close on interrupt.
 */
final class PmemChannelImpl extends PmemChannel {

  private static final int BOUNCE_BYTES = 64 * 1024;
  private static final VarHandle IDLE_VIEW;

  static {
    try {
      IDLE_VIEW =
          MethodHandles.lookup()
              .findVarHandle(PmemChannelImpl.class, "idleView", TransferView.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final PmemPool pool;
  private final PmemKey file;
  private final boolean readable;
  private final boolean writable;
  private final boolean append;
  private final Object positionLock = new Object();
  private final Set<PmemKeyLock> locks = ConcurrentHashMap.newKeySet();
  private long position;

  /** The transfer view no {@code transferTo} is using; concurrent transfers make their own. */
  @SuppressWarnings("unused") // accessed through IDLE_VIEW
  private TransferView idleView;

  PmemChannelImpl(PmemPool pool, PmemKey file, boolean readable, boolean writable, boolean append) {
    this.pool = pool;
    this.file = file;
    this.readable = readable;
    this.writable = writable;
    this.append = append;
  }

  PmemKey file() {
    return file;
  }

  @Override
  public String key() {
    return file.key();
  }

  private void ensureOpen() throws ClosedChannelException {
    if (!isOpen()) {
      throw new ClosedChannelException();
    }
  }

  private void ensureReadable() throws ClosedChannelException {
    ensureOpen();
    FileChannelChecks.readable(readable);
  }

  private void ensureWritable() throws ClosedChannelException {
    ensureOpen();
    FileChannelChecks.writable(writable);
  }

  private static void checkDestination(ByteBuffer dst) {
    FileChannelChecks.destination(dst);
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    ensureReadable();
    synchronized (positionLock) {
      checkDestination(dst);
      if (!dst.hasRemaining()) {
        return 0;
      }
      int n = file.read(dst, position);
      if (n > 0) {
        position += n;
      }
      return n;
    }
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    FileChannelChecks.buffers(offset, length, dsts.length);
    ensureReadable();
    synchronized (positionLock) {
      for (int i = offset; i < offset + length; i++) {
        checkDestination(dsts[i]);
      }
      if (remaining(dsts, offset, length) == 0) {
        return 0;
      }
      long n = file.read(dsts, offset, length, position);
      if (n > 0) {
        position += n;
      }
      return n;
    }
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    ensureWritable();
    synchronized (positionLock) {
      int n = src.remaining();
      long end = file.write(src, position, append);
      position = append ? Math.max(position, end) : position + n;
      return n;
    }
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    FileChannelChecks.buffers(offset, length, srcs.length);
    ensureWritable();
    synchronized (positionLock) {
      long total = remaining(srcs, offset, length);
      long end = file.write(srcs, offset, length, position, append);
      position = append ? Math.max(position, end) : position + total;
      return total;
    }
  }

  /** The bytes left in {@code length} buffers from {@code offset} on. */
  private static long remaining(ByteBuffer[] buffers, int offset, int length) {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      total += buffers[i].remaining();
    }
    return total;
  }

  @Override
  public long position() throws IOException {
    ensureOpen();
    synchronized (positionLock) {
      return append ? file.size() : position;
    }
  }

  @Override
  public PmemChannel position(long newPosition) throws IOException {
    ensureOpen();
    FileChannelChecks.newPosition(newPosition);
    synchronized (positionLock) {
      position = newPosition;
      return this;
    }
  }

  @Override
  public long size() throws IOException {
    ensureOpen();
    return file.size();
  }

  @Override
  public PmemChannel truncate(long newSize) throws IOException {
    ensureOpen();
    FileChannelChecks.truncate(newSize, writable);
    synchronized (positionLock) {
      file.truncate(newSize);
      if (position > newSize) {
        position = newSize;
      }
      return this;
    }
  }

  @Override
  public void force(boolean metaData) throws IOException {
    ensureOpen();
    file.force();
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    ensureOpen();
    FileChannelChecks.transferTo(
        readable, target, !(target instanceof PmemChannelImpl t) || t.writable, position, count);
    // As the JDK: at most the bytes between the position and the size at entry, so a transfer into
    // this very file (through a wrapper) ends where the file ended when it began.
    long sizeAtEntry = file.size();
    if (position >= sizeAtEntry) {
      return 0;
    }
    count = Math.min(count, sizeAtEntry - position);
    TransferView view = (TransferView) IDLE_VIEW.getAndSet(this, null);
    if (view == null) {
      view = new TransferView();
    }
    long done = 0;
    try {
      while (done < count && file.pinInto(position + done, count - done, view)) {
        int offered = view.buffer().remaining();
        int written;
        try {
          written = target.write(view.buffer());
        } finally {
          file.unpin(view);
        }
        done += written;
        if (written < offered) {
          break;
        }
      }
    } catch (IOException e) {
      if (done == 0) {
        throw e;
      }
    } finally {
      IDLE_VIEW.setRelease(this, view);
    }
    return done;
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    ensureOpen();
    FileChannelChecks.transferFrom(writable, src, position, count);
    if (FileChannelChecks.transfersNothingFrom(position, file.size())) {
      return 0;
    }
    if (src instanceof PmemChannelImpl source) {
      // As the JDK from a file channel of its own kind: the source must be readable, and at most
      // what it holds past its position at entry is copied, so a transfer from this very file never
      // reads the bytes it writes. Other channels are read until they end, as the JDK reads them.
      FileChannelChecks.readable(source.readable);
      count = Math.min(count, source.size() - source.position());
    }
    if (count <= 0) {
      return 0;
    }
    return transferFromBounced(src, position, count);
  }

  /**
   * Reads the source into a bounded heap buffer and writes each piece under the file's lock: the
   * source is never called while the lock is held, since it may be a channel of this very file (or
   * a wrapper of one), or block (a pipe). As the JDK's: a read or write that fails after some bytes
   * moved ends the transfer with the count so far (a full pool after 3 MiB returns 3 MiB; the piece
   * that did not fit is read from the source but not written, as with the JDK); one that fails
   * before any byte moved throws.
   */
  private long transferFromBounced(ReadableByteChannel src, long position, long count)
      throws IOException {
    ByteBuffer bounce = ByteBuffer.allocate((int) Math.min(count, BOUNCE_BYTES));
    long done = 0;
    while (done < count) {
      bounce.clear().limit((int) Math.min(count - done, bounce.capacity()));
      int r;
      try {
        r = src.read(bounce);
      } catch (IOException e) {
        if (done == 0) {
          throw e;
        }
        break;
      }
      if (r <= 0) {
        break;
      }
      bounce.flip();
      try {
        file.write(bounce, position + done, append);
      } catch (IOException e) {
        if (done == 0) {
          throw e;
        }
        break;
      }
      done += r;
    }
    return done;
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    FileChannelChecks.positional(dst, position);
    ensureReadable();
    checkDestination(dst);
    if (!dst.hasRemaining()) {
      return 0;
    }
    return file.read(dst, position);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    FileChannelChecks.positional(src, position);
    ensureWritable();
    int n = src.remaining();
    file.write(src, position, append);
    return n;
  }

  /**
   * Not supported: PMem channels are not mapped files.
   *
   * @throws UnsupportedOperationException always, naming the alternatives
   */
  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    ensureOpen();
    throw new UnsupportedOperationException(
        "map is not supported by PmemChannel: read into a direct ByteBuffer, or use transferTo"
            + " for a zero-copy view of the mapped memory ("
            + file.describe()
            + ")");
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return acquireLock(position, size, shared, true);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return acquireLock(position, size, shared, false);
  }

  private FileLock acquireLock(long position, long size, boolean shared, boolean wait)
      throws IOException {
    ensureOpen();
    FileChannelChecks.lock(shared, readable, writable);
    PmemKeyLock lock = PmemKeyLock.acquire(this, file.locks(), position, size, shared, wait);
    if (lock != null) {
      locks.add(lock);
      if (!isOpen()) {
        lock.releaseInternal();
        throw new ClosedChannelException();
      }
    }
    return lock;
  }

  void lockReleased(PmemKeyLock lock) {
    locks.remove(lock);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    IOException failure = null;
    for (PmemKeyLock lock : locks) {
      try {
        lock.releaseInternal();
      } catch (IOException e) {
        failure = e;
      }
    }
    locks.clear();
    file.releaseHandle();
    pool.handleClosed(this);
    if (failure != null) {
      throw failure;
    }
  }
}
