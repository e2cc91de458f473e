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
