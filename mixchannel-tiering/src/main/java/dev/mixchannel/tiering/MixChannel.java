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
package dev.mixchannel.tiering;

import dev.mixchannel.api.TierKind;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;

/**
 * A {@link FileChannel} on a key of a {@link TierManager}, whose bytes live on one tier at a time
 * and may move to another tier while the channel is open.
 *
 * <p><b>Handles.</b> Every {@link TierManager#open} returns a new handle. Handles on one key share
 * its bytes (one backing channel per open key) and each has its own position, as with POSIX file
 * descriptors. A rename keeps handles working (see {@link #key()}); a delete keeps the bytes
 * readable and writable through open handles until the last one closes.
 *
 * <p><b>Thread-safety.</b> Like the JDK's {@code FileChannel}: positional operations may run
 * concurrently; relative reads and writes of one handle are serialized on that handle; appends of
 * all {@code APPEND} handles of a key are serialized, so each lands whole at the end. Each
 * operation takes one lock of its key once and delegates to the backing channel: the shared side of
 * the key's read-write lock, or for an append the key's append lock. A migration takes the
 * exclusive side (both) only to mark the key at its start and to switch the backing channel at its
 * end; its copy holds the shared side one chunk at a time.
 *
 * <p><b>Differences from the JDK's channel.</b>
 *
 * <ul>
 *   <li>{@link #map} throws {@link UnsupportedOperationException}: a mapping would not follow a
 *       migration. Read into a direct buffer, or use {@link #transferTo}, instead.
 *   <li>Interrupts, on every tier and at every moment (also during a spill and while the key
 *       migrates), follow the JDK's rule: a thread that calls an I/O operation with its interrupt
 *       status set, or is interrupted in one, gets {@link
 *       java.nio.channels.ClosedByInterruptException} (a blocking {@link #lock}: {@link
 *       java.nio.channels.FileLockInterruptionException}), its status stays set, and this handle is
 *       closed. Other threads in operations of this handle get {@link
 *       java.nio.channels.AsynchronousCloseException}, as with the JDK. Nothing else changes: the
 *       key's other handles go on, their positions and their locks stay valid and held. A call into
 *       the caller's own channel (the source of {@code transferFrom}, the target of {@code
 *       transferTo}) follows that channel's rule, and a transfer that moved bytes before it failed
 *       returns their count, as the JDK's does. ({@code tryLock} and {@link
 *       java.nio.channels.FileLock#release()} do not look at interrupts, as the JDK's do not.)
 *   <li>After {@link TierManager#close()}, {@link ClosedChannelException}s carry a message naming
 *       the key; on a handle closed by the caller they are plain, as the JDK throws them.
 *   <li>{@link #lock}/{@link #tryLock} lock the backing channel: the range of the key's file on a
 *       file tier (so other processes see it), of the key's own lock file on a PMem tier. A
 *       migration re-acquires the locks on the new backing before it releases the old ones. {@link
 *       java.nio.channels.FileLock#channel()} is this handle. While a key holds a lock, every call
 *       on its backing runs on a thread of the manager's own ({@code mixchannel-io-<n>}), where no
 *       caller's interrupt can close it (a closed descriptor would drop the key's OS locks), so its
 *       operations are slower then; a {@code lock} or {@code tryLock} first waits for the key's
 *       {@code transferTo}s to other channels that are in flight.
 *   <li>Gather writes and scatter reads take the lock once per buffer, so they are not atomic with
 *       respect to concurrent writes of other handles in the same range.
 *   <li>A positional write on an {@code APPEND} handle appends, as the JDK does on Linux.
 *   <li>{@code transferFrom} always goes through a bounded heap buffer: the source is read with no
 *       lock of this key held (it may be this key itself, a wrapper of it, a pipe or a socket that
 *       blocks), and each piece is written as a write is, so a tier that fills up mid-transfer
 *       spills the key and the transfer goes on. At a position past the size it does what the
 *       running JDK's file channel does: it writes there and extends the key on JDK 21 and later
 *       (JDK-8303260), it transfers nothing on JDK 17. {@code transferTo} into another {@code
 *       MixChannel} (or this one) goes through the same kind of buffer and copies at most the bytes
 *       between the position and the size at entry, as the JDK does; into any other channel it
 *       hands the target the backing channel's own transfer (for PMem a view of the mapped memory)
 *       without holding this key's lock, so a target that blocks delays nothing else. A blocking
 *       {@link #lock} waits without the key's lock too.
 * </ul>
 *
 * <p>After {@link TierManager#close()} every handle is closed and every operation throws {@link
 * ClosedChannelException}. Instances are created by the manager only; this class is abstract so
 * that the implementation stays internal.
 */
public abstract class MixChannel extends FileChannel {

  /** For the manager's implementation only. */
  protected MixChannel() {}

  /**
   * The key this channel is open on; it follows renames of the key.
   *
   * @return the current key (the last key it had, once deleted)
   */
  public abstract String key();

  /**
   * The tier that holds the bytes now. It changes when the key migrates.
   *
   * @return the tier's name
   */
  public abstract String tierName();

  /**
   * The medium of the tier that holds the bytes now.
   *
   * @return the kind of {@link #tierName()}
   */
  public abstract TierKind tierKind();

  /**
   * Marks the key as sealed: no more writes are expected, so the policy may demote it. Writes still
   * work. The mark belongs to the key (every handle sees it) and lasts until the manager closes.
   *
   * @throws ClosedChannelException when this handle is closed
   */
  public abstract void seal() throws ClosedChannelException;

  /**
   * Whether {@link #seal()} was called on any handle of this key.
   *
   * @return {@code true} once sealed
   */
  public abstract boolean isSealed();
}
