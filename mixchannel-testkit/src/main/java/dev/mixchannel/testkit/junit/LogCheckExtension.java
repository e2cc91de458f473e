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

import dev.mixchannel.testkit.junit.internal.LogRecorder;
import dev.mixchannel.testkit.junit.internal.LoggedEvent;
import dev.mixchannel.testkit.junit.internal.RecordingLoggerFactory;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * Fails a test that logs an unexpected WARN or ERROR event through SLF4J. Tests that provoke one on
 * purpose declare it with {@link ExpectedLog}.
 *
 * <p>The events come from the testkit's SLF4J provider, which wraps the real backend (it still
 * prints them) and is selected with the system property {@code
 * slf4j.provider=dev.mixchannel.testkit.junit.internal.RecordingServiceProvider}; this project's
 * build sets it for every module's tests. Without it the extension checks nothing.
 *
 * <p>Attribution: a window is open for each test class (from before its {@code BeforeAll} methods
 * to after its {@code AfterAll} methods) and for each test (from before its {@code BeforeEach}
 * methods to after its {@code AfterEach} methods, and after {@link LeakCheckExtension} has waited
 * for the test's threads to stop). An event, from whatever thread, belongs to the innermost window
 * open when it is logged: the running test, else the running class; with no class running it is
 * ignored. A thread that outlives its test and logs later is therefore charged to the test or class
 * running then. A class's window fails the class (its container) with the events logged outside its
 * tests, checked against the class's declarations only. Tests run one at a time (this project does
 * not run them in parallel); with parallel execution events would be charged to whichever window
 * opened last.
 *
 * <p>Registered for every test by JUnit's extension autodetection (the testkit jar declares it as a
 * service); {@code @ExtendWith(LogCheckExtension.class)} works too.
 */
public final class LogCheckExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

  private static final String WINDOW_KEY = "window";

  /** How many unexpected events a failure lists (the backend printed them all). */
  private static final int MAX_LISTED = 20;

  /** Creates the extension; JUnit does this. */
  public LogCheckExtension() {}

  @Override
  public void beforeAll(ExtensionContext context) {
    open(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    open(context);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    check(context, expectations(context, context.getTestMethod()));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    check(context, expectations(context, Optional.empty()));
  }

  private static void open(ExtensionContext context) {
    LogRecorder recorder = recorder();
    if (recorder != null) {
      store(context).put(WINDOW_KEY, recorder.open(context.getUniqueId()));
    }
  }

  private static void check(ExtensionContext context, List<ExpectedLog> expected) {
    LogRecorder recorder = recorder();
    LogRecorder.Window window = store(context).remove(WINDOW_KEY, LogRecorder.Window.class);
    if (recorder == null || window == null) {
      return;
    }
    List<LoggedEvent> unexpected = new ArrayList<>();
    for (LoggedEvent event : recorder.close(window)) {
      if (expected.stream().noneMatch(e -> matches(e, event))) {
        unexpected.add(event);
      }
    }
    if (unexpected.isEmpty()) {
      return;
    }
    StringBuilder sb =
        new StringBuilder("unexpected log: count=").append(unexpected.size()).append(" (");
    sb.append(describe(context)).append(')');
    unexpected.stream()
        .limit(MAX_LISTED)
        .forEach(event -> sb.append("\n  ").append(event.describe()));
    if (unexpected.size() > MAX_LISTED) {
      sb.append("\n  ... ").append(unexpected.size() - MAX_LISTED).append(" more");
    }
    LoggedEvent first = unexpected.get(0);
    sb.append("\nA test that provokes it on purpose declares it: @ExpectedLog(logger = \"")
        .append(first.logger())
        .append("\", level = ")
        .append(first.level())
        .append(", contains = \"...\")");
    AssertionError error = new AssertionError(sb.toString());
    unexpected.stream()
        .map(LoggedEvent::throwable)
        .filter(t -> t != null)
        .distinct()
        .limit(5)
        .forEach(error::addSuppressed);
    throw error;
  }

  /** The test as {@code Class.method display name}, or the class. */
  private static String describe(ExtensionContext context) {
    String type = context.getTestClass().map(Class::getSimpleName).orElse("");
    return context
        .getTestMethod()
        .map(m -> type + "." + m.getName() + " " + context.getDisplayName())
        .orElse(type);
  }

  /** Matches on level, logger (or a parent of it) and message fragment. */
  private static boolean matches(ExpectedLog expected, LoggedEvent event) {
    String logger = expected.logger();
    boolean loggerMatches =
        event.logger().equals(logger) || event.logger().startsWith(logger + ".");
    return expected.level() == event.level()
        && loggerMatches
        && event.message().contains(expected.contains());
  }

  /**
   * The method's declarations, its class's and those of the classes it is nested in. The classes
   * come from the context's parents, not from {@link Class#getEnclosingClass()}: a {@code @Nested}
   * class of an abstract suite runs inside the concrete subclass, which carries the declarations.
   */
  private static List<ExpectedLog> expectations(
      ExtensionContext context, Optional<? extends AnnotatedElement> method) {
    List<ExpectedLog> result = new ArrayList<>();
    method.ifPresent(m -> result.addAll(find(m)));
    for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
      if (c.getTestMethod().isEmpty()) {
        c.getTestClass().ifPresent(type -> result.addAll(find(type)));
      }
    }
    return result;
  }

  private static List<ExpectedLog> find(AnnotatedElement element) {
    return AnnotationSupport.findRepeatableAnnotations(element, ExpectedLog.class);
  }

  private static LogRecorder recorder() {
    ILoggerFactory factory = LoggerFactory.getILoggerFactory();
    return factory instanceof RecordingLoggerFactory recording ? recording.recorder() : null;
  }

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(
        ExtensionContext.Namespace.create(LogCheckExtension.class, context.getUniqueId()));
  }
}
