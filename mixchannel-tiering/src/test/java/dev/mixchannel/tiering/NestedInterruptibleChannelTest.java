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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.spi.AbstractInterruptibleChannel;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Why a MixChannel does not use {@code begin()}/{@code end()} of {@link
 * AbstractInterruptibleChannel} around its call into a JDK channel: a thread has one interruptible
 * blocker. The JDK channel's {@code begin()} replaces the outer channel's, and its {@code end()}
 * clears it, so an interrupt after the inner call no longer closes the outer channel (and one
 * during the inner call closes the inner channel only). The outer channel's interruptor would also
 * run its close in the interrupting thread. This pins the JDK behaviour the design relies on.
 */
class NestedInterruptibleChannelTest {
  @TempDir Path dir;

  @Test
  void shouldLoseTheOuterInterruptorWhenAJdkChannelIsCalledInside() throws Exception {
    try (FileChannel inner = FileChannel.open(dir.resolve("f"), CREATE, READ, WRITE);
        Outer outer = new Outer()) {
      CountDownLatch innerReturned = new CountDownLatch(1);
      Semaphore proceed = new Semaphore(0);
      Thread t =
          new Thread(
              () -> {
                outer.enter();
                try {
                  inner.read(ByteBuffer.allocate(1), 0);
                } catch (java.io.IOException e) {
                  throw new AssertionError(e);
                }
                innerReturned.countDown();
                proceed.acquireUninterruptibly();
                outer.leave();
              });
      t.start();
      assertThat(innerReturned.await(30, TimeUnit.SECONDS)).isTrue();
      t.interrupt();
      proceed.release();
      t.join(30_000);
      assertThat(outer.isOpen())
          .as("outer channel after an interrupt past the inner call")
          .isTrue();
      assertThat(inner.isOpen()).isTrue();
    }
  }

  @Test
  void shouldCloseTheOuterChannelWhenNothingIsCalledInside() throws Exception {
    try (Outer outer = new Outer()) {
      CountDownLatch entered = new CountDownLatch(1);
      Semaphore proceed = new Semaphore(0);
      Thread t =
          new Thread(
              () -> {
                outer.enter();
                entered.countDown();
                proceed.acquireUninterruptibly();
                outer.leave();
              });
      t.start();
      assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
      t.interrupt();
      proceed.release();
      t.join(30_000);
      assertThat(outer.isOpen()).as("the control: its own interruptor closed it").isFalse();
    }
  }

  /** An interruptible channel whose begin and end the test calls. */
  private static final class Outer extends AbstractInterruptibleChannel {
    void enter() {
      begin();
    }

    void leave() {
      try {
        end(true);
      } catch (java.nio.channels.AsynchronousCloseException e) {
        // the closed-by-interrupt outcome; the test looks at isOpen()
      }
    }

    @Override
    protected void implCloseChannel() {}
  }
}
