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

import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Set;

/**
 * Differential steps whose other channel is a channel of the run's own file: {@code transferTo}
 * into, and {@code transferFrom} out of, the handle itself, the second handle or a fresh handle,
 * handed over as it is or behind a wrapper the channel under test cannot see through.
 *
 * <p>Where the source and target ranges overlap, the bytes depend on how a side copies (the JDK
 * maps the source, others bounce through buffers), so a step places the target range before or
 * after the source range as the JDK caps it: {@code min(count, size - position)}, with the size
 * taken at entry on the step's own side (and reported, so that sides which disagree on it diverge
 * here). A count of {@code Long.MAX_VALUE} is only placed before the source and never into an
 * {@code APPEND} handle: a channel that does not cap the count at entry would otherwise copy its
 * own output until the disk is full, and so would the JDK reading its own file through a wrapper.
 */
final class SameFileOps {

  private SameFileOps() {}

  /** Which handle of the file is the other channel. */
  enum Other {
    /** The step's own handle. */
    SAME,
    /** The second handle (the main one while no second is open). */
    SECOND,
    /** A handle opened for reading and writing by the step and closed after it. */
    FRESH
  }

  /** How the other channel is handed to the channel under test. */
  enum Via {
    /** As it is. */
    HANDLE,
    /** Behind a {@link ForwardingChannel}. */
    FORWARDING,
    /**
     * As {@code Channels.newChannel} of {@code Channels.newInputStream} or {@code newOutputStream}.
     */
    STREAM;

    /** The other channel as a {@code transferTo} target. */
    WritableByteChannel target(FileChannel other) {
      return switch (this) {
        case HANDLE -> other;
        case FORWARDING -> new ForwardingChannel(other);
        case STREAM -> Channels.newChannel(Channels.newOutputStream(other));
      };
    }

    /** The other channel as a {@code transferFrom} source. */
    ReadableByteChannel source(FileChannel other) {
      return switch (this) {
        case HANDLE -> other;
        case FORWARDING -> new ForwardingChannel(other);
        case STREAM -> Channels.newChannel(Channels.newInputStream(other));
      };
    }
  }

  /**
   * Where the target range goes: {@code gap} bytes before or after the source range.
   *
   * @param before whether the target ends {@code gap} bytes before the source starts
   * @param gap the bytes between the two ranges
   */
  record Placement(boolean before, int gap) {
    long target(long source, long length) {
      return before ? source - length - gap : source + length + gap;
    }

    @Override
    public String toString() {
      return before ? "before-" + gap : "after+" + gap;
    }
  }

  /**
   * {@code transferTo} ({@code to}) with the other channel, positioned by the placement, as the
   * target, or {@code transferFrom} with the other channel, positioned at {@code from}, as the
   * source.
   */
  record Transfer(
      int handle,
      boolean to,
      Other other,
      Via via,
      PositionSpec from,
      long count,
      Placement placement)
      implements ChannelOp {
    @Override
    public String apply(DiffSide side, FileChannel channel, long referenceSizeBytes) {
      long source = Math.max(0, from.resolve(referenceSizeBytes));
      Ranges ranges = new Ranges(source, sizeOrZero(channel), count, placement);
      String refused = refusal(side, ranges);
      if (refused != null) {
        return refused;
      }
      OtherHandle opened = OtherHandle.open(side, handle, other);
      FileChannel otherChannel = opened.channel();
      if (otherChannel == null) {
        return opened.openResult();
      }
      long otherPosition = to ? ranges.target() : ranges.source();
      String moved = side.call(() -> otherChannel.position(otherPosition) == otherChannel);
      String result =
          side.call(
              () ->
                  to
                      ? channel.transferTo(ranges.source(), count, via.target(otherChannel))
                      : channel.transferFrom(via.source(otherChannel), ranges.target(), count));
      return "size="
          + ranges.size()
          + (to ? " target at " : " source at ")
          + otherPosition
          + moved
          + " "
          + result
          + opened.finish(side);
    }

    /** Why the step is skipped on this side, or {@code null}. */
    private String refusal(DiffSide side, Ranges ranges) {
      if (to) {
        return ranges.refuse(other != Other.FRESH && side.appends(targetHandle()));
      }
      long copied = ranges.copied();
      String refused = ranges.refuse(side.appends(handle));
      if (refused == null && via != Via.HANDLE && !placement.before() && count > copied * 64) {
        // A wrapper hides the size, so the JDK reads on into what it writes, ping-ponging
        // `copied` bytes at a time: legitimate, but slow when few bytes are ahead of the target.
        refused = "skipped: a wrapper would copy " + copied + " bytes at a time";
      }
      return refused;
    }

    private int targetHandle() {
      return other == Other.SECOND ? 1 : handle;
    }

    @Override
    public String toString() {
      if (to) {
        return ChannelOps.describeTransferTo(
            handle, from, count, "into " + other + " handle via " + via + ", " + placement);
      }
      return DiffOp.describe(
          "transferFrom",
          handle,
          other + " handle via " + via + " at " + from,
          "count=" + count,
          placement);
    }
  }

  /** The bytes the JDK copies: {@code min(count, size - position)}, never below zero. */
  static long copied(long count, long size, long position) {
    return Math.max(0, Math.min(count, size - position));
  }

  /**
   * The ranges of a step: the source range from {@code source} on, with the size at entry on the
   * step's own side (zero when it cannot be told), and the target range the placement puts beside
   * it.
   */
  private record Ranges(long source, long size, long count, Placement placement) {
    long copied() {
      return SameFileOps.copied(count, size, source);
    }

    long target() {
      return placement.target(source, copied());
    }

    /** Why the step is skipped, or {@code null}; {@code appends} whether the target appends. */
    String refuse(boolean appends) {
      if (target() < 0) {
        return "skipped: no room before the source";
      }
      if (count == Long.MAX_VALUE && (!placement.before() || appends)) {
        return "skipped: an unbounded count only copies towards the start";
      }
      return null;
    }
  }

  private static long sizeOrZero(FileChannel channel) {
    try {
      return channel.size();
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** The other channel of a step, and whether the step opened it (and so closes it). */
  private record OtherHandle(FileChannel channel, boolean fresh, String openResult) {
    static OtherHandle open(DiffSide side, int handle, Other other) {
      return switch (other) {
        case SAME -> new OtherHandle(side.channel(handle), false, "");
        case SECOND -> new OtherHandle(side.channel(1), false, "");
        case FRESH -> {
          FileChannel[] opened = new FileChannel[1];
          String result =
              side.run(() -> opened[0] = side.factory.open(DiffSide.NAME, Set.of(READ, WRITE)));
          yield new OtherHandle(opened[0], true, "fresh open" + result);
        }
      };
    }

    /** The other channel's position and whether it is open; a fresh one is closed after. */
    String finish(DiffSide side) {
      String state = " other[position" + side.call(channel::position) + " open=" + channel.isOpen();
      if (fresh) {
        state += " close" + side.run(channel::close);
      }
      return state + "]";
    }
  }
}
