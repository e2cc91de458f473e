package dev.mixchannel.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
 * #OPS_KEY} steps alone. Both are read as JUnit configuration parameters, which fall back to system
 * properties.
 */
final class DifferentialSeeds implements TestTemplateInvocationContextProvider {

  static final String OPS_KEY = "mixchannel.differential.ops";
  static final String SEED_KEY = "mixchannel.differential.seed";
  static final int DEFAULT_OPS = 100_000;

  /** Fixed, so that every CI run checks the same sequences. */
  static final long[] SEEDS = {0x5eed0001L, 0x5eed0002L, 0x5eed0003L, 0x5eed0004L};

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return true;
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    int ops = context.getConfigurationParameter(OPS_KEY).map(v -> parseOps(v)).orElse(DEFAULT_OPS);
    Optional<String> replay = context.getConfigurationParameter(SEED_KEY);
    List<TestTemplateInvocationContext> invocations = new ArrayList<>();
    if (replay.isPresent()) {
      invocations.add(new Invocation(new DifferentialSeed(parseSeed(replay.get()), ops)));
    } else {
      int perSeed = Math.max(1, (ops + SEEDS.length - 1) / SEEDS.length);
      for (long seed : SEEDS) {
        invocations.add(new Invocation(new DifferentialSeed(seed, perSeed)));
      }
    }
    return invocations.stream();
  }

  private static int parseOps(String value) {
    try {
      int ops = Integer.parseInt(value.trim());
      if (ops >= 1) {
        return ops;
      }
    } catch (NumberFormatException e) {
      throw invalid(OPS_KEY, value, "a positive int", e);
    }
    throw invalid(OPS_KEY, value, "a positive int", null);
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
   */
  record DifferentialSeed(long seed, int ops) {}

  private record Invocation(DifferentialSeed seed) implements TestTemplateInvocationContext {
    @Override
    public String getDisplayName(int invocationIndex) {
      return String.format("seed=0x%x, ops=%d", seed.seed(), seed.ops());
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
