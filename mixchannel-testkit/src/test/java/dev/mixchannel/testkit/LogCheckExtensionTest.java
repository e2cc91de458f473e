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

import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.junit.ExpectedLog;
import dev.mixchannel.testkit.junit.LogCheckExtension;
import dev.mixchannel.testkit.junit.internal.RecordingLoggerFactory;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The log check fails tests that log an unexpected WARN or ERROR event, from any thread, and lets
 * through the events a test declares with {@link ExpectedLog}.
 */
class LogCheckExtensionTest {

  private static final String LOGGER = "dev.mixchannel.testkit.selfcheck.Noisy";

  private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

  @ExtendWith({SelfCheckOnly.class, LogCheckExtension.class})
  static class Logs {
    @Test
    void logsUnexpectedWarning() {
      LOG.warn("disk {} is slow", "sdb");
    }

    @Test
    void logsUnexpectedErrorWithThrowable() {
      LOG.error("write failed: key={}", "k1", new IllegalStateException("boom"));
    }

    @Test
    void logsFromBackgroundThread() throws InterruptedException {
      Thread t = new Thread(() -> LOG.warn("background warning"), "testkit-noisy");
      t.start();
      t.join();
    }

    @Test
    @ExpectedLog(logger = LOGGER, contains = "expected")
    void logsErrorWhereWarningExpected() {
      LOG.error("expected, but at the wrong level");
    }

    @Test
    @ExpectedLog(logger = LOGGER, contains = "on purpose")
    void logsExpectedWarning() {
      LOG.warn("provoked on purpose: {}", 1);
    }

    @Test
    @ExpectedLog(logger = "dev.mixchannel.testkit.selfcheck", level = Level.ERROR)
    void logsExpectedErrorOfChildLogger() {
      LOG.error("any message");
    }

    @Test
    void logsInfoAndDebug() {
      LOG.info("fine");
      LOG.debug("fine too");
    }

    @Nested
    @ExpectedLog(logger = LOGGER, contains = "allowed", reason = "class-level allowance")
    class Allowed {
      @Test
      void logsAllowedWarning() {
        LOG.warn("allowed for the whole class");
      }

      @Test
      void logsOtherWarning() {
        LOG.warn("not covered by the class allowance");
      }
    }
  }

  /** Like the contract suites: the tests are in a nested class of an abstract class. */
  abstract static class Suite {
    @Nested
    class Inner {
      @Test
      void logsWarningTheConcreteSuiteDeclares() {
        LOG.warn("declared by the concrete suite");
      }
    }
  }

  @ExtendWith({SelfCheckOnly.class, LogCheckExtension.class})
  @ExpectedLog(logger = LOGGER, contains = "declared by the concrete suite")
  static class ConcreteSuite extends Suite {}

  /** A fixture's expected events, named once: {@code @ExpectedLog} as a meta-annotation. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.TYPE, ElementType.METHOD})
  @ExpectedLog(logger = LOGGER, contains = "first set-up warning")
  @ExpectedLog(logger = LOGGER, level = Level.ERROR, contains = "second set-up error")
  @interface FixtureLogs {}

  @ExtendWith({SelfCheckOnly.class, LogCheckExtension.class})
  static class MetaAnnotated {
    @Test
    @FixtureLogs
    void logsWhatTheMetaAnnotationDeclares() {
      LOG.warn("first set-up warning");
      LOG.error("second set-up error");
    }

    @Test
    @FixtureLogs
    void logsSomethingElse() {
      LOG.warn("not declared anywhere");
    }
  }

  @Test
  void shouldHonourExpectedLogsDeclaredThroughAMetaAnnotation() {
    SelfCheckRun run = SelfCheckRun.of(MetaAnnotated.class, Map.of());

    assertThat(run.failedMethods()).containsExactly("logsSomethingElse");
    assertThat(run.succeeded()).isEqualTo(1);
  }

  @Test
  void shouldApplyTheConcreteSuitesDeclarationsToItsInheritedNestedTests() {
    SelfCheckRun run = SelfCheckRun.of(ConcreteSuite.class, Map.of());

    assertThat(run.failures()).isEmpty();
    assertThat(run.succeeded()).isEqualTo(1);
  }

  @Test
  void shouldRecordThroughTheTestkitProvider() {
    assertThat(LoggerFactory.getILoggerFactory())
        .as("slf4j.provider must select the testkit's provider (set by the build)")
        .isInstanceOf(RecordingLoggerFactory.class);
  }

  @Test
  void shouldFailTestsThatLogUnexpectedWarningsAndPassDeclaredOnes() {
    SelfCheckRun run = SelfCheckRun.of(Logs.class, Map.of());

    assertThat(run.failedMethods())
        .containsExactlyInAnyOrder(
            "logsUnexpectedWarning",
            "logsUnexpectedErrorWithThrowable",
            "logsFromBackgroundThread",
            "logsErrorWhereWarningExpected",
            "logsOtherWarning");
    assertThat(run.succeeded()).isEqualTo(4);
    for (SelfCheckRun.Failure failure : run.failures()) {
      String message = failure.error().getMessage();
      assertThat(message).startsWith("unexpected log: count=1").contains(LOGGER);
      switch (failure.method()) {
        case "logsUnexpectedWarning" ->
            assertThat(message).contains("WARN [main]", "disk sdb is slow");
        case "logsUnexpectedErrorWithThrowable" -> {
          assertThat(message).contains("ERROR", "write failed: key=k1", "boom");
          assertThat(failure.error().getSuppressed()).hasSize(1);
        }
        case "logsFromBackgroundThread" ->
            assertThat(message).contains("[testkit-noisy]", "background warning");
        default -> assertThat(message).contains("@ExpectedLog(logger = \"" + LOGGER + "\"");
      }
    }
  }
}
