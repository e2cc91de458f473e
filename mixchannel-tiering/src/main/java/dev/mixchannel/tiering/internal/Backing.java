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

import dev.mixchannel.pmem.PmemChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open channel of a key on its tier, shared by all handles of the key. It is used in two ways:
 * under the key's shared lock (the I/O path: the lock keeps it current), or entered ({@link
 * #enterDirect}) for a {@code transferTo} to someone else's channel, which runs without the key's
 * lock because the target may block. A backing replaced by a migration, a spill or a reopen is
 * retired: it is closed as soon as nobody has it entered.
 *
 * <p>{@link #channel()} is the channel to call: the tier's own, or while the key holds file locks a
 * {@link GuardedChannel} that runs each call where no caller's interrupt reaches (see {@link
 * InterruptGuard}). {@link #raw()} is the tier's channel itself, for identity (the tier's {@code
 * reopen}) and for the calls that may run in a caller's thread. Thread-safe.
 */
final class Backing {
  private static final Logger LOG = LoggerFactory.getLogger(Backing.class);

  private final FileChannel channel;
  private final RankedTier tier;
  private final boolean interruptProof;

  // Set by TieredKey.switchTo before the backing is published under the key's exclusive side.
  private InterruptGuard guard;

  private GuardedChannel guarded;
  private int direct;
  private boolean retired;
  private boolean closed;

  Backing(FileChannel channel, RankedTier tier) {
    this.channel = channel;
    this.tier = tier;
    this.interruptProof = channel instanceof PmemChannel;
  }

  /** The channel to call: guarded while the key holds file locks. */
  FileChannel channel() {
    InterruptGuard g = guard;
    return g != null && g.active() ? guarded(g) : channel;
  }

  /** The tier's channel itself. */
  FileChannel raw() {
    return channel;
  }

  /** Whether the key's calls on this backing must run where no caller's interrupt reaches. */
  boolean guarded() {
    InterruptGuard g = guard;
    return g != null && g.active();
  }

  /**
   * Whether an interrupt of a thread in a call cannot close the channel (a PMem channel's, not a
   * wrapper's): then a read-only call may run on it under no lock of the key ({@link KeyIo}), since
   * no file lock can be lost by it.
   */
  boolean interruptProof() {
    return interruptProof;
  }

  boolean isOpen() {
    return channel.isOpen();
  }

  RankedTier tier() {
    return tier;
  }

  /** The key's guard; called once, by the key, before the backing is published. */
  void guardWith(InterruptGuard keyGuard) {
    this.guard = keyGuard;
  }

  private synchronized GuardedChannel guarded(InterruptGuard g) {
    if (guarded == null) {
      guarded = new GuardedChannel(channel, g.runner());
    }
    return guarded;
  }

  /**
   * Enters for a call in the caller's thread without the key's lock: keeps the channel from being
   * closed by {@link #retire} until {@link #exitDirect}, and keeps a lock from being taken until
   * then ({@link #awaitNoDirectCalls}). Called under the key's shared lock, unguarded.
   */
  synchronized void enterDirect() {
    direct++;
  }

  /**
   * Ends an {@link #enterDirect}; closes the channel when it was retired meanwhile and this was
   * last.
   */
  void exitDirect() {
    boolean close;
    synchronized (this) {
      if (--direct == 0) {
        notifyAll();
      }
      close = retired && direct == 0 && !closed;
      closed |= close;
    }
    if (close) {
      closeQuietly();
    }
  }

  /**
   * Waits until no call entered with {@link #enterDirect} is in flight: once the key's guard is
   * held no new one enters, so this wait ends when those already running return.
   *
   * @throws InterruptedException when interrupted while waiting
   */
  synchronized void awaitNoDirectCalls() throws InterruptedException {
    while (direct > 0) {
      wait();
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
   * Closes the channel if it is retired and nobody has it entered; otherwise the last {@link
   * #exitDirect} closes it.
   *
   * @throws IOException when closing fails
   */
  void closeIfRetired() throws IOException {
    synchronized (this) {
      if (!retired || direct > 0 || closed) {
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
