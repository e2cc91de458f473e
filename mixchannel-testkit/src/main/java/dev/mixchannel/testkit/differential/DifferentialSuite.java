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

import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.channel.ChannelTracker;
import dev.mixchannel.testkit.channel.FileChannelContractSuite;
import dev.mixchannel.testkit.channel.JdkChannelFactory;
import dev.mixchannel.testkit.junit.LeakCheckExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random operation sequences applied to a JDK {@link java.nio.channels.FileChannel} and to
 * the channel under test, which must agree on every step.
 *
 * <p>Extend it and supply the factory, as for {@link FileChannelContractSuite}. Each step is a
 * relative or positional read or write (heap, direct, read-only, sliced and offset buffers of 0 to
 * about 70 KiB, biased to small sizes and to 4 KiB multiples), a scatter or gather with a valid or
 * invalid subrange, a {@code position(long)} (also beyond the size), {@code truncate}, {@code
 * force}, {@code transferTo} into a JDK file channel or a stream channel, {@code transferFrom} a
 * byte-array channel (or from one that fails after some bytes; {@code transferTo} into one that
 * takes some bytes and then fails), closing and reopening the main handle with random options
 * ({@code READ}, {@code WRITE}, {@code APPEND}, {@code TRUNCATE_EXISTING}, and invalid
 * combinations), or opening and closing a second handle on the same file; and, when declared, locks
 * ({@link ChannelCapability#LOCK}), mappings ({@link ChannelCapability#MAP}) and interrupted calls
 * ({@link ChannelCapability#CLOSE_ON_INTERRUPT}), with both, an interrupt of the main handle while
 * the second holds a lock, which must stay valid while the second handle transfers and locks on.
 * Positions are mostly within a few MiB, biased to 4 KiB, 64 KiB, 1 MiB and 4 MiB boundaries and to
 * the end of file, with rare jumps up to 64 MiB and rare negative values.
 *
 * <p>Rarer steps reach what ordinary callers seldom do: {@code transferTo} into, and {@code
 * transferFrom} out of, the run's own file (the same handle, the second one or a fresh one, as it
 * is, behind a forwarding {@code FileChannel} or behind {@code Channels.newChannel} of its stream),
 * with the target range before or after the source range and counts beyond what is there (the JDK
 * copies {@code min(count, size - position)} taken at entry); {@code transferFrom} a blocking pipe
 * fed by a thread and {@code transferTo} a pipe drained by one; counts of {@code Long.MAX_VALUE};
 * and, when declared, deleting the file ({@link ChannelCapability#DELETE_OPEN}) or renaming another
 * file over it ({@link ChannelCapability#RENAME_OPEN}) while handles stay open, often with one of
 * them interrupted afterwards, the other one having to keep working.
 *
 * <p>After each step the return value or exception class, the buffers' position, limit and
 * contents, and the handle's position and size must match the JDK's; the full file bytes must match
 * every 1000 steps and at the end (or, after a delete, both sides must have no file of the name).
 * The steps run on a thread of their own: one that does not return within the step timeout (a
 * deadlock, a call blocked for good) fails the run like any divergence, with the stack of the hung
 * thread, and its session is abandoned. Exceptions are compared by class, so where several apply
 * the JDK's choice is expected (it reports a negative position before a closed channel for
 * positional reads and writes, for example). A failure reports the seed, the step, both outcomes,
 * the shortest failing prefix and a further minimized step list, and the system properties that
 * replay it.
 *
 * <p>Configuration (JUnit configuration parameters or system properties): {@value
 * DifferentialSeeds#OPS_KEY}, the number of steps, default {@value DifferentialSeeds#DEFAULT_OPS},
 * shared by four fixed seeds; {@value DifferentialSeeds#SEED_KEY}, a single seed to replay with
 * that many steps; {@value DifferentialSeeds#STEP_TIMEOUT_KEY}, the seconds a step may take
 * (default {@value DifferentialSeeds#DEFAULT_STEP_TIMEOUT_SECONDS}); {@value
 * DifferentialSeeds#SECONDS_KEY}, a long run through the seeds for that many seconds, which prints
 * a summary line ({@link #summary()}). The JDK side uses a {@link JdkChannelFactory} in its own
 * directory; every run, including each re-run while shrinking, gets fresh directories and a fresh
 * factory from {@link #createFactory}. {@link LeakCheckExtension} is registered.
 */
@ExtendWith(LeakCheckExtension.class)
public abstract class DifferentialSuite {

  /** Subclasses supply the factory; JUnit instantiates them. */
  protected DifferentialSuite() {}

  /**
   * Creates the factory under test. Called for every run, including re-runs while shrinking; the
   * suite closes each factory after its run.
   *
   * @param tempDir a fresh, empty directory the factory may use
   * @return a new factory
   * @throws IOException when the factory cannot be created
   */
  protected abstract ChannelFactory createFactory(Path tempDir) throws IOException;

  /**
   * What a long run (see {@value DifferentialSeeds#SECONDS_KEY}) adds to its summary line, such as
   * the migrations a chaos factory made; empty by default.
   *
   * @return the extra figures, {@code key=value} separated by commas, or empty
   */
  protected String summary() {
    return "";
  }

  @TestTemplate
  @ExtendWith(DifferentialSeeds.class)
  void shouldMatchJdkFileChannelWhenRunningRandomOperations(
      DifferentialSeeds.DifferentialSeed seed, @TempDir Path workDir, ChannelTracker tracker)
      throws IOException {
    DifferentialCheck check =
        new DifferentialCheck(
            this::createFactory, tracker, workDir, seed.stepTimeout(), seed.excluded());
    if (seed.duration().isZero()) {
      check.run(seed.seed(), seed.ops());
      return;
    }
    longRun(check, seed);
  }

  /**
   * Runs seed after seed until the duration is over, counting divergences instead of stopping at
   * the first; prints one summary line ({@code differential summary: ...}), then fails with the
   * first divergence (the others suppressed) if there was any.
   */
  private void longRun(DifferentialCheck check, DifferentialSeeds.DifferentialSeed seed)
      throws IOException {
    long startNanos = System.nanoTime();
    long deadline = startNanos + seed.duration().toNanos();
    List<AssertionError> divergences = new ArrayList<>();
    long next = seed.seed();
    int runs = 0;
    while (runs == 0 || System.nanoTime() < deadline) {
      try {
        check.run(next, seed.ops());
      } catch (AssertionError e) {
        divergences.add(e);
      }
      runs++;
      next++;
    }
    String extra = summary();
    System.out.printf(
        "differential summary: seeds=%d (0x%x to 0x%x), ops=%d, divergences=%d, seconds=%d%s%n",
        runs,
        seed.seed(),
        next - 1,
        (long) runs * seed.ops(),
        divergences.size(),
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos),
        extra.isEmpty() ? "" : ", " + extra);
    if (!divergences.isEmpty()) {
      AssertionError first = divergences.get(0);
      divergences.subList(1, divergences.size()).forEach(first::addSuppressed);
      throw first;
    }
  }
}
