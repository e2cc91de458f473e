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

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectNestedClass;

import dev.mixchannel.testkit.channel.FileChannelContractSuite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** Runs suite classes through the JUnit Platform launcher and collects what failed. */
final class SelfCheckRun implements TestExecutionListener {

  /**
   * A failed test or container.
   *
   * @param method the test method, or empty for a container
   * @param displayName the display name
   * @param error what it threw
   */
  record Failure(String method, String displayName, Throwable error) {}

  private final AtomicInteger succeeded = new AtomicInteger();
  private final AtomicInteger aborted = new AtomicInteger();
  private final List<Failure> failures = Collections.synchronizedList(new ArrayList<>());

  static SelfCheckRun of(Class<?> suite, Map<String, String> parameters) {
    return run(List.of(selectClass(suite)), parameters);
  }

  /**
   * Runs one {@code @Nested} group, named by its simple name (the groups are package-private in
   * their suite's package), of a subclass of {@link FileChannelContractSuite}.
   */
  static SelfCheckRun ofNested(Class<?> suite, String group, Map<String, String> parameters) {
    Class<?> nested =
        Arrays.stream(FileChannelContractSuite.class.getDeclaredClasses())
            .filter(type -> type.getSimpleName().equals(group))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no contract group " + group));
    return run(List.of(selectNestedClass(List.of(suite), nested)), parameters);
  }

  private static SelfCheckRun run(
      List<? extends DiscoverySelector> selectors, Map<String, String> parameters) {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectors)
            .configurationParameter(SelfCheckOnly.KEY, "true")
            // As the build runs every test: with the testkit's leak and log checks.
            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
            .configurationParameters(parameters)
            .build();
    SelfCheckRun listener = new SelfCheckRun();
    LauncherFactory.create().execute(request, listener);
    return listener;
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
      if (id.isTest()) {
        succeeded.incrementAndGet();
      }
      return;
    }
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      aborted.incrementAndGet();
      return;
    }
    String method =
        id.getSource()
            .filter(MethodSource.class::isInstance)
            .map(s -> ((MethodSource) s).getMethodName())
            .orElse("");
    failures.add(new Failure(method, id.getDisplayName(), result.getThrowable().orElse(null)));
  }

  int succeeded() {
    return succeeded.get();
  }

  /** Tests skipped by a failed assumption, such as a missing capability. */
  int aborted() {
    return aborted.get();
  }

  List<Failure> failures() {
    return List.copyOf(failures);
  }

  List<String> failedMethods() {
    return failures().stream().map(Failure::method).distinct().toList();
  }
}
