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

import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Differential steps with a blocking pipe on the other side, fed or drained by a thread of its own:
 * a source whose bytes arrive in pieces and end when the feeder closes it, and a target that takes
 * bytes only as fast as its reader drains them.
 */
final class PipeOps {

  private PipeOps() {}

  /**
   * {@code transferFrom} a pipe that yields {@code sourceBytes} bytes of noise (up to several MiB,
   * the noise repeated) and then ends; the result says how many bytes the transfer left in the
   * pipe.
   */
  record TransferFromPipe(int handle, PositionSpec at, long count, long sourceBytes, int fillOffset)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes)
        throws Exception {
      long position = at.resolve(referenceSizeBytes);
      try (BlockingPipe pipe = BlockingPipe.feeding(side.noise, fillOffset, sourceBytes)) {
        String result = side.call(() -> channel.transferFrom(pipe.source(), position, count));
        return result + " unread=" + pipe.unread();
      }
    }

    @Override
    public String toString() {
      return DiffOp.describe(
          "transferFrom",
          handle,
          "pipe of " + sourceBytes + " bytes",
          "at=" + at,
          "count=" + count);
    }
  }

  /**
   * {@code transferTo} a blocking pipe (behind a stream channel) drained by a thread; the result
   * has what the thread received.
   */
  record TransferToPipe(int handle, PositionSpec from, long count) implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes)
        throws Exception {
      long position = from.resolve(referenceSizeBytes);
      try (BlockingPipe pipe = BlockingPipe.collecting()) {
        // Behind a stream channel: the JDK hands a bare pipe sink to sendfile, whose count on a
        // blocking pipe depends on how fast the reader drains it, and would not be reproducible.
        WritableByteChannel target = Channels.newChannel(Channels.newOutputStream(pipe.sink()));
        String result = side.call(() -> channel.transferTo(position, count, target));
        return result + ChannelOps.received("pipe", pipe.received());
      }
    }

    @Override
    public String toString() {
      return ChannelOps.describeTransferTo(handle, from, count, "pipe target");
    }
  }
}
