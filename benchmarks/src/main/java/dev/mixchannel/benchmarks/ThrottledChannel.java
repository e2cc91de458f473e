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
package dev.mixchannel.benchmarks;

import dev.mixchannel.api.ForwardingFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A FileChannel that forwards to another and then waits in a {@link Throttle} for every byte it
 * read or wrote: a channel of the modelled HDD. Closing it closes the delegate.
 */
final class ThrottledChannel extends ForwardingFileChannel {

  private final Throttle throttle;

  ThrottledChannel(FileChannel delegate, Throttle throttle) {
    super(delegate);
    this.throttle = throttle;
  }

  private <T extends Number> T paid(T bytes) throws IOException {
    throttle.acquire(bytes.longValue());
    return bytes;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    return paid(super.read(dst));
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return paid(super.read(dsts, offset, length));
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return paid(super.read(dst, position));
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    return paid(super.write(src));
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return paid(super.write(srcs, offset, length));
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    return paid(super.write(src, position));
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    return paid(super.transferTo(position, count, target));
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    return paid(super.transferFrom(src, position, count));
  }
}
