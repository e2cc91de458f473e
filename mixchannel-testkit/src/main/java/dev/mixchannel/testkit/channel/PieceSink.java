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
package dev.mixchannel.testkit.channel;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.WritableByteChannel;

/** A target that accepts at most a fixed number of bytes per write and keeps what it got. */
final class PieceSink implements WritableByteChannel {

  private final int maxBytesPerWrite;
  private final ByteArrayOutputStream received = new ByteArrayOutputStream();
  private boolean open = true;

  PieceSink(int maxBytesPerWrite) {
    this.maxBytesPerWrite = maxBytesPerWrite;
  }

  @Override
  public int write(ByteBuffer src) throws ClosedChannelException {
    if (!open) {
      throw new ClosedChannelException();
    }
    int n = Math.min(src.remaining(), maxBytesPerWrite);
    byte[] piece = new byte[n];
    src.get(piece);
    received.write(piece, 0, n);
    return n;
  }

  byte[] bytes() {
    return received.toByteArray();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
  }
}
