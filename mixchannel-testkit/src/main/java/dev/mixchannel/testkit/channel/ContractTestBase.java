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

import static dev.mixchannel.testkit.channel.ContractSupport.bytes;
import static dev.mixchannel.testkit.channel.ContractSupport.contents;
import static dev.mixchannel.testkit.channel.ContractSupport.writeFully;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.testkit.junit.internal.EnclosingInstanceResolver;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture every contract group shares: one tracked factory per test, and helpers that state
 * expectations in the JDK's terms. A group is nested in a {@link FileChannelContractSuite}, which
 * {@link EnclosingInstanceResolver} passes to the set-up to create the factory.
 */
@ExtendWith(EnclosingInstanceResolver.class)
abstract class ContractTestBase {

  /** The file most tests work on. */
  static final String NAME = "a";

  static final int KIB = 1024;
  static final int MIB = 1024 * KIB;

  ChannelFactory factory;
  Set<ChannelCapability> capabilities;

  @BeforeEach
  final void openFactory(FileChannelContractSuite suite, @TempDir Path dir, ChannelTracker tracker)
      throws IOException {
    factory = tracker.track(suite.createFactory(dir));
    capabilities = EnumSet.noneOf(ChannelCapability.class);
    capabilities.addAll(factory.capabilities());
  }

  @AfterEach
  final void closeFactory() throws IOException {
    if (factory != null) {
      factory.close();
    }
  }

  final void assumeCapability(ChannelCapability capability) {
    assumeTrue(
        capabilities.contains(capability),
        "implementation does not declare capability " + capability);
  }

  final void assumeNoCapability(ChannelCapability capability) {
    assumeFalse(
        capabilities.contains(capability), "implementation declares capability " + capability);
  }

  final FileChannel open(String name, OpenOption... options) throws IOException {
    return factory.open(name, Set.of(options));
  }

  /** Opens {@link #NAME} for reading and writing, creating it. */
  final FileChannel openReadWrite() throws IOException {
    return open(NAME, READ, WRITE, CREATE);
  }

  /** Opens {@link #NAME} for reading and writing with exactly {@code content}, at position 0. */
  final FileChannel openWith(byte[] content) throws IOException {
    FileChannel channel = openReadWrite();
    channel.truncate(0);
    writeFully(channel, ByteBuffer.wrap(content), 0);
    return channel;
  }

  /** Creates {@code name} holding exactly {@code content}. */
  final void createFile(String name, byte[] content) throws IOException {
    try (FileChannel channel = open(name, READ, WRITE, CREATE)) {
      channel.truncate(0);
      writeFully(channel, ByteBuffer.wrap(content), 0);
    }
  }

  /** The bytes of {@code name}, read through a new channel opened with no options (for reading). */
  final byte[] contentsOf(String name) throws IOException {
    try (FileChannel channel = open(name)) {
      return contents(channel);
    }
  }

  /** A check on a read-only and a write-only channel of one file. */
  @FunctionalInterface
  interface AccessModeCheck {
    void run(FileChannel readOnly, FileChannel writeOnly) throws IOException;
  }

  /**
   * Creates {@link #NAME} holding ten bytes made with {@code seed}, opens it for reading only and
   * for writing only, runs {@code check} and closes both channels.
   */
  final void withReadOnlyAndWriteOnly(int seed, AccessModeCheck check) throws IOException {
    createFile(NAME, bytes(10, seed));
    try (FileChannel readOnly = open(NAME, READ);
        FileChannel writeOnly = open(NAME, WRITE)) {
      check.run(readOnly, writeOnly);
    }
  }
}
