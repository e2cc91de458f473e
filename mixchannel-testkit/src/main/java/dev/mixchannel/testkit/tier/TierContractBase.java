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
package dev.mixchannel.testkit.tier;

import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.testkit.channel.ContractSupport;
import dev.mixchannel.testkit.junit.internal.EnclosingInstanceResolver;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture every tier contract group shares: the tier under test on a fresh directory, a restart
 * from disk, and helpers that create keys with known bytes. A group is nested in a {@link
 * StorageTierContractSuite}, which {@link EnclosingInstanceResolver} passes to the set-up.
 */
@ExtendWith(EnclosingInstanceResolver.class)
abstract class TierContractBase {

  /** The key most tests work on: nested, as Kafka's keys are. */
  static final String KEY = "topic-0/00000000000000000000.log";

  /** A second key in the same sub-directory. */
  static final String OTHER = "topic-0/00000000000000000100.log";

  /** A key at the top level. */
  static final String TOP = "top.log";

  static final int KIB = 1024;

  /** The tier's directory, as passed to {@link StorageTierContractSuite#openTier}. */
  Path dir;

  /** A directory outside the tier, for files the tier must not know. */
  Path outside;

  /** The tier under test; replaced by {@link #restart()}. */
  StorageTier tier;

  /** The suite that nests this group; its hook opens the tier. */
  private StorageTierContractSuite suite;

  @BeforeEach
  final void openTierOnFreshDirectory(StorageTierContractSuite enclosing, @TempDir Path tempDir)
      throws IOException {
    suite = enclosing;
    dir = Files.createDirectory(tempDir.resolve("tier"));
    outside = Files.createDirectory(tempDir.resolve("outside"));
    tier = suite().openTier(dir);
  }

  @AfterEach
  final void closeTier() throws IOException {
    if (tier != null) {
      tier.close();
    }
  }

  /** The suite that nests this group. */
  final StorageTierContractSuite suite() {
    return suite;
  }

  /** Closes the tier and opens it again from disk on the same directory. */
  final StorageTier restart() throws IOException {
    StorageTier closing = tier;
    tier = null;
    closing.close();
    tier = suite().openTier(dir);
    return tier;
  }

  final boolean has(TierCapability capability) {
    Set<TierCapability> declared = suite().capabilities();
    return declared.contains(capability)
        || (capability == TierCapability.LOCK
            && declared.contains(TierCapability.CROSS_PROCESS_LOCK_ON_KEY_FILE));
  }

  final void assumeCapability(TierCapability capability) {
    assumeTrue(has(capability), "tier does not declare capability " + capability);
  }

  final void assumeNoCapability(TierCapability capability) {
    assumeFalse(has(capability), "tier declares capability " + capability);
  }

  /** Creates {@code key} (it must not exist) holding {@code content}; the caller closes it. */
  final FileChannel create(String key, byte[] content) throws IOException {
    FileChannel channel = tier.open(key, Set.of(CREATE_NEW, READ, WRITE));
    ContractSupport.writeFully(channel, ByteBuffer.wrap(content), 0);
    return channel;
  }

  /** Creates {@code key} (it must not exist) holding {@code content}, and closes its channel. */
  final void put(String key, byte[] content) throws IOException {
    create(key, content).close();
  }

  /** Creates {@code key} as an incomplete key holding {@code content}; the caller closes it. */
  final FileChannel createIncomplete(String key, byte[] content) throws IOException {
    FileChannel channel = tier.createIncomplete(key, SizeHint.of(content.length));
    ContractSupport.writeFully(channel, ByteBuffer.wrap(content), 0);
    return channel;
  }

  /** The bytes of a complete key, read through a new read-only channel. */
  final byte[] read(String key) throws IOException {
    try (FileChannel channel = tier.open(key, Set.of(READ))) {
      return ContractSupport.contents(channel);
    }
  }

  /** The state the tier's queries report. */
  final TierContents snapshot() throws IOException {
    return TierContents.of(tier);
  }

  static Set<OpenOption> options(OpenOption... options) {
    return Set.of(options);
  }

  static byte[] bytes(int length, int seed) {
    return ContractSupport.bytes(length, seed);
  }

  static void write(FileChannel channel, byte[] content, long position) throws IOException {
    ContractSupport.writeFully(channel, ByteBuffer.wrap(content), position);
  }

  static byte[] contents(FileChannel channel) throws IOException {
    return ContractSupport.contents(channel);
  }
}
