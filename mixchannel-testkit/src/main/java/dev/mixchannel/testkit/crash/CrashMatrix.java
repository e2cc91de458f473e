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
package dev.mixchannel.testkit.crash;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kill -9 matrix of a migration protocol: every named step in both directions ({@value #DEMOTE}
 * and {@value #PROMOTE}), several runs each, and kills at seeded random moments while keys move
 * ({@value #RANDOM}). A subclass names the steps and checks one kill: it starts its child through
 * {@link #runUntilKilled}, which waits for the child's marker, kills it and returns what the child
 * acknowledged, then reopens the storage and checks it. The child is told the mode and the step
 * ({@value #NO_STEP} for a random kill) after the subclass's own arguments.
 *
 * <p>Runs per step: {@code -Dmixchannel.crash.runs}; random kills: {@code
 * -Dmixchannel.crash.random} (each subclass gives its defaults).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class CrashMatrix {

  /** The mode that kills a demotion (fast tier to slow) at a step. */
  public static final String DEMOTE = "DEMOTE";

  /** The mode that kills a promotion (slow tier to fast) at a step. */
  public static final String PROMOTE = "PROMOTE";

  /** The mode that kills at a random moment while keys move both ways. */
  public static final String RANDOM = "RANDOM";

  /** The step a random kill names. */
  public static final String NO_STEP = "NONE";

  /** How long the child may take to reach its marker. */
  private static final Duration WAIT = Duration.ofSeconds(60);

  private final List<String> steps;
  private final int runs;
  private final int randomRuns;
  private final long randomSeed;
  private final int minDelayMillis;
  private final int maxDelayMillis;

  /**
   * Sets the matrix up.
   *
   * @param steps the protocol's step names, in order; the child pauses at the one it is given
   * @param defaultRuns the runs per step and direction when {@code mixchannel.crash.runs} is unset
   * @param defaultRandomRuns the random kills when {@code mixchannel.crash.random} is unset
   * @param randomSeed the seed of the random kills' delays, so a failing case replays
   * @param minDelayMillis the shortest delay of a random kill after the child is ready
   * @param maxDelayMillis the longest delay (exclusive)
   */
  protected CrashMatrix(
      List<String> steps,
      int defaultRuns,
      int defaultRandomRuns,
      long randomSeed,
      int minDelayMillis,
      int maxDelayMillis) {
    this.steps = List.copyOf(steps);
    this.runs = Integer.getInteger("mixchannel.crash.runs", defaultRuns);
    this.randomRuns = Integer.getInteger("mixchannel.crash.random", defaultRandomRuns);
    this.randomSeed = randomSeed;
    this.minDelayMillis = minDelayMillis;
    this.maxDelayMillis = maxDelayMillis;
  }

  Stream<Arguments> stepKills() {
    List<Arguments> cases = new ArrayList<>();
    for (String mode : List.of(DEMOTE, PROMOTE)) {
      for (String step : steps) {
        for (int run = 0; run < runs; run++) {
          cases.add(Arguments.of(mode, step, run));
        }
      }
    }
    return cases.stream();
  }

  Stream<Arguments> randomKills() {
    Random random = new Random(randomSeed);
    List<Arguments> cases = new ArrayList<>();
    for (int run = 0; run < randomRuns; run++) {
      cases.add(
          Arguments.of(run, minDelayMillis + random.nextInt(maxDelayMillis - minDelayMillis)));
    }
    return cases.stream();
  }

  /**
   * Kills the child at a step and checks what it left.
   *
   * @param mode {@value #DEMOTE} or {@value #PROMOTE}
   * @param step the step name
   * @param run which run of the step, for the test's name
   * @param dir a fresh directory for the case
   * @throws Exception if the case fails
   */
  @ParameterizedTest(name = "{0} killed at {1}, run {2}")
  @MethodSource("stepKills")
  void shouldLoseNothingWhenKilledAtAStep(String mode, String step, int run, @TempDir Path dir)
      throws Exception {
    crashAndCheck(dir, mode, step, -1);
  }

  /**
   * Kills the child at a random moment and checks what it left.
   *
   * @param run which random kill
   * @param delayMillis how long after the child is ready
   * @param dir a fresh directory for the case
   * @throws Exception if the case fails
   */
  @ParameterizedTest(name = "random kill {0} after {1} ms")
  @MethodSource("randomKills")
  void shouldLoseNothingWhenKilledAtARandomMoment(int run, int delayMillis, @TempDir Path dir)
      throws Exception {
    crashAndCheck(dir, RANDOM, NO_STEP, delayMillis);
  }

  /**
   * Runs one case: starts the child with {@link #runUntilKilled}, then reopens and checks.
   *
   * @param dir a fresh directory for the case
   * @param mode {@value #DEMOTE}, {@value #PROMOTE} or {@value #RANDOM}
   * @param step the step to kill at, {@value #NO_STEP} for a random kill
   * @param delayMillis the delay of a random kill, negative for a kill at a step
   * @throws Exception if the case fails
   */
  protected abstract void crashAndCheck(Path dir, String mode, String step, int delayMillis)
      throws Exception;

  /**
   * Starts {@code child} with {@code args}, the mode and the step; kills it when it paused at the
   * step, or {@code delayMillis} after it is ready; returns what it acknowledged.
   *
   * @param child the child's main class
   * @param dir the case's directory, which receives the child's log
   * @param mode the mode
   * @param step the step
   * @param delayMillis the delay of a random kill, negative for a kill at a step
   * @param args the child's own arguments, before the mode and the step
   * @return each key's acknowledged end
   * @throws Exception if the child fails or does not reach its marker in time
   */
  protected static Map<String, Long> runUntilKilled(
      Class<?> child, Path dir, String mode, String step, int delayMillis, String... args)
      throws Exception {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = mode;
    all[args.length + 1] = step;
    return AckedWrites.runUntilKilled(
        child,
        dir.resolve("child-" + mode + "-" + step + ".log"),
        delayMillis >= 0 ? "READY" : "PAUSED " + step,
        delayMillis,
        WAIT,
        all);
  }
}
