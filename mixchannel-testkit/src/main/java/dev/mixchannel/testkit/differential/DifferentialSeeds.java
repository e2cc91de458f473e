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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * One test invocation per seed. By default the fixed {@link #SEEDS} share {@value #OPS_KEY} steps
 * (default {@value #DEFAULT_OPS}); with {@value #SEED_KEY} set, that one seed runs {@value
 * #OPS_KEY} steps alone; with {@value #SECONDS_KEY} set, one long run goes through the seeds from
 * the first fixed one on, each with its share of {@value #OPS_KEY} steps, until that many seconds
 * have passed. A step that takes longer than {@value #STEP_TIMEOUT_KEY} (default {@value
 * #DEFAULT_STEP_TIMEOUT_SECONDS}) counts as hung. {@value #EXCLUDE_KEY} names kinds of step (see
 * {@link OpGenerator.Kind}) never to generate, to look past one known defect at the next. All are
 * read as JUnit configuration parameters, which fall back to system properties.
 */
final class DifferentialSeeds implements TestTemplateInvocationContextProvider {

  static final String OPS_KEY = "mixchannel.differential.ops";
  static final String SEED_KEY = "mixchannel.differential.seed";
  static final String STEP_TIMEOUT_KEY = "mixchannel.differential.stepTimeoutSeconds";
  static final String EXCLUDE_KEY = "mixchannel.differential.excludeSteps";
  static final String SECONDS_KEY = "mixchannel.differential.seconds";
  static final int DEFAULT_OPS = 100_000;
  static final int DEFAULT_STEP_TIMEOUT_SECONDS = 10;

  /** Fixed, so that every CI run checks the same sequences. */
  static final long[] SEEDS = {0x5eed0001L, 0x5eed0002L, 0x5eed0003L, 0x5eed0004L};

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return true;
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    int ops =
        context
            .getConfigurationParameter(OPS_KEY)
            .map(v -> parsePositive(OPS_KEY, v))
            .orElse(DEFAULT_OPS);
    Duration stepTimeout =
        Duration.ofSeconds(
            context
                .getConfigurationParameter(STEP_TIMEOUT_KEY)
                .map(v -> parsePositive(STEP_TIMEOUT_KEY, v))
                .orElse(DEFAULT_STEP_TIMEOUT_SECONDS));
    Set<OpGenerator.Kind> excluded =
        context
            .getConfigurationParameter(EXCLUDE_KEY)
            .map(DifferentialSeeds::parseKinds)
            .orElse(Set.of());
    Duration duration =
        Duration.ofSeconds(
            context
                .getConfigurationParameter(SECONDS_KEY)
                .map(v -> parsePositive(SECONDS_KEY, v))
                .orElse(0));
    Optional<String> replay = context.getConfigurationParameter(SEED_KEY);
    int perSeed = Math.max(1, (ops + SEEDS.length - 1) / SEEDS.length);
    List<TestTemplateInvocationContext> invocations = new ArrayList<>();
    if (replay.isPresent()) {
      invocations.add(
          new Invocation(
              new DifferentialSeed(
                  parseSeed(replay.get()), ops, stepTimeout, excluded, Duration.ZERO)));
    } else if (!duration.isZero()) {
      invocations.add(
          new Invocation(new DifferentialSeed(SEEDS[0], perSeed, stepTimeout, excluded, duration)));
    } else {
      for (long seed : SEEDS) {
        invocations.add(
            new Invocation(
                new DifferentialSeed(seed, perSeed, stepTimeout, excluded, Duration.ZERO)));
      }
    }
    return invocations.stream();
  }

  private static int parsePositive(String key, String value) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      throw invalid(key, value, "a positive int", e);
    }
    throw invalid(key, value, "a positive int", null);
  }

  private static Set<OpGenerator.Kind> parseKinds(String value) {
    Set<OpGenerator.Kind> kinds = EnumSet.noneOf(OpGenerator.Kind.class);
    for (String name : value.split(",")) {
      if (name.isBlank()) {
        continue;
      }
      try {
        kinds.add(OpGenerator.Kind.valueOf(name.trim()));
      } catch (IllegalArgumentException e) {
        throw invalid(
            EXCLUDE_KEY,
            value,
            "step kinds separated by commas, of " + Arrays.toString(OpGenerator.Kind.values()),
            e);
      }
    }
    return kinds;
  }

  private static long parseSeed(String value) {
    try {
      return Long.decode(value.trim());
    } catch (NumberFormatException e) {
      throw invalid(SEED_KEY, value, "a long such as 0x5eed0001", e);
    }
  }

  private static IllegalArgumentException invalid(
      String key, String value, String expected, Exception cause) {
    return new IllegalArgumentException(
        "invalid configuration: key=" + key + ", value='" + value + "', expected " + expected,
        cause);
  }

  /**
   * The seed and step count one invocation runs.
   *
   * @param seed the seed of the script
   * @param ops the number of steps
   * @param stepTimeout how long one step may take before it counts as hung
   * @param excluded the kinds of step never generated
   * @param duration for a long run, how long to go on with the next seeds; else zero
   */
  record DifferentialSeed(
      long seed,
      int ops,
      Duration stepTimeout,
      Set<OpGenerator.Kind> excluded,
      Duration duration) {}

  private record Invocation(DifferentialSeed seed) implements TestTemplateInvocationContext {
    @Override
    public String getDisplayName(int invocationIndex) {
      return seed.duration().isZero()
          ? String.format("seed=0x%x, ops=%d", seed.seed(), seed.ops())
          : String.format(
              "seeds from 0x%x, ops=%d each, for %d s",
              seed.seed(), seed.ops(), seed.duration().toSeconds());
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
      return List.of(
          new ParameterResolver() {
            @Override
            public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
              return p.getParameter().getType() == DifferentialSeed.class;
            }

            @Override
            public Object resolveParameter(ParameterContext p, ExtensionContext c) {
              return seed;
            }
          });
    }
  }
}
