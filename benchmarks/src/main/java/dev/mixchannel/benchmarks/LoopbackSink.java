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

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A connected loopback TCP socket whose far end a daemon thread ({@code bench-drain}) reads and
 * discards as fast as it can: the target of {@code transferTo} benchmarks.
 */
@State(Scope.Thread)
public class LoopbackSink {

  SocketChannel socket;
  private ServerSocketChannel server;
  private SocketChannel accepted;
  private Thread drain;
  private volatile long drainedBytes;

  /**
   * Connects the pair and starts the drain.
   *
   * @throws IOException on failure
   */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    server = ServerSocketChannel.open();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    socket = SocketChannel.open(server.getLocalAddress());
    accepted = server.accept();
    drain = new Thread(this::drainForever, "bench-drain");
    drain.setDaemon(true);
    drain.start();
  }

  private void drainForever() {
    ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
    long total = 0;
    try {
      while (true) {
        buffer.clear();
        int n = accepted.read(buffer);
        if (n < 0) {
          break;
        }
        total += n;
        drainedBytes = total;
      }
    } catch (IOException e) {
      // The tear-down closed the socket: the drain ends.
    }
  }

  /**
   * Closes the sockets and waits for the drain to end.
   *
   * @throws IOException on failure
   * @throws InterruptedException when interrupted
   */
  @TearDown(Level.Trial)
  public void close() throws IOException, InterruptedException {
    socket.close();
    drain.join(TimeUnit.SECONDS.toMillis(10));
    accepted.close();
    server.close();
  }

  long drainedBytes() {
    return drainedBytes;
  }
}
