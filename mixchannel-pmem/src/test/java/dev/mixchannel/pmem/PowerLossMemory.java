package dev.mixchannel.pmem;

import dev.mixchannel.pmem.internal.Medium;
import dev.mixchannel.pmem.internal.PoolGeometry;
import dev.mixchannel.pmem.internal.PoolMemory;
import dev.mixchannel.pmem.internal.PoolMemoryProvider;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A test backend that simulates power loss: it passes every call to a real backend and keeps a
 * "persisted" image that receives bytes only when they are flushed, whole 64-byte cache lines at a
 * time, as pmem_persist does. Everything not flushed is lost when the image is used as a pool.
 */
final class PowerLossMemory implements PoolMemory {

  private static final int LINE = 64;

  private final PoolMemory delegate;
  private final long dataOffset;
  private final byte[] persisted;

  private PowerLossMemory(PoolMemory delegate, PoolGeometry geometry) {
    this.delegate = delegate;
    this.dataOffset = geometry.dataOffset();
    this.persisted = new byte[(int) geometry.poolSizeBytes()];
    delegate.getBytes(0, persisted, 0, (int) dataOffset);
  }

  /** A provider wrapping the JDK backend; {@link #last()} is the memory it opened last. */
  static final class Provider implements PoolMemoryProvider {
    private final PoolMemoryProvider real;
    private volatile PowerLossMemory last;

    Provider(PoolMemoryProvider real) {
      this.real = real;
    }

    @Override
    public String name() {
      return "power-loss";
    }

    @Override
    public PoolMemory open(Path file, FileChannel channel, PoolGeometry layout, Medium medium)
        throws java.io.IOException {
      last = new PowerLossMemory(real.open(file, channel, layout, medium), layout);
      return last;
    }

    PowerLossMemory last() {
      return last;
    }
  }

  /** A copy of what would survive a power loss now. */
  synchronized byte[] persistedImage() {
    return persisted.clone();
  }

  @Override
  public String name() {
    return "power-loss";
  }

  @Override
  public long getLong(long offset) {
    return delegate.getLong(offset);
  }

  @Override
  public void putLong(long offset, long value) {
    delegate.putLong(offset, value);
  }

  @Override
  public void getBytes(long offset, byte[] dst, int dstIndex, int length) {
    delegate.getBytes(offset, dst, dstIndex, length);
  }

  @Override
  public void putBytes(long offset, byte[] src, int srcIndex, int length) {
    delegate.putBytes(offset, src, srcIndex, length);
  }

  @Override
  public void read(long offset, ByteBuffer dst, int dstIndex, int length) {
    delegate.read(offset, dst, dstIndex, length);
  }

  @Override
  public void write(long offset, ByteBuffer src, int srcIndex, int length) {
    delegate.write(offset, src, srcIndex, length);
  }

  @Override
  public void zero(long offset, long length) {
    delegate.zero(offset, length);
  }

  @Override
  public void pretouch(long offset, long length) {
    delegate.pretouch(offset, length);
  }

  @Override
  public ByteBuffer slice(long offset, int length) {
    return delegate.slice(offset, length);
  }

  @Override
  public synchronized void flush(long offset, long length) {
    delegate.flush(offset, length);
    long start = offset / LINE * LINE;
    long end = Math.min((offset + length + LINE - 1) / LINE * LINE, persisted.length);
    if (start < dataOffset) {
      long metaEnd = Math.min(end, dataOffset);
      delegate.getBytes(start, persisted, (int) start, (int) (metaEnd - start));
      start = metaEnd;
    }
    if (start < end) {
      delegate
          .slice(start, (int) (end - start))
          .get(0, persisted, (int) start, (int) (end - start));
    }
  }

  @Override
  public void close() {
    delegate.close();
  }
}
