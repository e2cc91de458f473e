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

import dev.mixchannel.common.DaemonThreads;
import dev.mixchannel.common.Failures;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The manager's threads for calls on backing channels that no caller's interrupt may reach (see
 * {@link InterruptGuard}): {@code mixchannel-io-<n>}, started on first use, ended when idle or when
 * the manager closes. Nothing interrupts them: a call blocked in one (a lock another process holds)
 * ends when its channel is closed. Thread-safe.
 */
final class IoRunner implements AutoCloseable {
  private static final long IDLE_SECONDS = 10;
  private static final long CLOSE_WAIT_SECONDS = 10;

  private final ThreadPoolExecutor threads =
      new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          IDLE_SECONDS,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          new DaemonThreads("io"));

  /**
   * Runs a call on a runner thread and waits for it without giving up on an interrupt (the call is
   * short: a read, a write, a size); an interrupt received meanwhile is left set.
   *
   * @return the call's result
   * @throws IOException what the call threw, or {@link ClosedChannelException} once closed
   */
  <T> T call(Callable<T> call) throws IOException {
    FutureTask<T> task = new FutureTask<>(call);
    start(task);
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          throw rethrow(e.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Starts a task that may wait long (a blocking lock) on a runner thread.
   *
   * @throws ClosedChannelException once the runner is closed
   */
  void start(Runnable task) throws ClosedChannelException {
    try {
      threads.execute(task);
    } catch (RejectedExecutionException e) {
      ClosedChannelException closed = new ClosedChannelException();
      closed.initCause(e);
      throw closed;
    }
  }

  /** What a call on another thread threw, as this thread throws it. */
  static IOException rethrow(Throwable cause) {
    return Failures.rethrow(cause, "backing call failed");
  }

  /**
   * Stops taking calls and waits for the running ones (the manager closed their channels first).
   *
   * @throws IOException when a thread is still running after the wait
   */
  @Override
  public void close() throws IOException {
    threads.shutdown();
    boolean interrupted = false;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
    try {
      while (!threads.isTerminated()) {
        try {
          if (!threads.awaitTermination(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
            throw new IOException(
                "backing calls still running after "
                    + CLOSE_WAIT_SECONDS
                    + " s: threads="
                    + threads.getActiveCount());
          }
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
