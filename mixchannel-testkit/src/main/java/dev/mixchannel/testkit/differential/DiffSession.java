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

import dev.mixchannel.common.Closeables;
import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.channel.ChannelTracker;
import dev.mixchannel.testkit.channel.JdkChannelFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One execution of a script from scratch: fresh files, a JDK side and a side under test, each step
 * applied to both and compared, and the full bytes compared periodically and at the end, all on a
 * thread watched by a {@link StepWatchdog}.
 */
final class DiffSession implements AutoCloseable {

  private final Path runDir;
  private final Path referenceFile;
  private final ChannelFactory jdkFactory;
  private final ChannelFactory implFactory;
  private final DiffSide jdk;
  private final DiffSide impl;
  private final StepWatchdog watchdog;

  DiffSession(
      Path runDir, FactoryOpener opener, ChannelTracker tracker, byte[] noise, Duration stepTimeout)
      throws IOException {
    this.runDir = runDir;
    this.watchdog = new StepWatchdog(stepTimeout);
    JdkChannelFactory reference = new JdkChannelFactory(runDir.resolve("jdk"));
    this.referenceFile = reference.resolve(DiffSide.NAME);
    this.jdkFactory = tracker.track(reference);
    ChannelFactory opened = null;
    DiffSide jdkSide = null;
    try {
      opened = tracker.track(opener.open(Files.createDirectories(runDir.resolve("impl"))));
      jdkSide = new DiffSide(jdkFactory, runDir.resolve("jdk-aux"), noise);
      this.impl = new DiffSide(opened, runDir.resolve("impl-aux"), noise);
    } catch (IOException | RuntimeException e) {
      Closeables.closeQuietly(e, jdkSide, opened, jdkFactory);
      throw e;
    }
    this.implFactory = opened;
    this.jdk = jdkSide;
  }

  String implementation() {
    return implFactory.toString();
  }

  Set<ChannelCapability> capabilities() {
    return implFactory.capabilities();
  }

  /**
   * Runs the steps in order on a thread of their own and returns the first divergence, or {@code
   * null} when both sides agree on every step, on every periodic comparison and on the bytes at the
   * end. A step that does not return within the step timeout is a divergence too; the session is
   * then abandoned (see {@link #close()}).
   */
  Divergence execute(List<Step> steps, int compareEverySteps) throws IOException {
    return watchdog.run(
        () -> executeSteps(steps, compareEverySteps),
        "testkit-differential-" + runDir.getFileName());
  }

  private Divergence executeSteps(List<Step> steps, int compareEverySteps) throws IOException {
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      Divergence divergence = executeStep(i, step);
      if (divergence != null) {
        return divergence;
      }
      if ((i + 1) % compareEverySteps == 0 || i == steps.size() - 1) {
        watchdog.begin(i, step.index(), "full byte comparison");
        Divergence bytes = ByteComparison.compare(jdkFactory, implFactory, i, step.index());
        if (bytes != null) {
          return bytes;
        }
      }
    }
    return null;
  }

  /** Runs one step on both sides; the divergence if their outcomes differ, else null. */
  private Divergence executeStep(int stepIndex, Step step) throws IOException {
    watchdog.begin(stepIndex, step.index(), step.op());
    long referenceSize = referenceSize();
    Outcome expected = apply(jdk, step.op(), referenceSize);
    watchdog.expected(expected);
    Outcome actual = apply(impl, step.op(), referenceSize);
    if (!expected.matches(actual)) {
      return new Divergence(stepIndex, step.index(), step.op().toString(), expected, actual);
    }
    return null;
  }

  /** The size of the JDK's main handle's file when it is open, else of the JDK's file, else 0. */
  private long referenceSize() throws IOException {
    FileChannel main = jdk.handles[0];
    if (main != null && main.isOpen()) {
      return main.size();
    }
    try {
      return Files.size(referenceFile);
    } catch (NoSuchFileException e) {
      return 0;
    }
  }

  private static Outcome apply(DiffSide side, DiffOp op, long referenceSize) {
    side.beginStep();
    String result;
    try {
      result = op.apply(side, referenceSize);
    } catch (Exception e) {
      result = "harness failure " + e;
    }
    return new Outcome(result, side.state(op.handle()), side.firstError());
  }

  /**
   * Closes both sides and factories and deletes the run's files. After a hung step the closing runs
   * on a thread of its own for at most the step timeout (closing may hang on the same lock) and
   * never throws: the hang is the failure to report, and what cannot be closed is left behind.
   */
  @Override
  public void close() throws IOException {
    if (!watchdog.abandoned()) {
      closeAll();
      return;
    }
    Thread closer =
        new Thread(
            () -> {
              try {
                closeAll();
              } catch (IOException e) {
                // The hung step is the failure; what it left cannot be closed cleanly.
              }
            },
            "testkit-differential-closer");
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(watchdog.timeout().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void closeAll() throws IOException {
    IOException failure =
        Closeables.closeCollecting(
            Arrays.asList(jdk, impl, jdkFactory, implFactory),
            "closing a differential run failed (" + runDir + ")");
    deleteRecursively(runDir);
    if (failure != null) {
      throw failure;
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * A step with its index in the generated script, which stays its name when steps are removed.
   *
   * @param index the index in the generated script
   * @param op the step
   */
  record Step(int index, DiffOp op) {}
}
