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
package dev.mixchannel.tiering.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps one key's file locks held whatever its handles' threads are interrupted with. A JDK file
 * channel closes itself when a thread in one of its calls is interrupted, and POSIX drops every
 * lock the process holds on a file when any descriptor of it is closed: so while the key holds a
 * file lock (or one is being taken), the calls on its backing channel run on the manager's {@link
 * IoRunner}, whose threads no caller can interrupt ({@link Backing#channel()} then hands out a
 * {@link GuardedChannel}). Without locks the calls run in the caller's thread, at full speed; an
 * interrupt may then close the backing channel, which {@link KeyIo} reopens for the other handles.
 *
 * <p>A hold is taken, under the key's exclusive side, before a lock is asked of the tier (so that
 * no call of another handle is then in flight on the backing channel in a caller's thread), and
 * given back when the lock is released or invalidated, or was never granted. Thread-safe.
 */
final class InterruptGuard {
  private final AtomicInteger holds = new AtomicInteger();
  private volatile IoRunner runner;

  /** Whether the key's backing calls must run on the runner. One volatile read: the hot path. */
  boolean active() {
    return holds.get() > 0;
  }

  /**
   * Takes a hold. The caller holds the key's exclusive side.
   *
   * @param ioRunner the manager's runner
   */
  void hold(IoRunner ioRunner) {
    runner = ioRunner;
    holds.incrementAndGet();
  }

  /** Gives a hold back. */
  void release() {
    if (holds.decrementAndGet() < 0) {
      holds.incrementAndGet();
      throw new IllegalStateException("interrupt guard released more often than held");
    }
  }

  /** The runner, once a hold was taken. */
  IoRunner runner() {
    return runner;
  }
}
