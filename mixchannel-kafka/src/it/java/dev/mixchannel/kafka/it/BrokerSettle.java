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
package dev.mixchannel.kafka.it;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Waits, from the outside, until a broker that has just started is quiet: its process used less
 * than 15 % of one core during the last second. A broker keeps working after its listener accepts
 * connections (JIT, log recovery, with the agent the PMem pool's pre-touch on one core), and a
 * measurement that overlaps that work measures it too.
 */
public final class BrokerSettle {

  private static final Duration WINDOW = Duration.ofSeconds(1);
  private static final Duration QUIET_CPU = WINDOW.multipliedBy(15).dividedBy(100);

  private BrokerSettle() {}

  /**
   * Waits until the broker is quiet, at most {@code maxSeconds}.
   *
   * @param broker a running broker started by this JVM
   * @param maxSeconds the bound
   * @return the seconds waited ({@code maxSeconds} or a little more when it never became quiet), or
   *     NaN when the process or its CPU time cannot be seen on this platform
   * @throws InterruptedException when interrupted
   */
  public static double seconds(KafkaBroker broker, int maxSeconds) throws InterruptedException {
    String config = broker.serverProperties().toString();
    Optional<ProcessHandle> process =
        ProcessHandle.current()
            .children()
            .filter(
                p -> p.info().arguments().map(a -> Arrays.asList(a).contains(config)).orElse(false))
            .findFirst();
    if (process.isEmpty() || process.get().info().totalCpuDuration().isEmpty()) {
      return Double.NaN;
    }
    long start = System.nanoTime();
    long deadline = start + TimeUnit.SECONDS.toNanos(maxSeconds);
    Duration before = cpu(process.get());
    while (System.nanoTime() < deadline && process.get().isAlive()) {
      Thread.sleep(WINDOW.toMillis());
      Duration now = cpu(process.get());
      if (now.minus(before).compareTo(QUIET_CPU) < 0) {
        break;
      }
      before = now;
    }
    return (System.nanoTime() - start) / 1e9;
  }

  private static Duration cpu(ProcessHandle process) {
    return process.info().totalCpuDuration().orElse(Duration.ZERO);
  }
}
