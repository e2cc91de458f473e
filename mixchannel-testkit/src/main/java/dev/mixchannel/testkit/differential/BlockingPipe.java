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
package dev.mixchannel.testkit.differential;

import dev.mixchannel.common.Closeables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.util.concurrent.TimeUnit;

/**
 * A blocking pipe with a thread at its far end, for the source of a {@code transferFrom} or the
 * target of a {@code transferTo}: a feeder that writes some bytes and then closes the sink (a
 * finite source that blocks until its data arrives), or a collector that reads until the end of the
 * stream. Its threads are daemons named {@code testkit-pipe-*} and end when the pipe is closed.
 */
final class BlockingPipe implements AutoCloseable {

  /** How long finishing waits for the far-end thread; the step watchdog fires long before. */
  private static final long JOIN_MILLIS = TimeUnit.SECONDS.toMillis(60);

  private final Pipe pipe;
  private final ByteArrayOutputStream collected = new ByteArrayOutputStream();
  private final Thread thread;
  private volatile IOException farEndFailure;

  private BlockingPipe(Pipe pipe, Feed feed) {
    this.pipe = pipe;
    this.thread =
        new Thread(
            feed != null ? () -> feed(feed) : this::collect,
            feed != null ? "testkit-pipe-feeder" : "testkit-pipe-collector");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * A pipe whose source yields {@code length} bytes of {@code noise} from {@code offset} on,
   * starting over at its beginning as often as needed, then the end of the stream.
   */
  static BlockingPipe feeding(byte[] noise, int offset, long length) throws IOException {
    return new BlockingPipe(Pipe.open(), new Feed(noise, offset, length));
  }

  /** A pipe whose sink takes everything written to it. */
  static BlockingPipe collecting() throws IOException {
    return new BlockingPipe(Pipe.open(), null);
  }

  Pipe.SourceChannel source() {
    return pipe.source();
  }

  Pipe.SinkChannel sink() {
    return pipe.sink();
  }

  /**
   * For a feeding pipe: reads what the channel under test left unread until the end of the stream,
   * waits for the feeder, and returns the number of bytes left.
   */
  long unread() throws IOException {
    ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
    long left = 0;
    int n;
    while ((n = pipe.source().read(chunk.clear())) >= 0) {
      left += n;
    }
    join();
    return left;
  }

  /** For a collecting pipe: closes the sink, waits for the collector, and returns what it got. */
  byte[] received() throws IOException {
    pipe.sink().close();
    join();
    return collected.toByteArray();
  }

  private void feed(Feed feed) {
    try (Pipe.SinkChannel sink = pipe.sink()) {
      long left = feed.length();
      int at = feed.offset();
      while (left > 0) {
        int n = (int) Math.min(left, feed.noise().length - at);
        ByteBuffer piece = ByteBuffer.wrap(feed.noise(), at, n);
        while (piece.hasRemaining()) {
          sink.write(piece);
        }
        left -= n;
        at = 0;
      }
    } catch (IOException e) {
      farEndFailure = e;
    }
  }

  private void collect() {
    ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
    try {
      int n;
      while ((n = pipe.source().read(chunk.clear())) >= 0) {
        collected.write(chunk.array(), 0, n);
      }
    } catch (IOException e) {
      farEndFailure = e;
    }
  }

  private void join() throws IOException {
    try {
      thread.join(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for " + thread.getName());
    }
    if (thread.isAlive()) {
      throw new IOException("pipe thread did not finish: thread=" + thread.getName());
    }
    if (farEndFailure != null) {
      throw new IOException("pipe thread failed: thread=" + thread.getName(), farEndFailure);
    }
  }

  /** What a feeder writes. */
  private record Feed(byte[] noise, int offset, long length) {}

  @Override
  public void close() throws IOException {
    Closeables.closeAll("closing a pipe", pipe.sink(), pipe.source());
  }
}
