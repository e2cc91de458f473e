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
package dev.mixchannel.testkit.junit;

import dev.mixchannel.testkit.channel.ChannelTracker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Fails a test that leaks resources: after each test, (a) a channel tracked by the test's {@link
 * ChannelTracker} that is still open, or was open when its factory was closed, (b) a live thread
 * named {@value #THREAD_PREFIX}{@code *} that did not exist before the test, and (c) a file the
 * test opened and left open: a descriptor in {@code /proc/self/fd} (Linux) pointing to a file or
 * directory that was not open under that number before the test (the JVM's own files, pipes and
 * sockets do not count). New threads get a grace period to finish stopping (all together, {@value
 * #DEFAULT_GRACE_MILLIS} ms by default, set with the JUnit configuration parameter or system
 * property {@value #GRACE_MILLIS_KEY}); the descriptor check runs after it and after leaked
 * channels were closed, and, when it finds something, looks again during a second grace period,
 * since nothing signals a descriptor's close.
 *
 * <p>Registered for every test by JUnit's extension autodetection (the testkit jar declares it as a
 * service; the build turns autodetection on); {@code @ExtendWith(LeakCheckExtension.class)} works
 * too, and the suites of this package carry it for projects without autodetection. The extension
 * also resolves test and {@code @BeforeEach} parameters of type {@link ChannelTracker}, one tracker
 * per test. Leaked channels are closed by the check; threads and other descriptors are left alone.
 * A test that leaves something on purpose turns the one check off with {@link LeakCheck}.
 */
public final class LeakCheckExtension
    implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

  /** The name prefix of the threads MixChannel starts, which must not outlive a test. */
  public static final String THREAD_PREFIX = "mixchannel-";

  /** The configuration parameter for the grace period, in milliseconds. */
  public static final String GRACE_MILLIS_KEY = "mixchannel.leakcheck.graceMillis";

  /** The default grace period for new threads to stop, in milliseconds. */
  public static final long DEFAULT_GRACE_MILLIS = 5_000;

  /** How often the descriptor check looks again during its grace period. */
  private static final long FD_RECHECK_MILLIS = 50;

  private static final String THREADS_KEY = "threads";
  private static final String FILES_KEY = "files";
  private static final String TRACKER_KEY = "tracker";

  /** Creates the extension; JUnit does this for {@code @ExtendWith}. */
  public LeakCheckExtension() {}

  @Override
  public void beforeEach(ExtensionContext context) {
    Checks checks = checks(context);
    ExtensionContext.Store store = store(context);
    if (checks.threads()) {
      store.put(THREADS_KEY, new ThreadSnapshot(liveMixChannelThreads()));
    }
    if (checks.fileDescriptors()) {
      store.put(FILES_KEY, new FileSnapshot(OpenFiles.snapshot()));
    }
  }

  @Override
  public void afterEach(ExtensionContext context) throws InterruptedException {
    Checks checks = checks(context);
    ExtensionContext.Store store = store(context);
    List<String> problems = new ArrayList<>();
    AssertionError channelLeaks = null;
    ChannelTracker tracker = store.get(TRACKER_KEY, ChannelTracker.class);
    if (tracker != null) {
      // Closed whether or not the check is on: a leaked channel must not disturb the next test.
      channelLeaks = tracker.closeLeaks();
      if (channelLeaks != null && checks.channels()) {
        problems.add(channelLeaks.getMessage());
      }
    }
    long graceMillis = graceMillis(context);
    ThreadSnapshot threadsBefore = store.get(THREADS_KEY, ThreadSnapshot.class);
    if (threadsBefore != null) {
      List<Thread> stillAlive = awaitNewThreads(threadsBefore.threads(), graceMillis);
      if (!stillAlive.isEmpty()) {
        StringBuilder sb = new StringBuilder("thread leak: count=" + stillAlive.size());
        for (Thread t : stillAlive) {
          sb.append("\n  ").append(t.getName()).append(" state=").append(t.getState());
        }
        problems.add(sb.toString());
      }
    }
    FileSnapshot filesBefore = store.get(FILES_KEY, FileSnapshot.class);
    if (filesBefore != null) {
      Map<String, String> opened = awaitOpenedFiles(filesBefore.files(), graceMillis);
      if (!opened.isEmpty()) {
        StringBuilder sb = new StringBuilder("file descriptor leak: count=" + opened.size());
        opened.entrySet().stream()
            .sorted(Map.Entry.comparingByValue())
            .forEach(e -> sb.append("\n  fd=").append(e.getKey()).append(' ').append(e.getValue()));
        problems.add(sb.toString());
      }
    }
    if (!problems.isEmpty()) {
      AssertionError error = new AssertionError(String.join("\n", problems));
      if (channelLeaks != null && checks.channels()) {
        for (Throwable openedAt : channelLeaks.getSuppressed()) {
          error.addSuppressed(openedAt);
        }
      }
      throw error;
    }
  }

  private static List<Thread> awaitNewThreads(Set<Thread> before, long graceMillis)
      throws InterruptedException {
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

  /**
   * The files opened since {@code before} that stay open for the grace period. The common case,
   * nothing opened, costs one listing; only an apparent leak waits, for a thread of the test that
   * is closing its file right now.
   */
  private static Map<String, String> awaitOpenedFiles(Map<String, String> before, long graceMillis)
      throws InterruptedException {
    long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
    Map<String, String> opened = OpenFiles.openedSince(before);
    while (!opened.isEmpty() && System.nanoTime() < deadlineNanos) {
      Thread.sleep(FD_RECHECK_MILLIS);
      opened = OpenFiles.openedSince(before);
    }
    return opened;
  }

  private static long graceMillis(ExtensionContext context) {
    return context
        .getConfigurationParameter(GRACE_MILLIS_KEY)
        .map(LeakCheckExtension::parseGraceMillis)
        .orElse(DEFAULT_GRACE_MILLIS);
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

  /**
   * The checks that apply: the nearest {@link LeakCheck} of the method, its class and the classes
   * it runs nested in (from the context's parents: a {@code @Nested} class of an abstract suite
   * runs inside the concrete subclass).
   */
  private static Checks checks(ExtensionContext context) {
    Optional<LeakCheck> annotation =
        context.getTestMethod().flatMap(m -> AnnotationSupport.findAnnotation(m, LeakCheck.class));
    for (ExtensionContext c = context;
        annotation.isEmpty() && c != null;
        c = c.getParent().orElse(null)) {
      annotation =
          c.getTestClass().flatMap(t -> AnnotationSupport.findAnnotation(t, LeakCheck.class));
    }
    return annotation
        .map(a -> new Checks(a.threads(), a.channels(), a.fileDescriptors()))
        .orElse(new Checks(true, true, true));
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

  /** Which checks are on for a test. */
  private record Checks(boolean threads, boolean channels, boolean fileDescriptors) {}

  /** The {@value #THREAD_PREFIX} threads alive before a test. */
  private record ThreadSnapshot(Set<Thread> threads) {}

  /** The files open before a test. */
  private record FileSnapshot(Map<String, String> files) {}

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(
        ExtensionContext.Namespace.create(LeakCheckExtension.class, context.getUniqueId()));
  }
}
