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

import dev.mixchannel.common.Closeables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;

/**
 * A pipe whose sink and source are both non-blocking, so one thread can fill it through the sink
 * (which takes what fits) and then drain it, without a second thread.
 */
final class PipeDrain implements AutoCloseable {

  private final Pipe pipe;
  private final ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
  private final ByteArrayOutputStream received = new ByteArrayOutputStream();

  PipeDrain() throws IOException {
    pipe = Pipe.open();
    try {
      pipe.sink().configureBlocking(false);
      pipe.source().configureBlocking(false);
    } catch (IOException e) {
      Closeables.closeQuietly(e, this);
      throw e;
    }
  }

  Pipe.SinkChannel sink() {
    return pipe.sink();
  }

  /** Moves everything the pipe holds into {@link #bytes()}. */
  void drain() throws IOException {
    int n;
    while ((n = pipe.source().read(chunk)) > 0) {
      received.write(chunk.array(), 0, n);
      chunk.clear();
    }
  }

  byte[] bytes() {
    return received.toByteArray();
  }

  @Override
  public void close() throws IOException {
    Closeables.closeAll("closing a pipe", pipe.sink(), pipe.source());
  }
}
