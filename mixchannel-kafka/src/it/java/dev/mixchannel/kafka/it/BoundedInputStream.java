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
