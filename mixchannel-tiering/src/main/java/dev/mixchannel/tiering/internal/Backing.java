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
package dev.mixchannel.tiering.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open channel of a key on its tier, shared by all handles of the key. It is used in two ways:
 * under the key's shared lock (the I/O path: the lock keeps it current), or entered ({@link
 * #enter}) for an operation that must run without the key's lock because it waits on someone else's
 * channel or on another process ({@code transferTo} to a socket or pipe, a blocking {@code lock}).
 * A backing replaced by a migration, a spill or a reopen is retired: it is closed as soon as nobody
 * has it entered. Thread-safe.
 */
final class Backing {
  private static final Logger LOG = LoggerFactory.getLogger(Backing.class);

  private final FileChannel channel;
  private final RankedTier tier;
  private int users;
  private boolean retired;
  private boolean closed;

  Backing(FileChannel channel, RankedTier tier) {
    this.channel = channel;
    this.tier = tier;
  }

  FileChannel channel() {
    return channel;
  }

  RankedTier tier() {
    return tier;
  }

  /**
   * Keeps the channel from being closed by {@link #retire} until {@link #exit}. Called under the
   * key's shared lock, so the backing is current.
   */
  synchronized void enter() {
    users++;
  }

  /** Ends an {@link #enter}; closes the channel when it was retired meanwhile and this was last. */
  void exit() {
    boolean close;
    synchronized (this) {
      users--;
      close = retired && users == 0 && !closed;
      closed |= close;
    }
    if (close) {
      closeQuietly();
    }
  }

  /**
   * Marks the backing replaced. The caller holds the key's exclusive lock and closes it with {@link
   * #closeIfRetired()} after releasing the lock (closing the last descriptor of a deleted file
   * frees its blocks, which can take long on a disk).
   */
  synchronized void retire() {
    retired = true;
  }

  /**
   * Closes the channel if it is retired and nobody has it entered; otherwise the last {@link #exit}
   * closes it.
   *
   * @throws IOException when closing fails
   */
  void closeIfRetired() throws IOException {
    synchronized (this) {
      if (!retired || users > 0 || closed) {
        return;
      }
      closed = true;
    }
    channel.close();
  }

  private void closeQuietly() {
    try {
      channel.close();
    } catch (IOException e) {
      LOG.warn("closing a replaced backing channel failed: tier={}", tier, e);
    }
  }

  @Override
  public String toString() {
    return "Backing[tier=" + tier + "]";
  }
}
