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
package dev.mixchannel.benchmarks;

import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** The JMH settings of a suite run: quick (one fork, short iterations) or full. */
enum SuiteProfile {
  /** {@code -f 1 -wi 1 -i 3 -w 1s -r 1s}: under 15 minutes on 2 cores with the burst scenario. */
  QUICK(1, 1, 3, 1, 1),
  /** {@code -f 2 -wi 2 -i 5 -w 2s -r 2s}: about an hour on 2 cores. */
  FULL(2, 2, 5, 2, 2);

  private final int forks;
  private final int warmupIterations;
  private final int iterations;
  private final int warmupSeconds;
  private final int iterationSeconds;

  SuiteProfile(
      int forks, int warmupIterations, int iterations, int warmupSeconds, int iterationSeconds) {
    this.forks = forks;
    this.warmupIterations = warmupIterations;
    this.iterations = iterations;
    this.warmupSeconds = warmupSeconds;
    this.iterationSeconds = iterationSeconds;
  }

  ChainedOptionsBuilder apply(ChainedOptionsBuilder options) {
    return options
        .forks(forks)
        .warmupIterations(warmupIterations)
        .measurementIterations(iterations)
        .warmupTime(TimeValue.seconds(warmupSeconds))
        .measurementTime(TimeValue.seconds(iterationSeconds));
  }

  String jmhArgs() {
    return String.format(
        "-f %d -wi %d -i %d -w %ds -r %ds",
        forks, warmupIterations, iterations, warmupSeconds, iterationSeconds);
  }
}
