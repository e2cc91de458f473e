package dev.mixchannel.kafka.it;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads at most a number of bytes from another stream; closing it closes that stream. */
final class BoundedInputStream extends FilterInputStream {
  private long left;

  BoundedInputStream(InputStream in, long limitBytes) {
    super(in);
    this.left = limitBytes;
  }

  @Override
  public int read() throws IOException {
    if (left <= 0) {
      return -1;
    }
    int b = super.read();
    if (b >= 0) {
      left--;
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (left <= 0) {
      return -1;
    }
    int n = super.read(b, off, (int) Math.min(len, left));
    if (n > 0) {
      left -= n;
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(Math.min(n, left));
    left -= skipped;
    return skipped;
  }

  @Override
  public int available() throws IOException {
    return (int) Math.min(super.available(), left);
  }
}
