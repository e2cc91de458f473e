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
  public void touch(long offset, long length) {
    delegate.touch(offset, length);
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
