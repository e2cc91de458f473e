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

import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * The argument and access-mode checks of a {@link java.nio.channels.FileChannel} implementation,
 * with the exceptions and messages the JDK's own file channel throws, in the JDK's order.
 * MixChannel has two implementations (the PMem channel and the tiering handle); both check through
 * these methods, so their refusals cannot drift apart. Each implementation checks that it is open
 * first (their closed exceptions differ), then calls these. Stateless.
 */
public final class FileChannelChecks {

  /**
   * Whether the running JDK's {@code transferFrom} writes at a position past the size: from JDK 21
   * on it does, extending the file (JDK-8303260); up to JDK 20 it transfers nothing and returns 0.
   */
  private static final boolean TRANSFER_FROM_WRITES_PAST_SIZE = Runtime.version().feature() >= 21;

  private FileChannelChecks() {}

  /**
   * Whether {@code transferFrom} at a position past the size writes there on the running JDK (and
   * so extends the file, the gap reading zeros), as it does from JDK 21 on (JDK-8303260); up to JDK
   * 20 it transfers nothing. The running JDK's {@code FileChannel} is the contract, so every
   * implementation and the contract suite ask this one rule.
   *
   * @return {@code true} on JDK 21 and later
   */
  public static boolean transferFromWritesPastSize() {
    return TRANSFER_FROM_WRITES_PAST_SIZE;
  }

  /**
   * Whether a {@code transferFrom} at this position transfers nothing because the position is past
   * the size, on the running JDK (see {@link #transferFromWritesPastSize}). Called after {@link
   * #transferFrom}'s checks.
   *
   * @param position the position of the transfer
   * @param sizeBytes the channel's size at entry
   * @return {@code true} when the transfer must return 0 and read nothing from the source
   */
  public static boolean transfersNothingFrom(long position, long sizeBytes) {
    return position > sizeBytes && !TRANSFER_FROM_WRITES_PAST_SIZE;
  }

  /**
   * A positional read or write: {@code read(ByteBuffer, long)}, {@code write(ByteBuffer, long)}.
   * Called before the open check, as the JDK checks these first.
   *
   * @param buffer the buffer
   * @param position the position
   * @throws NullPointerException when the buffer is null
   * @throws IllegalArgumentException when the position is negative
   */
  public static void positional(ByteBuffer buffer, long position) {
    Objects.requireNonNull(buffer);
    if (position < 0) {
      throw new IllegalArgumentException("Negative position");
    }
  }

  /**
   * The sub-range of a scatter or gather. Called before the open check, as the JDK does.
   *
   * @param offset the first buffer
   * @param length the number of buffers
   * @param buffers the length of the array
   * @throws IndexOutOfBoundsException when the range does not fit the array
   */
  public static void buffers(int offset, int length, int buffers) {
    Objects.checkFromIndexSize(offset, length, buffers);
  }

  /**
   * {@code position(long)}.
   *
   * @param newPosition the new position
   * @throws IllegalArgumentException when negative
   */
  public static void newPosition(long newPosition) {
    if (newPosition < 0) {
      throw new IllegalArgumentException();
    }
  }

  /**
   * {@code truncate(long)}: the size, then the access mode.
   *
   * @param size the new size
   * @param writable whether the channel was opened for writing
   * @throws IllegalArgumentException when the size is negative
   * @throws NonWritableChannelException when not writable
   */
  public static void truncate(long size, boolean writable) {
    if (size < 0) {
      throw new IllegalArgumentException("Negative size");
    }
    writable(writable);
  }

  /**
   * A read of any kind.
   *
   * @param readable whether the channel was opened for reading
   * @throws NonReadableChannelException when not
   */
  public static void readable(boolean readable) {
    if (!readable) {
      throw new NonReadableChannelException();
    }
  }

  /**
   * A write of any kind.
   *
   * @param writable whether the channel was opened for writing
   * @throws NonWritableChannelException when not
   */
  public static void writable(boolean writable) {
    if (!writable) {
      throw new NonWritableChannelException();
    }
  }

  /**
   * A destination buffer of a read.
   *
   * @param dst the buffer
   * @throws IllegalArgumentException when it is read-only
   */
  public static void destination(ByteBuffer dst) {
    if (dst.isReadOnly()) {
      throw new IllegalArgumentException("Read-only buffer");
    }
  }

  /**
   * {@code lock} and {@code tryLock}: a shared lock needs reading, an exclusive one writing.
   *
   * @param shared whether the lock is shared
   * @param readable whether the channel was opened for reading
   * @param writable whether the channel was opened for writing
   * @throws NonReadableChannelException for a shared lock on a channel not open for reading
   * @throws NonWritableChannelException for an exclusive lock on one not open for writing
   */
  public static void lock(boolean shared, boolean readable, boolean writable) {
    if (shared) {
      readable(readable);
    } else {
      writable(writable);
    }
  }

  /**
   * {@code transferTo}: the target, the access modes, then the arguments.
   *
   * @param readable whether this channel was opened for reading
   * @param target the target
   * @param targetWritable false only for a target of the implementation's own kind that was not
   *     opened for writing (the JDK refuses that one up front; other targets refuse on write)
   * @param position the position
   * @param count the count
   * @throws ClosedChannelException when the target is closed
   * @throws NonReadableChannelException when this channel is not readable
   * @throws NonWritableChannelException when the target is of this kind and not writable
   * @throws IllegalArgumentException when the position or the count is negative
   */
  public static void transferTo(
      boolean readable,
      WritableByteChannel target,
      boolean targetWritable,
      long position,
      long count)
      throws ClosedChannelException {
    if (!target.isOpen()) {
      throw new ClosedChannelException();
    }
    readable(readable);
    if (!targetWritable) {
      throw new NonWritableChannelException();
    }
    range(position, count);
  }

  /**
   * {@code transferFrom}: the source, the access mode, then the arguments. A source of the
   * implementation's own kind must also be readable; the JDK checks that after the position (see
   * {@link #readable}).
   *
   * @param writable whether this channel was opened for writing
   * @param src the source
   * @param position the position
   * @param count the count
   * @throws ClosedChannelException when the source is closed
   * @throws NonWritableChannelException when this channel is not writable
   * @throws IllegalArgumentException when the position or the count is negative
   */
  public static void transferFrom(
      boolean writable, ReadableByteChannel src, long position, long count)
      throws ClosedChannelException {
    if (!src.isOpen()) {
      throw new ClosedChannelException();
    }
    writable(writable);
    range(position, count);
  }

  private static void range(long position, long count) {
    if (position < 0 || count < 0) {
      throw new IllegalArgumentException();
    }
  }
}
