package dev.mixchannel.benchmarks;

import java.nio.ByteBuffer;

/** The record every append target writes: a direct buffer of a fixed, non-zero pattern. */
final class Records {

  private Records() {}

  /** A direct buffer of {@code bytes} bytes filled with a pattern. */
  static ByteBuffer direct(int bytes) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(bytes);
    for (int i = 0; i < bytes; i++) {
      buffer.put(i, (byte) (i * 31));
    }
    return buffer;
  }
}
