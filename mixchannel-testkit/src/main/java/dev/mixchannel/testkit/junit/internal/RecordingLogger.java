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
package dev.mixchannel.testkit.junit.internal;

import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/**
 * A logger that passes every call to the backend's logger of the same name, and records WARN and
 * ERROR events (those the backend has enabled) in a {@link LogRecorder}. Safe for use by many
 * threads, as the backend's logger is.
 */
final class RecordingLogger extends LegacyAbstractLogger {

  private static final long serialVersionUID = 1L;

  private final transient Logger delegate;
  private final transient LogRecorder recorder;

  RecordingLogger(Logger delegate, LogRecorder recorder) {
    this.name = delegate.getName();
    this.delegate = delegate;
    this.recorder = recorder;
  }

  @Override
  public boolean isTraceEnabled() {
    return delegate.isTraceEnabled();
  }

  @Override
  public boolean isDebugEnabled() {
    return delegate.isDebugEnabled();
  }

  @Override
  public boolean isInfoEnabled() {
    return delegate.isInfoEnabled();
  }

  @Override
  public boolean isWarnEnabled() {
    return delegate.isWarnEnabled();
  }

  @Override
  public boolean isErrorEnabled() {
    return delegate.isErrorEnabled();
  }

  @Override
  protected String getFullyQualifiedCallerName() {
    return null;
  }

  @Override
  protected void handleNormalizedLoggingCall(
      Level level, Marker marker, String pattern, Object[] args, Throwable throwable) {
    if (level == Level.WARN || level == Level.ERROR) {
      String message = MessageFormatter.basicArrayFormat(pattern, args);
      recorder.record(
          new LoggedEvent(name, level, message, Thread.currentThread().getName(), throwable));
    }
    forward(level, marker, pattern, withThrowable(args, throwable));
  }

  /** The arguments with the throwable last, where the backend's varargs methods look for it. */
  private static Object[] withThrowable(Object[] args, Throwable throwable) {
    Object[] base = args == null ? new Object[0] : args;
    if (throwable == null) {
      return base;
    }
    Object[] all = Arrays.copyOf(base, base.length + 1);
    all[base.length] = throwable;
    return all;
  }

  private void forward(Level level, Marker marker, String pattern, Object[] args) {
    switch (level) {
      case ERROR -> forward(marker, pattern, args, delegate::error, delegate::error);
      case WARN -> forward(marker, pattern, args, delegate::warn, delegate::warn);
      case INFO -> forward(marker, pattern, args, delegate::info, delegate::info);
      case DEBUG -> forward(marker, pattern, args, delegate::debug, delegate::debug);
      case TRACE -> forward(marker, pattern, args, delegate::trace, delegate::trace);
    }
  }

  /** Calls the level's method of the backend's logger with the marker, or without when none. */
  private static void forward(
      Marker marker, String pattern, Object[] args, Unmarked unmarked, Marked marked) {
    if (marker == null) {
      unmarked.log(pattern, args);
    } else {
      marked.log(marker, pattern, args);
    }
  }

  /** A backend logger's varargs method of one level, such as {@code warn(String, Object...)}. */
  @FunctionalInterface
  private interface Unmarked {
    void log(String pattern, Object... args);
  }

  /** The same with a marker, such as {@code warn(Marker, String, Object...)}. */
  @FunctionalInterface
  private interface Marked {
    void log(Marker marker, String pattern, Object... args);
  }
}
