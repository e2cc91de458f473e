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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.common.DaemonThreads;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The adapter's periodic sweep: {@link #doWork()} is one pass (tests call it directly), {@link
 * #start} runs passes every interval on thread {@code mixchannel-kafka-sweep-1}, which {@link
 * #close()} stops. Thread-safe.
 */
final class SweepAgent implements AutoCloseable {
  private final Runnable pass;
  private ScheduledExecutorService runner;

  SweepAgent(Runnable pass) {
    this.pass = pass;
  }

  /** Runs one pass in the calling thread. */
  void doWork() {
    pass.run();
  }

  /** Runs a pass every {@code intervalMillis} on a daemon thread of its own. */
  synchronized void start(long intervalMillis) {
    if (runner != null) {
      return;
    }
    runner = Executors.newSingleThreadScheduledExecutor(new DaemonThreads("kafka-sweep"));
    runner.scheduleWithFixedDelay(
        this::doWork, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
  }

  /** Stops the thread, waiting (bounded) for a pass in progress. Idempotent. */
  @Override
  public void close() {
    ScheduledExecutorService r;
    synchronized (this) {
      r = runner;
      runner = null;
    }
    if (r == null) {
      return;
    }
    r.shutdownNow();
    try {
      r.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
