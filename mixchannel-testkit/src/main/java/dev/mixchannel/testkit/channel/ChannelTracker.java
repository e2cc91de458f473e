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

import dev.mixchannel.testkit.junit.LeakCheckExtension;
import java.io.IOException;
import java.nio.channels.Channel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Records the channels a test opens so that {@link LeakCheckExtension} can fail the test when one
 * is left open. Obtain one by declaring a parameter of this type in a test or {@code @BeforeEach}
 * method of a class that uses the extension; there is one tracker per test.
 *
 * <p>A channel counts as leaked when it is still open after the test, or when it was still open at
 * the moment the factory that opened it was closed (a factory's close may close its channels, which
 * would otherwise hide the leak). Leaked channels are closed by the check, for a bounded time (a
 * channel stuck in a hung call is left open and reported). Safe for use by many threads.
 */
public final class ChannelTracker {

  /** Beyond this many records, closed channels are dropped before adding another. */
  private static final int PRUNE_THRESHOLD = 256;

  /** How long closing leaked channels may take before the check gives up on them. */
  private static final long CLOSE_BOUND_SECONDS = 10;

  private final List<Tracked> tracked = new ArrayList<>();
  private final List<Tracked> leakedAtFactoryClose = new ArrayList<>();

  /** Creates an empty tracker; {@link LeakCheckExtension} makes one per test. */
  public ChannelTracker() {}

  /**
   * Wraps a factory so that every channel it opens is tracked. Closing the wrapper records the
   * channels it opened that are still open, then closes {@code factory}.
   *
   * @param factory the factory to wrap; the wrapper's {@code close} closes it
   * @return the tracking wrapper
   */
  public ChannelFactory track(ChannelFactory factory) {
    return new TrackingChannelFactory(factory, this);
  }

  /**
   * Tracks one channel.
   *
   * @param <C> the channel type
   * @param channel the channel, which the test must close
   * @param description what the channel is, for the failure message
   * @return {@code channel}
   */
  public <C extends Channel> C track(C channel, String description) {
    add(channel, description, null);
    return channel;
  }

  void add(Channel channel, String description, Object owner) {
    Tracked record = new Tracked(channel, description, owner, new Throwable("opened here"));
    synchronized (this) {
      if (tracked.size() >= PRUNE_THRESHOLD) {
        tracked.removeIf(t -> !t.channel().isOpen());
      }
      tracked.add(record);
    }
  }

  /** Called by a tracking factory before it closes its delegate. */
  synchronized void factoryClosing(Object owner) {
    for (Iterator<Tracked> it = tracked.iterator(); it.hasNext(); ) {
      Tracked t = it.next();
      if (t.owner() == owner && t.channel().isOpen()) {
        leakedAtFactoryClose.add(t);
        it.remove();
      }
    }
  }

  /**
   * Closes every leaked channel and describes the leaks.
   *
   * @return an error describing the leaks, with where each channel was opened attached as
   *     suppressed exceptions, or {@code null} when nothing leaked
   */
  public AssertionError closeLeaks() {
    List<Tracked> leaks = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    synchronized (this) {
      for (Tracked t : leakedAtFactoryClose) {
        leaks.add(t);
        lines.add(t.description() + " was still open when its factory was closed");
      }
      for (Tracked t : tracked) {
        if (t.channel().isOpen()) {
          leaks.add(t);
          lines.add(t.description() + " was still open after the test");
        }
      }
      tracked.clear();
      leakedAtFactoryClose.clear();
    }
    if (leaks.isEmpty()) {
      return null;
    }
    List<Throwable> closeFailures = new ArrayList<>();
    if (!closeAll(leaks, closeFailures)) {
      lines.add(
          "closing the leaked channels did not finish within "
              + CLOSE_BOUND_SECONDS
              + " s (a hung call holds them; they are left open)");
    }
    AssertionError error =
        new AssertionError(
            "channel leak: count=" + leaks.size() + "\n  " + String.join("\n  ", lines));
    for (Tracked t : leaks) {
      error.addSuppressed(t.openedAt());
    }
    synchronized (closeFailures) {
      closeFailures.forEach(error::addSuppressed);
    }
    return error;
  }

  /**
   * Closes the channels on a thread of its own, for at most {@link #CLOSE_BOUND_SECONDS}: a channel
   * whose call hung (a deadlock the test reported) may never close, and the check must not hang.
   *
   * @return whether every close returned in time
   */
  private static boolean closeAll(List<Tracked> leaks, List<Throwable> failures) {
    Thread closer =
        new Thread(
            () -> {
              for (Tracked t : leaks) {
                try {
                  t.channel().close();
                } catch (IOException | RuntimeException e) {
                  synchronized (failures) {
                    failures.add(e);
                  }
                }
              }
            },
            "testkit-leak-closer");
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(TimeUnit.SECONDS.toMillis(CLOSE_BOUND_SECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !closer.isAlive();
  }

  private record Tracked(Channel channel, String description, Object owner, Throwable openedAt) {}
}
