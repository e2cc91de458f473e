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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.zip.CRC32;

/**
 * Differential transfer steps whose other channel fails part-way: a source that gives some bytes
 * and then fails every read, a target that takes some bytes and then fails every write. The JDK
 * returns the bytes it moved when there were any, else throws the other channel's failure.
 */
final class FailingTransferOps {

  private FailingTransferOps() {}

  /** The failure both channels throw once their bytes are used up. */
  static final class PartWayFailure extends IOException {
    private static final long serialVersionUID = 1L;

    PartWayFailure(String what, long afterBytes) {
      super("injected " + what + " failure after " + afterBytes + " bytes");
    }
  }

  /** {@code transferFrom} a source of {@code sourceBytes} bytes of noise that then fails. */
  record TransferFromFailing(
      int handle, PositionSpec at, long count, int sourceBytes, int fillOffset)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      FailingSource source = new FailingSource(side.noise, fillOffset, sourceBytes);
      String result =
          side.call(() -> channel.transferFrom(source, at.resolve(referenceSizeBytes), count));
      return result + " consumed=" + source.consumed;
    }

    @Override
    public String toString() {
      return ChannelOps.describeTransferFrom(
          handle, at, count, "source failing after " + sourceBytes + " bytes");
    }
  }

  /** {@code transferTo} a target that takes {@code targetBytes} bytes, then fails. */
  record TransferToFailing(int handle, PositionSpec from, long count, int targetBytes)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      FailingTarget target = new FailingTarget(targetBytes);
      long position = from.resolve(referenceSizeBytes);
      String result = side.call(() -> channel.transferTo(position, count, target));
      return result
          + " target[taken="
          + target.taken
          + " crc="
          + Long.toHexString(target.crc.getValue())
          + "]";
    }

    @Override
    public String toString() {
      return ChannelOps.describeTransferTo(
          handle, from, count, "target failing after " + targetBytes + " bytes");
    }
  }

  /** The other channel of a step: always open, and closing it does nothing. */
  private abstract static class OtherChannel implements Channel {
    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }

  private static final class FailingSource extends OtherChannel implements ReadableByteChannel {
    private final byte[] noise;
    private final int offset;
    private final int bytes;
    private int consumed;

    FailingSource(byte[] noise, int offset, int bytes) {
      this.noise = noise;
      this.offset = offset;
      this.bytes = bytes;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      if (consumed == bytes) {
        throw new PartWayFailure("source", bytes);
      }
      int n = Math.min(dst.remaining(), bytes - consumed);
      dst.put(noise, offset + consumed, n);
      consumed += n;
      return n;
    }
  }

  private static final class FailingTarget extends OtherChannel implements WritableByteChannel {
    private final int bytes;
    private final CRC32 crc = new CRC32();
    private int taken;

    FailingTarget(int bytes) {
      this.bytes = bytes;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      if (taken == bytes && src.hasRemaining()) {
        throw new PartWayFailure("target", bytes);
      }
      int n = Math.min(src.remaining(), bytes - taken);
      ByteBuffer part = src.duplicate();
      part.limit(part.position() + n);
      crc.update(part);
      src.position(src.position() + n);
      taken += n;
      return n;
    }
  }
}
