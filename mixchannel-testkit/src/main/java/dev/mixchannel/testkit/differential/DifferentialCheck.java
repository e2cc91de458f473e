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

import dev.mixchannel.testkit.channel.ChannelTracker;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs one seed's script against the JDK and the implementation and, on a divergence, shrinks the
 * script and fails with a report: first the shortest failing prefix (binary search over prefix
 * lengths, each re-run from scratch on fresh files), then, within a budget, a shorter script with
 * steps removed that still diverges. A step that hangs (see {@link StepWatchdog}) is a divergence
 * whose script is shrunk to its prefix only.
 */
final class DifferentialCheck {

  /** The full bytes are compared after every this many steps, and after the last. */
  static final int COMPARE_EVERY_STEPS = 1000;

  private static final int MAX_SHRINK_RUNS = 400;
  private static final long MAX_SHRINK_NANOS = TimeUnit.SECONDS.toNanos(30);

  private final FactoryOpener opener;
  private final ChannelTracker tracker;
  private final Path workDir;
  private final Duration stepTimeout;
  private final Set<OpGenerator.Kind> excluded;
  private int runs;

  DifferentialCheck(
      FactoryOpener opener,
      ChannelTracker tracker,
      Path workDir,
      Duration stepTimeout,
      Set<OpGenerator.Kind> excluded) {
    this.opener = opener;
    this.tracker = tracker;
    this.workDir = workDir;
    this.stepTimeout = stepTimeout;
    this.excluded = excluded;
  }

  /**
   * Runs {@code opCount} steps generated from {@code seed}.
   *
   * @throws AssertionError describing the divergence and its shrunk reproduction
   */
  void run(long seed, int opCount) throws IOException {
    byte[] noise = noise(seed);
    List<DiffSession.Step> script;
    Divergence first;
    String implementation;
    try (DiffSession session = newSession(noise)) {
      implementation = session.implementation();
      List<DiffOp> ops = new OpGenerator(seed, session.capabilities(), excluded).generate(opCount);
      script = new ArrayList<>(ops.size());
      for (int i = 0; i < ops.size(); i++) {
        script.add(new DiffSession.Step(i, ops.get(i)));
      }
      first = session.execute(script, COMPARE_EVERY_STEPS);
    }
    if (first == null) {
      return;
    }
    Shrunk shrunk = shrink(script, first, noise);
    String report =
        DivergenceReport.format(
            new DivergenceReport.Run(seed, opCount, implementation, excluded),
            first,
            shrunk.prefix(),
            shrunk.prefixRuns(),
            shrunk.minimized(),
            shrunk.minimizedDivergence(),
            shrunk.minimizeRuns());
    throw new AssertionError(report, first.actual().error());
  }

  private Shrunk shrink(List<DiffSession.Step> script, Divergence first, byte[] noise)
      throws IOException {
    long deadline = System.nanoTime() + MAX_SHRINK_NANOS;
    // Every prefix up to the last clean full comparison agreed on every step and on the bytes, so
    // the search starts after it; most divergences show on their own step, so try that first.
    int low = (first.stepIndex() / COMPARE_EVERY_STEPS) * COMPARE_EVERY_STEPS + 1;
    int high = first.stepIndex() + 1;
    Divergence atHigh = first;
    int prefixRuns = 0;
    if (high - 1 >= low) {
      Divergence withoutLast = rerun(script.subList(0, high - 1), noise);
      prefixRuns++;
      if (withoutLast == null) {
        low = high;
      } else {
        high = high - 1;
        atHigh = withoutLast;
      }
    }
    while (low < high) {
      int mid = (low + high) >>> 1;
      Divergence d = rerun(script.subList(0, mid), noise);
      prefixRuns++;
      if (d != null) {
        high = mid;
        atHigh = d;
      } else {
        low = mid + 1;
      }
    }
    List<DiffSession.Step> prefix = List.copyOf(script.subList(0, high));

    List<DiffSession.Step> current = prefix;
    Divergence currentDivergence = atHigh;
    int minimizeRuns = 0;
    if (hung(first) || hung(atHigh)) {
      // Every re-run that still hangs costs the step timeout and leaves a thread and a factory
      // behind, so a hang is reported with its shortest prefix only.
      return new Shrunk(prefix, prefixRuns, current, currentDivergence, minimizeRuns);
    }
    for (int chunk = Math.max(1, current.size() / 2); chunk >= 1; chunk /= 2) {
      for (int start = 1; start < current.size(); ) {
        if (minimizeRuns >= MAX_SHRINK_RUNS || System.nanoTime() > deadline) {
          return new Shrunk(prefix, prefixRuns, current, currentDivergence, minimizeRuns);
        }
        int end = Math.min(current.size(), start + chunk);
        List<DiffSession.Step> candidate = new ArrayList<>(current.subList(0, start));
        candidate.addAll(current.subList(end, current.size()));
        Divergence d = rerun(candidate, noise);
        minimizeRuns++;
        if (d != null) {
          current = List.copyOf(candidate.subList(0, d.stepIndex() + 1));
          currentDivergence = d;
        } else {
          start = end;
        }
      }
    }
    return new Shrunk(prefix, prefixRuns, current, currentDivergence, minimizeRuns);
  }

  static boolean hung(Divergence divergence) {
    return divergence.actual().error() instanceof StepHungException;
  }

  private Divergence rerun(List<DiffSession.Step> steps, byte[] noise) throws IOException {
    try (DiffSession session = newSession(noise)) {
      return session.execute(steps, COMPARE_EVERY_STEPS);
    }
  }

  private DiffSession newSession(byte[] noise) throws IOException {
    return new DiffSession(workDir.resolve("run-" + runs++), opener, tracker, noise, stepTimeout);
  }

  private static byte[] noise(long seed) {
    byte[] noise = new byte[ValueGenerator.NOISE_BYTES + BufferPool.MAX_REGION_BYTES];
    new Random(~seed).nextBytes(noise);
    return noise;
  }

  private record Shrunk(
      List<DiffSession.Step> prefix,
      int prefixRuns,
      List<DiffSession.Step> minimized,
      Divergence minimizedDivergence,
      int minimizeRuns) {}
}
