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
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.OverlappingFileLockException;
import org.junit.jupiter.api.Test;

/**
 * {@code lock} and {@code tryLock} when the implementation declares {@link ChannelCapability#LOCK}.
 */
abstract class LockContract extends ContractTestBase {

  @Test
  void shouldLockExclusiveAndReleaseWhenWritable() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    try (FileChannel channel = openWith(bytes(10, 1))) {
      FileLock lock = channel.lock(2, 100, false);
      assertThat(lock.channel()).isSameAs(channel);
      assertThat(lock.acquiredBy()).isSameAs(channel);
      assertThat(new long[] {lock.position(), lock.size()}).containsExactly(2, 100);
      assertThat(lock.isShared()).isFalse();
      assertThat(lock.isValid()).isTrue();
      lock.release();
      assertThat(lock.isValid()).isFalse();
      lock.release();
      FileLock again = channel.tryLock(2, 100, false);
      assertThat(again).isNotNull();
      again.close();
      assertThat(again.isValid()).isFalse();
    }
  }

  @Test
  void shouldLockSharedWhenReadable() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    createFile(NAME, bytes(10, 2));
    try (FileChannel channel = open(NAME, READ)) {
      FileLock lock = channel.tryLock(0, 10, true);
      assertThat(lock).isNotNull();
      assertThat(lock.isShared()).isTrue();
      lock.release();
    }
  }

  @Test
  void shouldLockWholeFileWhenNoRegionGiven() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    try (FileChannel channel = openReadWrite()) {
      FileLock lock = channel.lock();
      assertThat(new long[] {lock.position(), lock.size()}).containsExactly(0, Long.MAX_VALUE);
      assertThat(lock.isShared()).isFalse();
      lock.release();
      FileLock tried = channel.tryLock();
      assertThat(new long[] {tried.position(), tried.size()}).containsExactly(0, Long.MAX_VALUE);
      tried.release();
    }
  }

  @Test
  void shouldRejectSharedLockWhenWriteOnlyAndExclusiveWhenReadOnly() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    withReadOnlyAndWriteOnly(
        3,
        (readOnly, writeOnly) -> {
          assertThrowsExactly(NonReadableChannelException.class, () -> writeOnly.lock(0, 5, true));
          assertThrowsExactly(
              NonReadableChannelException.class, () -> writeOnly.tryLock(0, 5, true));
          assertThrowsExactly(NonWritableChannelException.class, () -> readOnly.lock(0, 5, false));
          assertThrowsExactly(
              NonWritableChannelException.class, () -> readOnly.tryLock(0, 5, false));
          assertThrowsExactly(NonWritableChannelException.class, readOnly::lock);
        });
  }

  @Test
  void shouldThrowOverlappingWhenRegionAlreadyLockedInThisJvm() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    try (FileChannel channel = openWith(bytes(10, 4));
        FileChannel other = open(NAME, READ, WRITE)) {
      FileLock lock = channel.lock(0, 10, false);
      assertThrowsExactly(OverlappingFileLockException.class, () -> channel.lock(5, 10, false));
      assertThrowsExactly(OverlappingFileLockException.class, () -> channel.tryLock(9, 1, true));
      assertThrowsExactly(OverlappingFileLockException.class, () -> other.tryLock(5, 10, true));
      assertThrowsExactly(OverlappingFileLockException.class, () -> other.lock());
      FileLock adjacent = other.lock(10, 5, false);
      assertThat(adjacent.isValid()).isTrue();
      adjacent.release();
      lock.release();
      other.lock(0, 10, false).release();
    }
  }

  @Test
  void shouldInvalidateLockWhenChannelClosed() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    FileLock lock;
    try (FileChannel channel = openWith(bytes(10, 5))) {
      lock = channel.lock(0, 5, false);
    }
    assertThat(lock.isValid()).isFalse();
    assertThrowsExactly(ClosedChannelException.class, lock::release);
    try (FileChannel channel = open(NAME, READ, WRITE)) {
      FileLock again = channel.tryLock(0, 5, false);
      assertThat(again).isNotNull();
      again.release();
    }
  }

  @Test
  void shouldLockRegionBeyondEndWithoutChangingSize() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    try (FileChannel channel = openWith(bytes(10, 6))) {
      FileLock lock = channel.lock(MIB, 100, true);
      assertThat(lock.isShared()).isTrue();
      assertPositionAndSize(channel, 0, 10);
      lock.release();
    }
  }

  @Test
  void shouldRejectNegativeOrOverflowingLockRegion() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    try (FileChannel channel = openReadWrite()) {
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.lock(-1, 1, false));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.lock(0, -1, false));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.tryLock(-1, 1, true));
      assertThrowsExactly(IllegalArgumentException.class, () -> channel.tryLock(0, -1, true));
      assertThrowsExactly(
          IllegalArgumentException.class, () -> channel.lock(Long.MAX_VALUE, 2, false));
    }
  }

  @Test
  void shouldThrowClosedChannelWhenLockingClosedChannel() throws IOException {
    assumeCapability(ChannelCapability.LOCK);
    FileChannel channel = openReadWrite();
    channel.close();
    assertThrowsExactly(ClosedChannelException.class, channel::lock);
    assertThrowsExactly(ClosedChannelException.class, channel::tryLock);
    assertThrowsExactly(ClosedChannelException.class, () -> channel.lock(0, 1, true));
    assertThrowsExactly(ClosedChannelException.class, () -> channel.tryLock(0, 1, false));
  }

  @Test
  void shouldThrowUnsupportedWhenLockingWithoutCapability() throws IOException {
    assumeNoCapability(ChannelCapability.LOCK);
    try (FileChannel channel = openReadWrite()) {
      assertThrowsExactly(UnsupportedOperationException.class, channel::lock);
      assertThrowsExactly(UnsupportedOperationException.class, channel::tryLock);
      assertThrowsExactly(UnsupportedOperationException.class, () -> channel.lock(0, 1, true));
      assertThrowsExactly(UnsupportedOperationException.class, () -> channel.tryLock(0, 1, false));
    }
  }
}
