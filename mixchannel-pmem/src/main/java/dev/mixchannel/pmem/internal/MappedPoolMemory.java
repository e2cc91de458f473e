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

import java.nio.ByteBuffer;

/**
 * What both memory backends share: user data goes through a JDK mapping of the pool file ({@link
 * MappedPool}), for heap and direct buffers alike, and so do metadata words unless a backend has a
 * better path. A backend supplies what truly differs: how it zeroes, pre-touches and flushes (and
 * LLPL its metadata words and its unmap). Thread-safe: only absolute buffer methods are used.
 */
abstract class MappedPoolMemory implements PoolMemory {

  private final String name;

  /** The JDK mapping of the pool file. */
  protected final MappedPool mapped;

  /**
   * A backend over a mapping.
   *
   * @param name the backend's name
   * @param mapped the JDK mapping of the pool file
   */
  MappedPoolMemory(String name, MappedPool mapped) {
    this.name = name;
    this.mapped = mapped;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public long getLong(long offset) {
    return mapped.getLong(offset);
  }

  @Override
  public void putLong(long offset, long value) {
    mapped.putLong(offset, value);
  }

  @Override
  public void getBytes(long offset, byte[] dst, int dstIndex, int length) {
    mapped.getBytes(offset, dst, dstIndex, length);
  }

  @Override
  public void putBytes(long offset, byte[] src, int srcIndex, int length) {
    mapped.putBytes(offset, src, srcIndex, length);
  }

  @Override
  public final void read(long offset, ByteBuffer dst, int dstIndex, int length) {
    mapped.read(offset, dst, dstIndex, length);
  }

  @Override
  public final void write(long offset, ByteBuffer src, int srcIndex, int length) {
    mapped.write(offset, src, srcIndex, length);
  }

  @Override
  public final ByteBuffer slice(long offset, int length) {
    return mapped.slice(offset, length);
  }

  @Override
  public abstract void zero(long offset, long length);

  @Override
  public abstract void pretouch(long offset, long length);

  @Override
  public abstract void flush(long offset, long length);

  /** The JDK offers no unmap: the windows are released when they become unreachable. */
  @Override
  public void close() {}
}
