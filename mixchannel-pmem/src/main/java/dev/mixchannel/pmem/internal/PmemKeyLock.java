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
package dev.mixchannel.pmem.internal;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLock;

/**
 * A lock on a range of a PMem key, held through one of its channels: it wraps the OS lock on the
 * key's lock file ({@link PmemKeyLocks}) at the same position and size, so overlapping and disjoint
 * ranges behave exactly as on a file. {@link #channel()} is the PMem channel.
 */
final class PmemKeyLock extends FileLock {

  private final FileLock fileLock;

  private PmemKeyLock(PmemChannelImpl channel, FileLock fileLock) {
    super(channel, fileLock.position(), fileLock.size(), fileLock.isShared());
    this.fileLock = fileLock;
  }

  static PmemKeyLock acquire(
      PmemChannelImpl channel,
      PmemKeyLocks locks,
      long position,
      long size,
      boolean shared,
      boolean wait)
      throws IOException {
    if (position < 0) {
      throw new IllegalArgumentException("Negative position");
    }
    if (size < 0) {
      throw new IllegalArgumentException("Negative size");
    }
    if (position + size < 0) {
      throw new IllegalArgumentException("Negative position + size");
    }
    FileLock taken =
        wait ? locks.lock(position, size, shared) : locks.tryLock(position, size, shared);
    return taken == null ? null : new PmemKeyLock(channel, taken);
  }

  @Override
  public boolean isValid() {
    return fileLock.isValid() && channel().isOpen();
  }

  @Override
  public void release() throws IOException {
    if (!channel().isOpen()) {
      throw new ClosedChannelException();
    }
    releaseInternal();
    ((PmemChannelImpl) channel()).lockReleased(this);
  }

  /** Releases the OS lock; used by close, when the channel is no longer open. */
  void releaseInternal() throws IOException {
    if (fileLock.isValid()) {
      fileLock.release();
    }
  }
}
