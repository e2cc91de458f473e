package dev.mixchannel.testkit;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Enables a class only inside a self-check launched by {@link SuiteSelfCheckTest}, so that the
 * deliberately failing classes never run on their own.
 */
final class SelfCheckOnly implements ExecutionCondition {

  static final String KEY = "mixchannel.testkit.selfcheck";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    boolean enabled =
        context.getConfigurationParameter(KEY).map(Boolean::parseBoolean).orElse(false);
    return enabled
        ? ConditionEvaluationResult.enabled("self-check run")
        : ConditionEvaluationResult.disabled("runs only inside SuiteSelfCheckTest");
  }
}
