package dev.mixchannel.testkit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Fails a test that leaks resources: after each test, (a) a channel tracked by the test's {@link
 * ChannelTracker} that is still open, or was open when its factory was closed, and (b) a live
 * thread named {@value #THREAD_PREFIX}{@code *} that did not exist before the test. New threads get
 * a grace period to finish stopping (all together, {@value #DEFAULT_GRACE_MILLIS} ms by default,
 * set with the JUnit configuration parameter or system property {@value #GRACE_MILLIS_KEY}).
 *
 * <p>Register with {@code @ExtendWith(LeakCheckExtension.class)}; both suites of this package do.
 * The extension also resolves test and {@code @BeforeEach} parameters of type {@link
 * ChannelTracker}, one tracker per test. Leaked channels are closed by the check; threads are left
 * alone.
 */
public final class LeakCheckExtension
    implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

  /** The name prefix of the threads MixChannel starts, which must not outlive a test. */
  public static final String THREAD_PREFIX = "mixchannel-";

  /** The configuration parameter for the grace period, in milliseconds. */
  public static final String GRACE_MILLIS_KEY = "mixchannel.leakcheck.graceMillis";

  /** The default grace period for new threads to stop, in milliseconds. */
  public static final long DEFAULT_GRACE_MILLIS = 5_000;

  private static final String THREADS_KEY = "threads";
  private static final String TRACKER_KEY = "tracker";

  /** Creates the extension; JUnit does this for {@code @ExtendWith}. */
  public LeakCheckExtension() {}

  @Override
  public void beforeEach(ExtensionContext context) {
    store(context).put(THREADS_KEY, new ThreadSnapshot(liveMixChannelThreads()));
  }

  @Override
  public void afterEach(ExtensionContext context) throws InterruptedException {
    ExtensionContext.Store store = store(context);
    List<String> problems = new ArrayList<>();
    AssertionError channelLeaks = null;
    ChannelTracker tracker = store.get(TRACKER_KEY, ChannelTracker.class);
    if (tracker != null) {
      channelLeaks = tracker.closeLeaks();
      if (channelLeaks != null) {
        problems.add(channelLeaks.getMessage());
      }
    }
    ThreadSnapshot before = store.get(THREADS_KEY, ThreadSnapshot.class);
    List<Thread> stillAlive =
        awaitNewThreads(before == null ? Set.of() : before.threads(), context);
    if (!stillAlive.isEmpty()) {
      StringBuilder sb = new StringBuilder("thread leak: count=" + stillAlive.size());
      for (Thread t : stillAlive) {
        sb.append("\n  ").append(t.getName()).append(" state=").append(t.getState());
      }
      problems.add(sb.toString());
    }
    if (!problems.isEmpty()) {
      AssertionError error = new AssertionError(String.join("\n", problems));
      if (channelLeaks != null) {
        for (Throwable openedAt : channelLeaks.getSuppressed()) {
          error.addSuppressed(openedAt);
        }
      }
      throw error;
    }
  }

  private static List<Thread> awaitNewThreads(Set<Thread> before, ExtensionContext context)
      throws InterruptedException {
    long graceMillis =
        context
            .getConfigurationParameter(GRACE_MILLIS_KEY)
            .map(LeakCheckExtension::parseGraceMillis)
            .orElse(DEFAULT_GRACE_MILLIS);
    long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
    List<Thread> stillAlive = new ArrayList<>();
    for (Thread t : liveMixChannelThreads()) {
      if (before.contains(t)) {
        continue;
      }
      long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
      if (remainingMillis > 0) {
        t.join(remainingMillis);
      }
      if (t.isAlive()) {
        stillAlive.add(t);
      }
    }
    return stillAlive;
  }

  private static long parseGraceMillis(String value) {
    try {
      long millis = Long.parseLong(value.trim());
      if (millis >= 0) {
        return millis;
      }
    } catch (NumberFormatException e) {
      throw invalidGrace(value, e);
    }
    throw invalidGrace(value, null);
  }

  private static IllegalArgumentException invalidGrace(String value, Exception cause) {
    return new IllegalArgumentException(
        "invalid configuration: key="
            + GRACE_MILLIS_KEY
            + ", value='"
            + value
            + "', expected milliseconds >= 0",
        cause);
  }

  private static Set<Thread> liveMixChannelThreads() {
    ThreadGroup root = Thread.currentThread().getThreadGroup();
    while (root.getParent() != null) {
      root = root.getParent();
    }
    Thread[] threads;
    int count;
    do {
      threads = new Thread[root.activeCount() * 2 + 16];
      count = root.enumerate(threads, true);
    } while (count == threads.length);
    Set<Thread> result = new HashSet<>();
    for (int i = 0; i < count; i++) {
      if (threads[i].getName().startsWith(THREAD_PREFIX) && threads[i].isAlive()) {
        result.add(threads[i]);
      }
    }
    return result;
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == ChannelTracker.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return store(context)
        .getOrComputeIfAbsent(TRACKER_KEY, key -> new ChannelTracker(), ChannelTracker.class);
  }

  /** The {@value #THREAD_PREFIX} threads alive before a test. */
  private record ThreadSnapshot(Set<Thread> threads) {}

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(
        ExtensionContext.Namespace.create(LeakCheckExtension.class, context.getUniqueId()));
  }
}
