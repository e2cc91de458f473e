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
package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The delegations {@link KeyIo#run} makes to a key's backing channel, under the key's shared lock
 * (or, for {@link #APPEND}, its append lock). None calls a channel other than the backing channel.
 * An enum dispatched by a switch rather than lambdas: the I/O path allocates nothing per call, and
 * its call into the backing channel stays as direct as one written out per operation, whether or
 * not the JIT inlines the retry loop into its caller.
 */
enum BackingOp {
  /** {@code read(dst, position)}; {@code arg} is the buffer. */
  READ,
  /**
   * {@code write(src, position)}, recorded for a migration in flight; {@code arg} is the buffer.
   */
  WRITE,
  /** A write at the end; the caller holds the append lock, which alone orders appends. */
  APPEND,
  /** {@code size()}. */
  SIZE,
  /** {@code truncate(position)}, recorded for a migration in flight when it shrinks. */
  TRUNCATE,
  /** {@code force(count != 0)}. */
  FORCE,
  /** {@code tryLock}; {@code arg} is the {@link KeyLocks.LockRequest}, which registers the lock. */
  TRY_LOCK,
  /** The release of a {@link HandleLock} ({@code arg}). */
  RELEASE;

  /** Whether the operation changes nothing ({@code read}, {@code size}): it may run again. */
  boolean readOnly() {
    return this == READ || this == SIZE;
  }

  /**
   * Runs the operation.
   *
   * @param backing the backing channel
   * @param key the key, to record writes with {@link TieredKey#noteWrite}
   * @param arg the operation's argument, or {@code null}
   * @param position the position (the size, for a truncate)
   * @param count a second number, or 0
   * @return the result, or 0
   * @throws IOException when the backing channel fails
   */
  long apply(FileChannel backing, TieredKey key, Object arg, long position, long count)
      throws IOException {
    switch (this) {
      case READ:
        return backing.read((ByteBuffer) arg, position);
      case WRITE:
        key.noteWrite(position);
        return backing.write((ByteBuffer) arg, position);
      case APPEND:
        long end = backing.size();
        key.noteWrite(end);
        return backing.write((ByteBuffer) arg, end);
      case SIZE:
        return backing.size();
      case TRUNCATE:
        if (position < backing.size()) {
          key.noteWrite(position);
        }
        // Also when not shrinking: a tier may free room a failed write left beyond the end.
        backing.truncate(position);
        return 0;
      case FORCE:
        ForceTimer.force(backing, key, count != 0);
        return 0;
      case TRY_LOCK:
        ((KeyLocks.LockRequest) arg).tryLock(backing, key);
        return 0;
      case RELEASE:
        HandleLock lock = (HandleLock) arg;
        key.removeFileLock(lock);
        lock.releaseDelegate();
        return 0;
      default:
        throw new AssertionError(this);
    }
  }
}
