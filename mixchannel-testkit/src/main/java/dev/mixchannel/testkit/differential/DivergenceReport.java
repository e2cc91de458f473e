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

import java.util.List;
import java.util.Set;

/** Formats a differential failure so it can be read and replayed. */
final class DivergenceReport {

  /** Prefixes longer than this are shown by their last steps only. */
  private static final int MAX_LISTED_STEPS = 200;

  /** The top frames of a hung thread shown in the report. */
  private static final int HUNG_FRAMES = 12;

  private DivergenceReport() {}

  /**
   * What ran.
   *
   * @param seed the seed
   * @param opCount the number of steps generated
   * @param implementation the factory under test
   * @param excluded the kinds of step not generated
   */
  record Run(long seed, int opCount, String implementation, Set<OpGenerator.Kind> excluded) {}

  static String format(
      Run run,
      Divergence first,
      List<DiffSession.Step> prefix,
      int prefixRuns,
      List<DiffSession.Step> minimized,
      Divergence minimizedDivergence,
      int minimizeRuns) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            "FileChannel differs from the JDK: seed=0x%x, op=#%d of %d (%s)%n",
            run.seed(), first.opIndex(), run.opCount(), run.implementation()));
    appendDivergence(sb, first);
    sb.append(
        String.format(
            "shortest failing prefix: %d ops (found by %d re-runs from scratch)%n",
            prefix.size(), prefixRuns));
    appendSteps(sb, prefix);
    if (DifferentialCheck.hung(first) || DifferentialCheck.hung(minimizedDivergence)) {
      sb.append(
          "not minimized: a step hung, and each re-run that hangs leaves its threads behind\n");
      if (minimizedDivergence != first) {
        appendDivergence(sb, minimizedDivergence);
      }
    } else {
      sb.append(
          String.format(
              "minimized: %d ops still diverge (steps removed by %d re-runs)%n",
              minimized.size(), minimizeRuns));
      appendSteps(sb, minimized);
      appendDivergence(sb, minimizedDivergence);
    }
    sb.append(
        String.format(
            "replay: -D%s=0x%x -D%s=%d",
            DifferentialSeeds.SEED_KEY, run.seed(), DifferentialSeeds.OPS_KEY, run.opCount()));
    if (!run.excluded().isEmpty()) {
      sb.append(" -D").append(DifferentialSeeds.EXCLUDE_KEY).append('=');
      sb.append(String.join(",", run.excluded().stream().map(Enum::name).toList()));
    }
    sb.append('\n');
    return sb.toString();
  }

  private static void appendDivergence(StringBuilder sb, Divergence d) {
    sb.append("  at:       #").append(d.opIndex()).append(' ').append(d.what()).append('\n');
    sb.append("  JDK:      ").append(d.expected()).append('\n');
    sb.append("  actual:   ").append(d.actual()).append('\n');
    Throwable error = d.actual().error();
    if (error instanceof StepHungException) {
      sb.append("  hung:     ").append(error.getMessage()).append('\n');
      StackTraceElement[] frames = error.getStackTrace();
      for (int i = 0; i < Math.min(frames.length, HUNG_FRAMES); i++) {
        sb.append("      at ").append(frames[i]).append('\n');
      }
      sb.append("      ... (the whole stack is the cause of this error)\n");
    } else if (error != null) {
      sb.append("  actual threw: ").append(error).append('\n');
    }
  }

  private static void appendSteps(StringBuilder sb, List<DiffSession.Step> steps) {
    int from = 0;
    if (steps.size() > MAX_LISTED_STEPS) {
      from = steps.size() - MAX_LISTED_STEPS;
      sb.append("    ... ").append(from).append(" earlier ops, see the replay line\n");
    }
    for (DiffSession.Step step : steps.subList(from, steps.size())) {
      sb.append(String.format("    #%-6d %s%n", step.index(), step.op()));
    }
  }
}
