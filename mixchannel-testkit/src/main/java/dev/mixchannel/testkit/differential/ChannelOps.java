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

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.util.zip.CRC32;

/** Differential steps on the channel's position, size and transfers. */
final class ChannelOps {

  private ChannelOps() {}

  /**
   * {@code position(long)}, or {@code truncate(long)} when {@code truncate}; both return a channel.
   */
  record SetPositionOrSize(int handle, boolean truncate, PositionSpec to) implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      return side.call(
          () -> {
            long value = to.resolve(referenceSizeBytes);
            return sameOrOther(
                channel, truncate ? channel.truncate(value) : channel.position(value));
          });
    }

    @Override
    public String toString() {
      return DiffOp.describe(truncate ? "truncate" : "position", handle, to);
    }
  }

  /** {@code force(boolean)}. */
  record Force(int handle, boolean metaData) implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      return side.call(
          () -> {
            channel.force(metaData);
            return "done";
          });
    }

    @Override
    public String toString() {
      return DiffOp.describe("force", handle, metaData);
    }
  }

  /**
   * {@code transferTo} into a JDK file channel positioned at {@code targetPosition}, or into a
   * {@link ByteArrayOutputStream} channel when {@code targetPosition < 0}.
   */
  record TransferTo(int handle, PositionSpec from, long count, int targetPosition)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes)
        throws Exception {
      long position = from.resolve(referenceSizeBytes);
      if (targetPosition >= 0) {
        FileChannel target = side.resetTarget(targetPosition);
        return side.call(() -> channel.transferTo(position, count, target))
            + " "
            + side.targetState();
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (WritableByteChannel target = Channels.newChannel(out)) {
        String result = side.call(() -> channel.transferTo(position, count, target));
        return result + received("out", out.toByteArray());
      }
    }

    @Override
    public String toString() {
      return describeTransferTo(
          handle,
          from,
          count,
          targetPosition >= 0 ? "file target at " + targetPosition : "stream target");
    }
  }

  /** {@code transferFrom} a byte-array channel of noise. */
  record TransferFrom(int handle, PositionSpec at, long count, int sourceBytes, int fillOffset)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      ByteArrayInputStream in = new ByteArrayInputStream(side.noise, fillOffset, sourceBytes);
      String result =
          side.call(
              () ->
                  channel.transferFrom(
                      Channels.newChannel(in), at.resolve(referenceSizeBytes), count));
      return result + " consumed=" + (sourceBytes - in.available());
    }

    @Override
    public String toString() {
      return describeTransferFrom(handle, at, count, "source=" + sourceBytes + " bytes");
    }
  }

  /**
   * How a {@code transferTo} step describes itself: {@code transferTo(hN, from=.., count=..,
   * target)}.
   */
  static String describeTransferTo(int handle, PositionSpec from, long count, String target) {
    return DiffOp.describe("transferTo", handle, "from=" + from, "count=" + count, target);
  }

  /**
   * How a {@code transferFrom} step describes itself: {@code transferFrom(hN, at=.., count=..,
   * source)}.
   */
  static String describeTransferFrom(int handle, PositionSpec at, long count, String source) {
    return DiffOp.describe("transferFrom", handle, "at=" + at, "count=" + count, source);
  }

  static String sameOrOther(FileChannel channel, FileChannel returned) {
    return returned == channel ? "this" : "another channel";
  }

  /** What a transfer's other channel received: {@code " what[size=N crc=X]"}. */
  static String received(String what, byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    return " " + what + "[size=" + bytes.length + " crc=" + Long.toHexString(crc.getValue()) + "]";
  }
}
