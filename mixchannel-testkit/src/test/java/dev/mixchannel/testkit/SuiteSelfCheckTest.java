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
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Proves the suites can fail: each runs against a channel that breaks one rule and must report it;
 * against the faithful wrapper, both must pass.
 */
class SuiteSelfCheckTest {

  private static final Map<String, String> SHORT_DIFFERENTIAL =
      Map.of("mixchannel.differential.ops", "2000");

  /** One seed replayed for 2000 steps: also proves the replay setting. */
  private static final Map<String, String> SHORT_REPLAY =
      Map.of("mixchannel.differential.ops", "2000", "mixchannel.differential.seed", "0x5eed0002");

  /** Long enough to hold the rare steps with the run's own file as the other channel. */
  private static final Map<String, String> RARE_STEPS_REPLAY =
      Map.of(
          "mixchannel.differential.ops",
          "5000",
          "mixchannel.differential.seed",
          "0x5eed0002",
          "mixchannel.differential.stepTimeoutSeconds",
          "1");

  private static final Pattern MINIMIZED = Pattern.compile("minimized: (\\d+) ops");

  @Test
  void shouldPassWholeContractWhenWrapperIsFaithful() {
    SelfCheckRun run = SelfCheckRun.of(BrokenSuites.NoneContract.class, Map.of());
    assertThat(run.failures()).isEmpty();
    assertThat(run.succeeded()).isGreaterThan(100);
    assertThat(run.aborted()).as("tests of MAP, LOCK and CLOSE_ON_INTERRUPT").isEqualTo(20);
  }

  @Test
  void shouldPassDifferentialWhenWrapperIsFaithful() {
    SelfCheckRun run = SelfCheckRun.of(BrokenSuites.NoneDifferential.class, SHORT_DIFFERENTIAL);
    assertThat(run.failures()).isEmpty();
    assertThat(run.succeeded()).as("one test per seed").isEqualTo(4);
  }

  static Stream<Arguments> breakages() {
    return Stream.of(
        Arguments.of(
            BrokenSuites.EofReturnsZeroContract.class,
            "EndOfFile",
            List.of(
                "shouldReturnMinusOneWhenReadingAtEnd",
                "shouldReturnMinusOneWhenReadingPastEnd",
                "shouldReturnMinusOneWhenReadingAtOrPastEndWithPosition",
                "shouldReturnMinusOneWhenReadingOnEmptyFile"),
            BrokenSuites.EofReturnsZeroDifferential.class),
        Arguments.of(
            BrokenSuites.IgnoresWritePositionContract.class,
            "ReadWrite",
            List.of("shouldWriteAtPositionWithoutMovingChannelPosition"),
            BrokenSuites.IgnoresWritePositionDifferential.class),
        Arguments.of(
            BrokenSuites.NoZeroFillContract.class,
            "EndOfFile",
            List.of(
                "shouldZeroFillGapWhenWritingPastEndWithPosition",
                "shouldZeroFillGapWhenWritingAfterPositionBeyondEnd",
                "shouldZeroFillGapAcrossChunksWhenWritingFarPastEnd",
                "shouldReadZerosWhereOldBytesWereTruncatedAway"),
            BrokenSuites.NoZeroFillDifferential.class),
        Arguments.of(
            BrokenSuites.TruncateGrowsContract.class,
            "TruncateForce",
            List.of(
                "shouldNotGrowWhenTruncatingAboveSize",
                "shouldClampPositionWhenTruncatingAboveSizeButBelowPosition"),
            BrokenSuites.TruncateGrowsDifferential.class));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("breakages")
  void shouldFailContractWhenChannelBreaksARule(
      Class<?> contract, String group, List<String> expectedFailures, Class<?> differential) {
    SelfCheckRun run = SelfCheckRun.ofNested(contract, group, Map.of());
    assertThat(run.failedMethods()).containsAll(expectedFailures);
  }

  @ParameterizedTest(name = "{3}")
  @MethodSource("breakages")
  void shouldFailDifferentialWithSeedAndShrunkScriptWhenChannelBreaksARule(
      Class<?> contract, String group, List<String> expectedFailures, Class<?> differential) {
    SelfCheckRun run = SelfCheckRun.of(differential, SHORT_REPLAY);
    assertThat(run.failures()).hasSize(1);
    for (SelfCheckRun.Failure failure : run.failures()) {
      String message = String.valueOf(failure.error().getMessage());
      assertThat(message)
          .contains("FileChannel differs from the JDK: seed=0x5eed0002, op=#")
          .contains(" of 2000 (BrokenChannelFactory[")
          .contains("shortest failing prefix: ")
          .contains("replay: -Dmixchannel.differential.seed=0x5eed0002");
      Matcher minimized = MINIMIZED.matcher(message);
      assertThat(minimized.find()).as(message).isTrue();
      assertThat(Integer.parseInt(minimized.group(1))).as(message).isBetween(1, 5);
    }
    System.out.println(run.failures().get(0).error().getMessage());
  }

  @Test
  void shouldFailDifferentialWhenTransferToItsOwnFileIsNotCappedAtEntry() {
    SelfCheckRun run =
        SelfCheckRun.of(BrokenSuites.UncappedTransferToDifferential.class, RARE_STEPS_REPLAY);
    assertThat(run.failures()).hasSize(1);
    String message = String.valueOf(run.failures().get(0).error().getMessage());
    assertThat(message)
        .contains("FileChannel differs from the JDK: seed=0x5eed0002")
        .containsPattern(
            "at: +#\\d+ transferTo\\(h\\d, from=[^)]*, into (SAME|SECOND|FRESH) handle");
    System.out.println(message);
  }

  @Test
  void shouldReportSeedAndPrefixWithoutHangingWhenAStepNeverReturns() {
    SelfCheckRun run =
        assertTimeoutPreemptively(
            Duration.ofMinutes(2),
            () ->
                SelfCheckRun.of(
                    BrokenSuites.HangsOnWrappedSourceDifferential.class, RARE_STEPS_REPLAY));
    assertThat(run.failures()).hasSize(1);
    String message = String.valueOf(run.failures().get(0).error().getMessage());
    assertThat(message)
        .contains("FileChannel differs from the JDK: seed=0x5eed0002")
        .containsPattern(
            "at: +#\\d+ transferFrom\\(h\\d, (SAME|SECOND|FRESH) handle via FORWARDING")
        .contains("actual:   hung: no return within 1 s")
        .contains("BrokenFileChannel.awaitClose")
        .contains("shortest failing prefix: ")
        .contains("not minimized: a step hung")
        .contains("replay: -Dmixchannel.differential.seed=0x5eed0002");
    System.out.println(message);
  }
}
