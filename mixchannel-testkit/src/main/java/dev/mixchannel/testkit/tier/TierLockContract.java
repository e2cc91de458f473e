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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.StorageTier;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A lock taken through a channel stays held whatever the tier is asked to do meanwhile (the "File
 * locks" paragraph of {@link StorageTier}), when the tier declares {@link TierCapability#LOCK}.
 * Held means: the lock is valid, another channel of the key in this JVM gets {@link
 * OverlappingFileLockException}, and with {@link TierCapability#CROSS_PROCESS_LOCK_ON_KEY_FILE} a
 * child JVM cannot lock the range of the key's file. The checks from this JVM open new channels on
 * the key and keep them open to the end of the test, as closing one could itself drop a POSIX lock.
 */
abstract class TierLockContract extends TierContractBase {

  private static final long POSITION = 0;
  private static final long SIZE = 100;

  private final List<FileChannel> probes = new ArrayList<>();
  private LockProbeProcess childProbe;

  @AfterEach
  final void closeProbes() throws IOException {
    for (FileChannel channel : probes) {
      channel.close();
    }
    if (childProbe != null) {
      childProbe.close();
    }
  }

  @Test
  void shouldReportLockFreeWhenReleasedOrItsChannelClosed() throws IOException {
    assumeCapability(TierCapability.LOCK);
    FileChannel channel = create(KEY, bytes(1000, 1));
    assertFreeInOtherProcess(KEY, "before any lock");
    FileLock lock = channel.lock(POSITION, SIZE, false);
    assertHeld(lock, KEY, "lock");
    lock.release();
    assertThat(lock.isValid()).isFalse();
    assertFreeInOtherProcess(KEY, "release");
    try (FileChannel other = tier.open(KEY, options(READ, WRITE))) {
      other.lock(POSITION, SIZE, false).release();
    }
    FileLock again = channel.lock(POSITION, SIZE, false);
    assertHeld(again, KEY, "second lock");
    channel.close();
    assertThat(again.isValid()).isFalse();
    assertFreeInOtherProcess(KEY, "close of the locking channel");
  }

  @Test
  void shouldKeepLockWhenSecondChannelOpenedOnKey() throws IOException {
    assumeCapability(TierCapability.LOCK);
    withLockedKey(
        2,
        (channel, lock) -> {
          FileChannel second = keep(tier.open(KEY, options(READ)));
          assertThat(second.size()).isEqualTo(1000);
          assertHeld(lock, KEY, "open of a second channel");
        });
  }

  @Test
  void shouldKeepLockTakenOnIncompleteChannelWhenPublished() throws IOException {
    assumeCapability(TierCapability.LOCK);
    try (FileChannel incomplete = createIncomplete(KEY, bytes(1000, 3))) {
      FileLock lock = incomplete.lock(POSITION, SIZE, false);
      tier.publish(KEY);
      assertHeld(lock, KEY, "publish");
    }
  }

  @Test
  void shouldKeepLockWhenKeyRenamedAndRenamedOverAnotherKey() throws IOException {
    assumeCapability(TierCapability.LOCK);
    put(OTHER, bytes(10, 4));
    withLockedKey(
        5,
        (channel, lock) -> {
          tier.rename(KEY, "renamed/key.log");
          assertHeld(lock, "renamed/key.log", "rename");
          tier.rename("renamed/key.log", OTHER);
          assertHeld(lock, OTHER, "rename over another key");
        });
  }

  @Test
  void shouldKeepLockWhenOtherKeysChangeAndTheirChannelsClose() throws IOException {
    assumeCapability(TierCapability.LOCK);
    withLockedKey(
        6,
        (channel, lock) -> {
          FileChannel other = create(OTHER, bytes(10, 7));
          assertHeld(lock, KEY, "create of another key");
          other.close();
          assertHeld(lock, KEY, "close of another key's channel");
          createIncomplete("incomplete.log", bytes(10, 8)).close();
          tier.publish("incomplete.log");
          assertHeld(lock, KEY, "publish of another key");
          tier.rename(OTHER, TOP);
          assertHeld(lock, KEY, "rename of another key");
          assertThat(tier.delete(TOP)).isTrue();
          assertHeld(lock, KEY, "delete of another key");
          createIncomplete("discarded.log", bytes(10, 9)).close();
          assertThat(tier.discardIncomplete("discarded.log")).isTrue();
          tier.keys();
          tier.incompleteKeys();
          tier.size(KEY);
          tier.usedBytes();
          assertHeld(lock, KEY, "discard of another key and queries");
        });
  }

  @Test
  void shouldKeepLockWhenChannelReopened() throws IOException {
    assumeCapability(TierCapability.LOCK);
    assumeCapability(TierCapability.REOPEN);
    withLockedKey(
        10,
        (channel, lock) -> {
          FileChannel reopened = keep(tier.reopen(channel));
          assertThat(reopened.size()).isEqualTo(1000);
          assertHeld(lock, KEY, "reopen");
          try (FileChannel writer = tier.open(TOP, options(CREATE, WRITE))) {
            tier.reopen(writer).close();
          }
          assertHeld(lock, KEY, "reopen and close of another key's channel");
        });
  }

  /** A check made while a channel of the key holds the lock. */
  @FunctionalInterface
  private interface LockedCheck {
    void run(FileChannel channel, FileLock lock) throws IOException;
  }

  /**
   * Creates {@link #KEY} with 1000 bytes made with {@code seed}, locks the checked range through
   * its channel, runs {@code check} and closes the channel.
   */
  private void withLockedKey(int seed, LockedCheck check) throws IOException {
    try (FileChannel channel = create(KEY, bytes(1000, seed))) {
      check.run(channel, channel.lock(POSITION, SIZE, false));
    }
  }

  private FileChannel keep(FileChannel channel) {
    probes.add(channel);
    return channel;
  }

  /** Checks that {@code lock}, on the key now named {@code key}, is held after {@code step}. */
  private void assertHeld(FileLock lock, String key, String step) throws IOException {
    assertThat(lock.isValid()).as("lock valid after %s", step).isTrue();
    if (has(TierCapability.CROSS_PROCESS_LOCK_ON_KEY_FILE)) {
      assertThat(childProbe().probe(dir.resolve(key), POSITION, SIZE))
          .as("another process locking %s after %s", dir.resolve(key), step)
          .isEqualTo(LockProbe.HELD);
    }
    FileChannel other = keep(tier.open(key, options(READ, WRITE)));
    assertThatThrownBy(() -> other.tryLock(POSITION, SIZE, false))
        .as("another channel of %s locking after %s", key, step)
        .isInstanceOf(OverlappingFileLockException.class);
  }

  private void assertFreeInOtherProcess(String key, String step) throws IOException {
    if (has(TierCapability.CROSS_PROCESS_LOCK_ON_KEY_FILE)) {
      assertThat(childProbe().probe(dir.resolve(key), POSITION, SIZE))
          .as("another process locking %s after %s", dir.resolve(key), step)
          .isEqualTo(LockProbe.FREE);
    }
  }

  private LockProbeProcess childProbe() throws IOException {
    if (childProbe == null) {
      childProbe = LockProbeProcess.start();
    }
    return childProbe;
  }
}
