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
package dev.mixchannel.testkit;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.channel.ChannelTracker;
import dev.mixchannel.testkit.channel.JdkChannelFactory;
import dev.mixchannel.testkit.junit.LeakCheck;
import dev.mixchannel.testkit.junit.LeakCheckExtension;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leak check fails tests that leave channels or files open or {@code mixchannel-*} threads
 * running, unless the test turns that one check off.
 */
class LeakCheckExtensionTest {

  /** The files the self-checked tests leave open, closed by the test that ran them. */
  private static final Queue<Closeable> LEFT_OPEN = new ConcurrentLinkedQueue<>();

  private static final String LEAKY_THREAD = "mixchannel-leaky-test";
  private static final Map<String, String> SHORT_GRACE =
      Map.of(LeakCheckExtension.GRACE_MILLIS_KEY, "200");

  @ExtendWith({SelfCheckOnly.class, LeakCheckExtension.class})
  static class Leaks {
    @Test
    void leaksOpenChannel(@TempDir Path dir, ChannelTracker tracker) throws IOException {
      ChannelFactory factory = tracker.track(new JdkChannelFactory(dir));
      factory.open("a", Set.of(READ, WRITE, CREATE));
    }

    @Test
    void leaksChannelUntilFactoryClose(@TempDir Path dir, ChannelTracker tracker)
        throws IOException {
      try (ChannelFactory factory = tracker.track(new JdkChannelFactory(dir))) {
        factory.open("a", Set.of(READ, WRITE, CREATE));
      }
    }

    @Test
    void leaksThread() {
      Thread thread = new Thread(LeakCheckExtensionTest::sleepUntilInterrupted, LEAKY_THREAD);
      thread.setDaemon(true);
      thread.start();
    }

    @Test
    void leaksFile(@TempDir Path dir) throws IOException {
      LEFT_OPEN.add(FileChannel.open(dir.resolve("leaked-file"), READ, WRITE, CREATE));
    }

    @Test
    @LeakCheck(fileDescriptors = false, reason = "the self-check closes it after the run")
    void leaksFileOnPurpose(@TempDir Path dir) throws IOException {
      LEFT_OPEN.add(FileChannel.open(dir.resolve("kept-file"), READ, WRITE, CREATE));
    }

    @Test
    void closesEverything(@TempDir Path dir, ChannelTracker tracker)
        throws IOException, InterruptedException {
      try (ChannelFactory factory = tracker.track(new JdkChannelFactory(dir));
          FileChannel channel = factory.open("a", Set.of(READ, WRITE, CREATE))) {
        assertThat(channel.isOpen()).isTrue();
      }
      Thread quick = new Thread(() -> {}, "mixchannel-quick-test");
      quick.start();
    }
  }

  private static void sleepUntilInterrupted() {
    try {
      Thread.sleep(60_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void shouldFailTestsThatLeakAndPassTestsThatCleanUp() throws InterruptedException {
    SelfCheckRun run;
    try {
      run = SelfCheckRun.of(Leaks.class, SHORT_GRACE);
    } finally {
      stopLeakyThreads();
      closeLeftOpen();
    }
    assertThat(run.succeeded()).isEqualTo(2);
    assertThat(run.failedMethods())
        .containsExactlyInAnyOrder(
            "leaksOpenChannel", "leaksChannelUntilFactoryClose", "leaksThread", "leaksFile");
    for (SelfCheckRun.Failure failure : run.failures()) {
      String message = failure.error().getMessage();
      switch (failure.method()) {
        case "leaksOpenChannel" ->
            assertThat(message)
                .contains("channel leak: count=1")
                .contains("channel name=a")
                .contains("was still open after the test");
        case "leaksChannelUntilFactoryClose" ->
            assertThat(message).contains("was still open when its factory was closed");
        case "leaksFile" ->
            assertThat(message)
                .contains("file descriptor leak: count=1")
                .contains("leaked-file")
                .doesNotContain("kept-file");
        default -> assertThat(message).contains("thread leak: count=1").contains(LEAKY_THREAD);
      }
    }
  }

  private static void closeLeftOpen() {
    for (Closeable c; (c = LEFT_OPEN.poll()) != null; ) {
      try {
        c.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static void stopLeakyThreads() throws InterruptedException {
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().equals(LEAKY_THREAD)) {
        thread.interrupt();
        thread.join(5_000);
      }
    }
  }
}
