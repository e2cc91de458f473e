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

import static java.nio.file.StandardOpenOption.READ;

import dev.mixchannel.testkit.channel.ChannelFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.util.Set;

/**
 * The full comparison of the run's file on both sides: the same size and bytes, or on both sides no
 * file of that name (after a delete).
 */
final class ByteComparison {

  private static final int CHUNK_BYTES = 1024 * 1024;

  private ByteComparison() {}

  /** The divergence between the two factories' files of the run's name, or {@code null}. */
  static Divergence compare(
      ChannelFactory jdkFactory, ChannelFactory implFactory, int stepIndex, int opIndex)
      throws IOException {
    String what = "full byte comparison after op #" + opIndex;
    FileChannel expected;
    try {
      expected = jdkFactory.open(DiffSide.NAME, Set.of(READ));
    } catch (NoSuchFileException e) {
      return compareMissing(implFactory, stepIndex, opIndex, what);
    }
    try (expected) {
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
        return compare(expected, actual, stepIndex, opIndex, what);
      }
    }
  }

  private static Divergence compareMissing(
      ChannelFactory implFactory, int stepIndex, int opIndex, String what) throws IOException {
    String opened;
    Throwable error = null;
    try (FileChannel actual = implFactory.open(DiffSide.NAME, Set.of(READ))) {
      opened = "open ok, size=" + actual.size();
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException | RuntimeException e) {
      opened = "open threw " + e.getClass().getName();
      error = e;
    }
    return new Divergence(
        stepIndex,
        opIndex,
        what,
        new Outcome("open threw " + NoSuchFileException.class.getName(), "", null),
        new Outcome(opened, "", error));
  }

  private static Divergence compare(
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
    ByteBuffer a = ByteBuffer.allocate(CHUNK_BYTES);
    ByteBuffer b = ByteBuffer.allocate(CHUNK_BYTES);
    for (long at = 0; at < expectedSize; at += CHUNK_BYTES) {
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
}
