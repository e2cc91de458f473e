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
package dev.mixchannel.testkit.junit.internal;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestInstances;

/**
 * Passes a {@code @Nested} test class's enclosing test instance to its methods: a parameter whose
 * type an enclosing instance has receives that instance. This is how a contract group, written once
 * as an abstract class, reaches the suite that nests it (the suite's factory method and declared
 * capabilities) without each nested class overriding an accessor. Stateless; thread-safe.
 */
public final class EnclosingInstanceResolver implements ParameterResolver {

  /** Created by JUnit for {@code @ExtendWith(EnclosingInstanceResolver.class)}. */
  public EnclosingInstanceResolver() {}

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return enclosing(parameter, context).isPresent();
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return enclosing(parameter, context).orElseThrow();
  }

  /** The innermost enclosing instance of the parameter's type, if the test is nested in one. */
  private static Optional<Object> enclosing(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    List<Object> outermostFirst =
        context.getTestInstances().map(TestInstances::getEnclosingInstances).orElse(List.of());
    for (int i = outermostFirst.size() - 1; i >= 0; i--) {
      if (type.isInstance(outermostFirst.get(i))) {
        return Optional.of(outermostFirst.get(i));
      }
    }
    return Optional.empty();
  }
}
