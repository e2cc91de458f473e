package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.TierKind;
import dev.mixchannel.tiering.MixChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLock;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * A handle on a segment: its own position and access mode, every operation delegated to the
 * segment's backing channel through {@link SegmentIo}. Relative operations serialize on the
 * handle's position lock; appends serialize on the segment's append lock. See {@link MixChannel}
 * for the contract.
 */
public final class MixChannelImpl extends MixChannel {
  private final Segment segment;
  private final SegmentIo io;
  private final Catalog catalog;
  private final OpenMode mode;
  private final Object positionLock = new Object();
  private long position;
  private volatile boolean closePending;

  MixChannelImpl(Segment segment, SegmentIo io, Catalog catalog, OpenMode mode) {
    this.segment = segment;
    this.io = io;
    this.catalog = catalog;
    this.mode = mode;
  }

  Segment segment() {
    return segment;
  }

  boolean writable() {
    return mode.write();
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
    Objects.checkFromIndexSize(offset, length, dsts.length);
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
    Objects.checkFromIndexSize(offset, length, srcs.length);
    ensureOpen();
    ensureWritable();
    long n;
    if (mode.append()) {
      segment.appendLock.lock();
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
    Objects.requireNonNull(dst, "dst");
    if (position < 0) {
      throw new IllegalArgumentException("Negative position");
    }
    ensureOpen();
    ensureReadable();
    return io.read(this, dst, position);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    Objects.requireNonNull(src, "src");
    if (position < 0) {
      throw new IllegalArgumentException("Negative position");
    }
    ensureOpen();
    ensureWritable();
    int n = mode.append() ? append(src) : io.write(this, src, position);
    syncIfAsked();
    return n;
  }

  int append(ByteBuffer src) throws IOException {
    segment.appendLock.lock();
    try {
      return io.append(this, src);
    } finally {
      unlockAppends();
    }
  }

  /** Releases the append lock, then closes this handle if an interrupt closed it meanwhile. */
  private void unlockAppends() {
    segment.appendLock.unlock();
    if (closePending && !segment.appendLock.isHeldByCurrentThread()) {
      closePending = false;
      closeAfterInterrupt();
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
    if (newPosition < 0) {
      throw new IllegalArgumentException("Negative position");
    }
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
    if (size < 0) {
      throw new IllegalArgumentException("Negative size");
    }
    ensureWritable();
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
    segment.appendLock.lock();
    try {
      io.call(
          this,
          0,
          true,
          (b, s) -> {
            if (size < b.size()) {
              s.noteWrite(size);
              b.truncate(size);
            }
            return null;
          });
    } finally {
      unlockAppends();
    }
  }

  @Override
  public void force(boolean metaData) throws IOException {
    ensureOpen();
    io.call(
        this,
        0,
        true,
        (b, s) -> {
          b.force(metaData);
          return null;
        });
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    ensureOpen();
    if (!target.isOpen()) {
      throw new ClosedChannelException();
    }
    ensureReadable();
    if (target instanceof MixChannelImpl t && !t.writable()) {
      throw new NonWritableChannelException();
    }
    if (position < 0 || count < 0) {
      throw new IllegalArgumentException("Negative position or count");
    }
    if (target instanceof MixChannel) {
      return Transfers.toMixChannel(this, io, position, count, target);
    }
    return io.transferTo(this, position, count, target);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    ensureOpen();
    if (!src.isOpen()) {
      throw new ClosedChannelException();
    }
    ensureWritable();
    if (position < 0 || count < 0) {
      throw new IllegalArgumentException("Negative position or count");
    }
    if (src instanceof MixChannel || mode.append()) {
      return Transfers.fromChannel(this, io, src, position, count, mode.append());
    }
    return io.call(
        this,
        count,
        false,
        (b, s) -> {
          s.noteWrite(position);
          return b.transferFrom(src, position, count);
        });
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
    if (shared && !mode.read()) {
      throw new NonReadableChannelException();
    }
    if (!shared && !mode.write()) {
      throw new NonWritableChannelException();
    }
    return io.call(
        this,
        0,
        false,
        (b, s) -> {
          FileLock taken =
              wait ? b.lock(position, size, shared) : b.tryLock(position, size, shared);
          if (taken == null) {
            return null;
          }
          HandleLock lock = new HandleLock(this, taken);
          s.fileLocks.add(lock);
          return lock;
        });
  }

  void releaseLock(HandleLock lock) throws IOException {
    io.call(
        this,
        0,
        true,
        (b, s) -> {
          s.fileLocks.remove(lock);
          lock.releaseDelegate();
          return null;
        });
  }

  @Override
  protected void implCloseChannel() throws IOException {
    catalog.release(this);
  }

  /** Closes this handle once the append lock this thread holds is released. */
  void closeWhenUnlocked() {
    closePending = true;
  }

  /** Closes this handle after an interrupt closed the backing channel under it. */
  void closeAfterInterrupt() {
    try {
      close();
    } catch (IOException e) {
      catalog.recordError(e, segment);
    }
  }

  @Override
  public String key() {
    return segment.key;
  }

  @Override
  public String tierName() {
    return segment.tier.name();
  }

  @Override
  public TierKind tierKind() {
    return segment.tier.kind();
  }

  @Override
  public void seal() throws ClosedChannelException {
    ensureOpen();
    segment.sealed = true;
  }

  @Override
  public boolean isSealed() {
    return segment.sealed;
  }

  /**
   * The exception for an operation on a closed handle: exactly {@link ClosedChannelException}, as
   * the JDK throws, or after the manager closed a subclass whose message names the key.
   */
  ClosedChannelException closedException() {
    return catalog.isClosed()
        ? new KeyClosedException(segment.key, "tier manager closed")
        : new ClosedChannelException();
  }

  private void ensureOpen() throws ClosedChannelException {
    if (!isOpen()) {
      throw closedException();
    }
  }

  private void ensureReadable() {
    if (!mode.read()) {
      throw new NonReadableChannelException();
    }
  }

  private void ensureWritable() {
    if (!mode.write()) {
      throw new NonWritableChannelException();
    }
  }

  private void syncIfAsked() throws IOException {
    if (mode.sync() || mode.dsync()) {
      force(mode.sync());
    }
  }

  @Override
  public String toString() {
    return "MixChannel[key=" + segment.key + ", tier=" + segment.tier + "]";
  }
}
