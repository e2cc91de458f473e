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
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs {@link PolicyAgent#doWork()} every interval on thread {@code mixchannel-policy-1}. */
final class PolicyRunner implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PolicyRunner.class);

  private final ScheduledThreadPoolExecutor scheduler;

  /**
   * Starts the runner.
   *
   * @param agent the agent
   * @param intervalMillis the delay between two rounds
   */
  public PolicyRunner(PolicyAgent agent, long intervalMillis) {
    this.scheduler = new ScheduledThreadPoolExecutor(1, new DaemonThreads("policy"));
    scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    scheduler.scheduleWithFixedDelay(
        agent::doWork, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
  }

  /** Stops the runner, waiting for a round in progress. Idempotent. */
  @Override
  public void close() {
    scheduler.shutdown();
    try {
      if (!scheduler.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.warn("policy runner did not stop in 10 s");
        scheduler.shutdownNow();
      }
    } catch (InterruptedException e) {
      scheduler.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
