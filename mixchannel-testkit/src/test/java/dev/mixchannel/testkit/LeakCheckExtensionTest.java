package dev.mixchannel.testkit;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The leak check fails tests that leave channels open or {@code mixchannel-*} threads running. */
class LeakCheckExtensionTest {

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
    }
    assertThat(run.succeeded()).isEqualTo(1);
    assertThat(run.failedMethods())
        .containsExactlyInAnyOrder(
            "leaksOpenChannel", "leaksChannelUntilFactoryClose", "leaksThread");
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
        default -> assertThat(message).contains("thread leak: count=1").contains(LEAKY_THREAD);
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
