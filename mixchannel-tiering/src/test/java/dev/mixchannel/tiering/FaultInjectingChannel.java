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
package dev.mixchannel.tiering;

import dev.mixchannel.api.ForwardingFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;

/** A forwarding channel with a hook before every write; tests override it to inject a fault. */
class FaultInjectingChannel extends ForwardingFileChannel {
  FaultInjectingChannel(FileChannel delegate) {
    super(delegate);
  }

  /** Called before every write that would extend the channel to {@code end}. */
  void beforeWrite(long position, long end) throws IOException {}

  @Override
  public int write(ByteBuffer src) throws IOException {
    long p = delegate().position();
    beforeWrite(p, p + src.remaining());
    return super.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      total += srcs[i].remaining();
    }
    long p = delegate().position();
    beforeWrite(p, p + total);
    return super.write(srcs, offset, length);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    beforeWrite(position, position + count);
    return super.transferFrom(src, position, count);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    beforeWrite(position, position + src.remaining());
    return super.write(src, position);
  }
}
