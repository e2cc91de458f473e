package dev.mixchannel.testkit;

import static java.nio.file.StandardOpenOption.READ;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One execution of a script from scratch: fresh files, a JDK side and a side under test, each step
 * applied to both and compared, and the full bytes compared periodically and at the end.
 */
final class DiffSession implements AutoCloseable {

  private static final int COMPARE_CHUNK_BYTES = 1024 * 1024;

  private final Path runDir;
  private final Path referenceFile;
  private final ChannelFactory jdkFactory;
  private final ChannelFactory implFactory;
  private final DiffSide jdk;
  private final DiffSide impl;

  DiffSession(Path runDir, FactoryOpener opener, ChannelTracker tracker, byte[] noise)
      throws IOException {
    this.runDir = runDir;
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
      closeQuietly(e, jdkSide, opened, jdkFactory);
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
   * Runs the steps in order and returns the first divergence, or {@code null} when both sides agree
   * on every step, on every periodic comparison and on the bytes at the end.
   */
  Divergence execute(List<Step> steps, int compareEverySteps) throws IOException {
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      Divergence divergence = executeStep(i, step);
      if (divergence != null) {
        return divergence;
      }
      if ((i + 1) % compareEverySteps == 0 || i == steps.size() - 1) {
        Divergence bytes = compareBytes(i, step.index());
        if (bytes != null) {
          return bytes;
        }
      }
    }
    return null;
  }

  /** Runs one step on both sides; the divergence if their outcomes differ, else null. */
  Divergence executeStep(int stepIndex, Step step) throws IOException {
    long referenceSize = referenceSize();
    Outcome expected = apply(jdk, step.op(), referenceSize);
    Outcome actual = apply(impl, step.op(), referenceSize);
    if (!expected.matches(actual)) {
      return new Divergence(stepIndex, step.index(), step.op().toString(), expected, actual);
    }
    return null;
  }

  private long referenceSize() throws IOException {
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

  private Divergence compareBytes(int stepIndex, int opIndex) throws IOException {
    String what = "full byte comparison after op #" + opIndex;
    try (FileChannel expected = jdkFactory.open(DiffSide.NAME, Set.of(READ))) {
      FileChannel actual;
      try {
        actual = implFactory.open(DiffSide.NAME, Set.of(READ));
      } catch (IOException | RuntimeException e) {
        return new Divergence(
            stepIndex,
            opIndex,
            what,
            new Outcome("open ok", "", null),
            new Outcome("open threw " + e.getClass().getName(), "", e));
      }
      try (actual) {
        return compareBytes(expected, actual, stepIndex, opIndex, what);
      }
    }
  }

  private static Divergence compareBytes(
      FileChannel expected, FileChannel actual, int stepIndex, int opIndex, String what)
      throws IOException {
    long expectedSize = expected.size();
    long actualSize = actual.size();
    if (expectedSize != actualSize) {
      return new Divergence(
          stepIndex,
          opIndex,
          what,
          new Outcome("size=" + expectedSize, "", null),
          new Outcome("size=" + actualSize, "", null));
    }
    ByteBuffer a = ByteBuffer.allocate(COMPARE_CHUNK_BYTES);
    ByteBuffer b = ByteBuffer.allocate(COMPARE_CHUNK_BYTES);
    for (long at = 0; at < expectedSize; at += COMPARE_CHUNK_BYTES) {
      readChunk(expected, a, at);
      readChunk(actual, b, at);
      int mismatch = a.mismatch(b);
      if (mismatch >= 0) {
        long offset = at + mismatch;
        return new Divergence(
            stepIndex,
            opIndex,
            what,
            new Outcome(byteAt(a, mismatch, offset), "size=" + expectedSize, null),
            new Outcome(byteAt(b, mismatch, offset), "size=" + actualSize, null));
      }
    }
    return null;
  }

  private static void readChunk(FileChannel channel, ByteBuffer chunk, long at) throws IOException {
    chunk.clear();
    while (chunk.hasRemaining() && channel.read(chunk, at + chunk.position()) > 0) {
      continue;
    }
    chunk.flip();
  }

  private static String byteAt(ByteBuffer chunk, int index, long offset) {
    return index < chunk.limit()
        ? String.format("byte at %d = 0x%02x", offset, chunk.get(index) & 0xff)
        : "no byte at " + offset + " (read came up short)";
  }

  @Override
  public void close() throws IOException {
    IOException failure =
        Closeables.closeAll(
            Arrays.asList(jdk, impl, jdkFactory, implFactory),
            "closing a differential run failed (" + runDir + ")");
    deleteRecursively(runDir);
    if (failure != null) {
      throw failure;
    }
  }

  private static void closeQuietly(Exception primary, AutoCloseable... closeables) {
    for (AutoCloseable closeable : closeables) {
      if (closeable == null) {
        continue;
      }
      try {
        closeable.close();
      } catch (Exception e) {
        primary.addSuppressed(e);
      }
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
