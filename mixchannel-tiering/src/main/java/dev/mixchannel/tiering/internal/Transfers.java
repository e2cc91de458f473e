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

import dev.mixchannel.common.FileChannelChecks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Transfers that must not hold this key's lock while calling the other channel: every {@code
 * transferFrom} (the source may be this very key, a wrapper of it, or block) and {@code transferTo}
 * into another {@code MixChannel} (holding two keys' locks could deadlock with two migrations; the
 * same key's lock would be taken twice). They go through a bounded heap buffer, one locked
 * operation per piece on each side. As the JDK's, a transfer that fails after it moved bytes
 * returns their count.
 */
final class Transfers {
  private static final int BUFFER_BYTES = 64 << 10;

  private Transfers() {}

  /**
   * Copies {@code min(count, size - position)} bytes, the size taken at entry as the JDK does, so a
   * transfer into this very key stops where the key ended when it began. Used for a target that is
   * a {@code MixChannel}, and for any other target while the key holds file locks (so that no call
   * on the backing runs in the caller's thread).
   */
  static long toChannel(
      MixChannelImpl h, KeyIo io, long position, long count, WritableByteChannel target)
      throws IOException {
    long size = io.size(h);
    if (position >= size || count == 0) {
      return 0;
    }
    count = Math.min(count, size - position);
    return bounce(
        count,
        (buffer, done) -> io.read(h, buffer, position + done),
        (buffer, done) -> target.write(buffer),
        false);
  }

  static long fromChannel(
      MixChannelImpl h,
      KeyIo io,
      ReadableByteChannel src,
      long position,
      long count,
      boolean append)
      throws IOException {
    if (FileChannelChecks.transfersNothingFrom(position, io.size(h))) {
      return 0;
    }
    if (src instanceof MixChannelImpl source) {
      // As the JDK from a file channel of its own kind: the source must be readable, and at most
      // what it holds past its position at entry is copied, so a transfer from this very key never
      // reads the bytes it writes. Other channels are read until they end, as the JDK reads them.
      if (!source.readable()) {
        throw new NonReadableChannelException();
      }
      count = Math.min(count, source.size() - source.position());
    }
    if (count <= 0) {
      return 0;
    }
    return bounce(
        count,
        (buffer, done) -> src.read(buffer),
        (buffer, done) -> append ? h.append(buffer) : io.write(h, buffer, position + done),
        true);
  }

  /** A {@link PieceCopy} of at most {@code count} bytes; one that fails part-way counts. */
  private static long bounce(long count, PieceCopy.Piece read, PieceCopy.Piece write, boolean drain)
      throws IOException {
    PieceCopy copy = new PieceCopy(ByteBuffer.allocate((int) Math.min(BUFFER_BYTES, count)));
    try {
      return copy.run(count, read, write, drain);
    } catch (IOException e) {
      return partial(copy.done(), e);
    }
  }

  /**
   * The JDK's rule for a transfer that fails part-way: the bytes moved so far when there are any
   * (the failure is dropped, as the JDK drops it), else the failure. An interrupt that closed this
   * handle meanwhile has closed it all the same.
   */
  private static long partial(long done, IOException failure) throws IOException {
    if (done > 0) {
      return done;
    }
    throw failure;
  }
}
