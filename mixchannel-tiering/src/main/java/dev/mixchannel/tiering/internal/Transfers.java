package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Transfers that must not hold this key's lock while calling the other channel: to or from another
 * {@code MixChannel} (holding two keys' locks could deadlock with two migrations; the same key's
 * lock would be taken twice), and {@code transferFrom} on an {@code APPEND} handle. They go through
 * a bounded heap buffer, one locked operation per piece on each side.
 */
final class Transfers {
  private static final int BUFFER_BYTES = 64 << 10;

  private Transfers() {}

  static long toMixChannel(
      MixChannelImpl h, SegmentIo io, long position, long count, WritableByteChannel target)
      throws IOException {
    long size = io.size(h);
    if (position > size || count == 0) {
      return 0;
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(BUFFER_BYTES, count));
    long done = 0;
    while (done < count) {
      buffer.clear();
      buffer.limit((int) Math.min(buffer.capacity(), count - done));
      int n = io.read(h, buffer, position + done);
      if (n <= 0) {
        break;
      }
      buffer.flip();
      int written = target.write(buffer);
      done += written;
      if (written < n) {
        break;
      }
    }
    return done;
  }

  static long fromChannel(
      MixChannelImpl h,
      SegmentIo io,
      ReadableByteChannel src,
      long position,
      long count,
      boolean append)
      throws IOException {
    if (position > io.size(h) || count == 0) {
      return 0;
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(BUFFER_BYTES, count));
    long done = 0;
    while (done < count) {
      buffer.clear();
      buffer.limit((int) Math.min(buffer.capacity(), count - done));
      int n = src.read(buffer);
      if (n <= 0) {
        break;
      }
      buffer.flip();
      int written = 0;
      while (buffer.hasRemaining()) {
        written += append ? h.append(buffer) : io.write(h, buffer, position + done + written);
      }
      done += written;
    }
    return done;
  }
}
