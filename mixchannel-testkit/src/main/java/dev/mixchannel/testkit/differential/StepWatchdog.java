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
package dev.mixchannel.testkit.differential;

import dev.mixchannel.common.Failures;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a session's steps on a thread of their own and notices a step that does not return within
 * the step timeout (a deadlock, or a call blocked for good), so that it fails the run with its seed
 * and prefix instead of hanging the build. The steps report their progress (a volatile write each);
 * the waiting thread wakes when the script ends or when the step in flight reaches its deadline,
 * never in between. A hung step's thread is left behind: nothing can unblock it for sure.
 */
final class StepWatchdog {

  private final long timeoutNanos;
  private volatile Progress progress = new Progress(0, 0, "start", System.nanoTime(), null);
  private volatile boolean abandoned;

  StepWatchdog(Duration timeout) {
    this.timeoutNanos = timeout.toNanos();
  }

  Duration timeout() {
    return Duration.ofNanos(timeoutNanos);
  }

  /**
   * Marks the start of a step (or of a byte comparison); {@code what} is described only if it
   * hangs.
   *
   * @throws IllegalStateException when the run was abandoned after a hang, to stop its thread
   */
  void begin(int stepIndex, int opIndex, Object what) {
    if (abandoned) {
      throw new IllegalStateException("run abandoned after a hung step");
    }
    progress = new Progress(stepIndex, opIndex, what, System.nanoTime(), null);
  }

  /** Records the JDK's outcome of the step in flight, to report if the other side hangs. */
  void expected(Outcome outcome) {
    Progress p = progress;
    progress = new Progress(p.stepIndex(), p.opIndex(), p.what(), p.startNanos(), outcome);
  }

  /** Whether a step hung and the run was given up. */
  boolean abandoned() {
    return abandoned;
  }

  /**
   * Runs {@code steps} on a new daemon thread and returns its result, or the divergence of a step
   * that did not return in time.
   */
  Divergence run(Callable<Divergence> steps, String threadName) throws IOException {
    FutureTask<Divergence> task = new FutureTask<>(steps);
    Thread worker = new Thread(task, threadName);
    worker.setDaemon(true);
    progress = new Progress(0, 0, "start", System.nanoTime(), null);
    worker.start();
    while (true) {
      Progress p = progress;
      long waitNanos = p.startNanos() + timeoutNanos - System.nanoTime();
      try {
        if (waitNanos > 0) {
          return task.get(waitNanos, TimeUnit.NANOSECONDS);
        }
        if (task.isDone()) {
          return task.get();
        }
        if (progress == p) {
          abandoned = true;
          return hung(p, worker);
        }
      } catch (TimeoutException e) {
        // The deadline of the step that was in flight passed; look at the step in flight now.
      } catch (ExecutionException e) {
        throw Failures.rethrow(e.getCause(), "differential run failed");
      } catch (InterruptedException e) {
        abandoned = true;
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted waiting for the differential run");
      }
    }
  }

  private Divergence hung(Progress p, Thread worker) {
    long seconds = TimeUnit.NANOSECONDS.toSeconds(timeoutNanos);
    StepHungException error =
        new StepHungException(
            "step did not return within "
                + seconds
                + " s: thread="
                + worker.getName()
                + ", state="
                + worker.getState()
                + " (a deadlock or a call blocked for good; this is that thread's stack)");
    error.setStackTrace(worker.getStackTrace());
    Outcome expected =
        p.expected() != null
            ? p.expected()
            : new Outcome("(the JDK side did not return either)", "", null);
    Outcome actual = new Outcome("hung: no return within " + seconds + " s", "", error);
    return new Divergence(p.stepIndex(), p.opIndex(), String.valueOf(p.what()), expected, actual);
  }

  /** The step in flight, when it started, and the JDK's outcome of it once known. */
  private record Progress(
      int stepIndex, int opIndex, Object what, long startNanos, Outcome expected) {}
}
