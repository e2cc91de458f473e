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
package dev.mixchannel.testkit.channel;

import static dev.mixchannel.testkit.channel.ContractSupport.assertPositionAndSize;
import static dev.mixchannel.testkit.channel.ContractSupport.assertThrowsExactly;
import static dev.mixchannel.testkit.channel.ContractSupport.bytes;
import static dev.mixchannel.testkit.channel.ContractSupport.contents;
import static dev.mixchannel.testkit.channel.ContractSupport.readAt;
import static dev.mixchannel.testkit.channel.ContractSupport.slice;
import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The open options, and several channels on one name. */
abstract class OpenOptionsContract extends ContractTestBase {

  @Test
  void shouldThrowFileAlreadyExistsWhenCreateNewOnExistingName() throws IOException {
    createFile(NAME, bytes(10, 1));
    assertThrowsExactly(FileAlreadyExistsException.class, () -> open(NAME, WRITE, CREATE_NEW));
    assertThrowsExactly(
        FileAlreadyExistsException.class, () -> open(NAME, READ, WRITE, CREATE, CREATE_NEW));
    try (FileChannel channel = open(NAME)) {
      assertThat(channel.size()).isEqualTo(10);
    }
  }

  @Test
  void shouldThrowNoSuchFileWhenMissingAndNotCreated() {
    assertThrowsExactly(NoSuchFileException.class, () -> open("missing", READ));
    assertThrowsExactly(NoSuchFileException.class, () -> open("missing", WRITE));
    assertThrowsExactly(NoSuchFileException.class, () -> open("missing", APPEND));
    assertThrowsExactly(NoSuchFileException.class, () -> open("missing"));
    assertThrowsExactly(NoSuchFileException.class, () -> open("missing", READ, CREATE));
  }

  @Test
  void shouldCreateEmptyFileWhenCreateOrCreateNewOnMissingName() throws IOException {
    try (FileChannel created = open("c1", WRITE, CREATE);
        FileChannel createdNew = open("c2", READ, WRITE, CREATE_NEW)) {
      assertPositionAndSize(created, 0, 0);
      assertPositionAndSize(createdNew, 0, 0);
    }
    try (FileChannel channel = open("c2", READ)) {
      assertThat(channel.size()).isZero();
    }
  }

  @Test
  void shouldTruncateWhenTruncateExistingWithWrite() throws IOException {
    createFile(NAME, bytes(10, 2));
    try (FileChannel channel = open(NAME, WRITE, TRUNCATE_EXISTING)) {
      assertPositionAndSize(channel, 0, 0);
    }
  }

  @Test
  void shouldIgnoreTruncateExistingWhenReadOnly() throws IOException {
    byte[] data = bytes(10, 3);
    createFile(NAME, data);
    try (FileChannel channel = open(NAME, READ, TRUNCATE_EXISTING)) {
      assertThat(contents(channel)).isEqualTo(data);
    }
  }

  @Test
  void shouldRejectInvalidOptionCombinations() throws IOException {
    createFile(NAME, bytes(10, 4));
    assertThrowsExactly(IllegalArgumentException.class, () -> open(NAME, READ, APPEND));
    assertThrowsExactly(
        IllegalArgumentException.class, () -> open(NAME, APPEND, TRUNCATE_EXISTING));
    try (FileChannel channel = open(NAME)) {
      assertThat(channel.size()).isEqualTo(10);
    }
  }

  @Test
  void shouldThrowUnsupportedOperationWhenOptionUnknown() throws IOException {
    createFile(NAME, bytes(10, 5));
    OpenOption unknown = new OpenOption() {};
    assertThrowsExactly(
        UnsupportedOperationException.class, () -> factory.open(NAME, Set.of(READ, unknown)));
  }

  @Test
  void shouldOpenForReadingOnlyWhenNoOptionsGiven() throws IOException {
    byte[] data = bytes(10, 6);
    createFile(NAME, data);
    try (FileChannel channel = factory.open(NAME, Set.of())) {
      assertThat(contents(channel)).isEqualTo(data);
      assertThrowsExactly(
          NonWritableChannelException.class, () -> channel.write(ByteBuffer.allocate(1)));
    }
  }

  @Test
  void shouldShareBytesAndKeepIndependentPositionsWhenOpenedTwice() throws IOException {
    byte[] data = bytes(100, 7);
    try (FileChannel first = openReadWrite();
        FileChannel second = open(NAME, READ, WRITE)) {
      first.write(ByteBuffer.wrap(data));
      assertPositionAndSize(first, 100, 100);
      assertPositionAndSize(second, 0, 100);
      ByteBuffer dst = ByteBuffer.allocate(10);
      assertThat(second.read(dst)).isEqualTo(10);
      assertThat(dst.array()).isEqualTo(slice(data, 0, 10));
      second.write(ByteBuffer.wrap(new byte[] {0, 0}));
      assertThat(readAt(first, 10, 2)).containsExactly(0, 0);
      assertPositionAndSize(first, 100, 100);
      assertPositionAndSize(second, 12, 100);
    }
  }

  @Test
  void shouldKeepNamesApartIncludingNamesInDirectories() throws IOException {
    byte[] a = bytes(10, 8);
    byte[] b = bytes(20, 9);
    createFile(NAME, a);
    createFile("dir/b", b);
    try (FileChannel first = open(NAME);
        FileChannel second = open("dir/b")) {
      assertThat(contents(first)).isEqualTo(a);
      assertThat(contents(second)).isEqualTo(b);
    }
  }
}
