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

import java.util.ArrayList;
import java.util.List;

/**
 * Collects WARN and ERROR events into capture windows. A window is opened for a test class and for
 * each test (and for tests of a nested launcher run inside a test); an event goes to the innermost
 * window open at the moment it is logged, whatever thread logs it, and is dropped when no window is
 * open. So an event from a thread that outlives its test is counted against the test or class that
 * is running when it is logged: tests run one at a time in a JVM, and the leak check makes {@code
 * mixchannel-*} threads stop before their test ends. Safe for use by many threads.
 */
public final class LogRecorder {

  private final List<Window> open = new ArrayList<>();

  /** Creates a recorder with no window open. */
  public LogRecorder() {}

  /**
   * Opens a window, which becomes the innermost.
   *
   * @param owner what the window is for (a JUnit unique id), for debugging
   * @return the window; pass it to {@link #close}
   */
  public synchronized Window open(String owner) {
    Window window = new Window(owner);
    open.add(window);
    return window;
  }

  /**
   * Closes a window, wherever it is among the open ones, and returns what it collected.
   *
   * @param window a window from {@link #open}; closing it twice returns nothing the second time
   * @return the events, in the order they were logged
   */
  public synchronized List<LoggedEvent> close(Window window) {
    if (!open.remove(window)) {
      return List.of();
    }
    return List.copyOf(window.events);
  }

  /**
   * Records an event into the innermost open window, or drops it when none is open.
   *
   * @param event the event
   */
  public synchronized void record(LoggedEvent event) {
    if (!open.isEmpty()) {
      open.get(open.size() - 1).events.add(event);
    }
  }

  /** A capture window; its events are read through {@link LogRecorder#close}. */
  public static final class Window {
    private final String owner;
    private final List<LoggedEvent> events = new ArrayList<>();

    private Window(String owner) {
      this.owner = owner;
    }

    @Override
    public String toString() {
      return "Window[" + owner + "]";
    }
  }
}
