package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Copies byte ranges between channels with positional I/O through a caller-owned buffer. */
final class Copier {
  private Copier() {}

  /**
   * Copies {@code [from, to)} of {@code src} to the same offsets of {@code dst}, stopping early
   * when {@code src} ends first.
   *
   * @param src the source; its position is not used
   * @param dst the destination; its position is not used
   * @param from the first offset
   * @param to the end offset (exclusive)
   * @param buffer the transfer buffer
   * @return the bytes copied
   * @throws IOException when reading or writing fails
   */
  static long copy(FileChannel src, FileChannel dst, long from, long to, ByteBuffer buffer)
      throws IOException {
    long pos = from;
    while (pos < to) {
      buffer.clear();
      buffer.limit((int) Math.min(buffer.capacity(), to - pos));
      int n = src.read(buffer, pos);
      if (n <= 0) {
        break;
      }
      buffer.flip();
      while (buffer.hasRemaining()) {
        pos += dst.write(buffer, pos);
      }
    }
    return pos - from;
  }
}
