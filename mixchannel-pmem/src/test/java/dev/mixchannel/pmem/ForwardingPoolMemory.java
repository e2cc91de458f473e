package dev.mixchannel.pmem;

import dev.mixchannel.pmem.internal.PoolMemory;
import java.nio.ByteBuffer;

/** A {@link PoolMemory} that passes every call on; tests override a method to observe or block. */
class ForwardingPoolMemory implements PoolMemory {
  private final PoolMemory delegate;

  ForwardingPoolMemory(PoolMemory delegate) {
    this.delegate = delegate;
  }

  @Override
  public String name() {
    return delegate.name();
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
  public void flush(long offset, long length) {
    delegate.flush(offset, length);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
