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
package dev.mixchannel.common;

import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.Pipe;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each check refuses with the exception class and message the JDK's own file channel throws for the
 * same call: the JDK is the oracle, so the two implementations that use the checks match it.
 */
class FileChannelChecksTest {
  @TempDir Path dir;
  private Path file;

  @BeforeEach
  void createFile() throws IOException {
    file = Files.write(dir.resolve("f"), new byte[16]);
  }

  @Test
  void shouldRefuseAsTheJdkWhenAPositionalCallHasBadArguments() throws IOException {
    try (FileChannel jdk = FileChannel.open(file, READ, WRITE)) {
      ByteBuffer buffer = ByteBuffer.allocate(4);
      assertSameRefusal(() -> jdk.read(buffer, -1), () -> FileChannelChecks.positional(buffer, -1));
      assertSameRefusal(() -> jdk.write(null, 0), () -> FileChannelChecks.positional(null, 0));
      assertSameRefusal(() -> jdk.position(-1), () -> FileChannelChecks.newPosition(-1));
      assertSameRefusal(() -> jdk.truncate(-1), () -> FileChannelChecks.truncate(-1, true));
      ByteBuffer[] two = new ByteBuffer[2];
      assertSameRefusal(() -> jdk.read(two, 1, 2), () -> FileChannelChecks.buffers(1, 2, 2));
      assertSameRefusal(
          () -> jdk.read(ByteBuffer.allocate(1).asReadOnlyBuffer(), 0),
          () -> FileChannelChecks.destination(ByteBuffer.allocate(1).asReadOnlyBuffer()));
    }
  }

  @Test
  void shouldRefuseAsTheJdkWhenTheAccessModeDoesNotAllowTheCall() throws IOException {
    try (FileChannel readOnly = FileChannel.open(file, READ);
        FileChannel writeOnly = FileChannel.open(file, WRITE)) {
      assertSameRefusal(
          () -> writeOnly.read(ByteBuffer.allocate(1)), () -> FileChannelChecks.readable(false));
      assertSameRefusal(
          () -> readOnly.write(ByteBuffer.allocate(1)), () -> FileChannelChecks.writable(false));
      assertSameRefusal(() -> readOnly.truncate(1), () -> FileChannelChecks.truncate(1, false));
      assertSameRefusal(
          () -> writeOnly.tryLock(0, 1, true), () -> FileChannelChecks.lock(true, false, true));
      assertSameRefusal(
          () -> readOnly.tryLock(0, 1, false), () -> FileChannelChecks.lock(false, true, false));
    }
  }

  @Test
  void shouldRefuseAsTheJdkWhenATransferHasBadArguments() throws IOException {
    Pipe pipe = Pipe.open();
    try (FileChannel jdk = FileChannel.open(file, READ, WRITE);
        FileChannel readOnly = FileChannel.open(file, READ);
        FileChannel writeOnly = FileChannel.open(file, WRITE);
        FileChannel other = FileChannel.open(Files.write(dir.resolve("g"), new byte[1]), READ);
        WritableByteChannel sink = pipe.sink();
        ReadableByteChannel source = pipe.source()) {
      WritableByteChannel closedTarget = Channels.newChannel(new java.io.ByteArrayOutputStream());
      closedTarget.close();
      assertSameRefusal(
          () -> jdk.transferTo(0, 1, closedTarget),
          () -> FileChannelChecks.transferTo(true, closedTarget, true, 0, 1));
      assertSameRefusal(
          () -> writeOnly.transferTo(0, 1, sink),
          () -> FileChannelChecks.transferTo(false, sink, true, 0, 1));
      assertSameRefusal(
          () -> jdk.transferTo(0, 1, other),
          () -> FileChannelChecks.transferTo(true, other, false, 0, 1));
      assertSameRefusal(
          () -> jdk.transferTo(-1, 1, sink),
          () -> FileChannelChecks.transferTo(true, sink, true, -1, 1));
      assertSameRefusal(
          () -> readOnly.transferFrom(source, 0, 1),
          () -> FileChannelChecks.transferFrom(false, source, 0, 1));
      assertSameRefusal(
          () -> jdk.transferFrom(source, 0, -1),
          () -> FileChannelChecks.transferFrom(true, source, 0, -1));
      ReadableByteChannel closedSource =
          Channels.newChannel(new java.io.ByteArrayInputStream(new byte[1]));
      closedSource.close();
      assertSameRefusal(
          () -> jdk.transferFrom(closedSource, 0, 1),
          () -> FileChannelChecks.transferFrom(true, closedSource, 0, 1));
    }
  }

  /** The check throws exactly what the JDK's call throws: same class, same message. */
  private static void assertSameRefusal(ThrowingSupplier<?> jdkCall, CheckCall check) {
    Throwable expected = catchThrowable(jdkCall::get);
    Throwable actual = catchThrowable(check::run);
    assertThat(expected).as("the JDK's call").isNotNull();
    assertThat(actual).as("the check").isExactlyInstanceOf(expected.getClass());
    assertThat(actual.getMessage()).as("message").isEqualTo(expected.getMessage());
  }

  @FunctionalInterface
  private interface CheckCall {
    void run() throws IOException;
  }
}
