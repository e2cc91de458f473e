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
package dev.mixchannel.pmem;

import java.nio.channels.FileChannel;

/**
 * A channel on a key of a {@link PmemTier}: the full {@link FileChannel} contract over a list of
 * extents in a PMem pool. Several channels on one key share its bytes and size and each has its own
 * position; a rename keeps them working; a delete keeps their bytes until the last closes.
 *
 * <p>Differences from a file's channel:
 *
 * <ul>
 *   <li>{@link #map} throws {@link UnsupportedOperationException}: read into a direct buffer, or
 *       use {@link #transferTo}, which hands the target a read-only direct view of the mapped
 *       memory (no copy through the heap). A target must not keep that view after {@code write}
 *       returns; extents that a truncate frees while such a view is being written are reused only
 *       after that write returns.
 *   <li>The channel never blocks on I/O, so an interrupt does not close it ({@code
 *       ClosedByInterruptException} is never thrown). A blocking {@link #lock} that is interrupted
 *       throws {@code FileLockInterruptionException} and leaves the channel open.
 *   <li>A write that needs extents the pool does not have throws {@link
 *       dev.mixchannel.api.TierFullException} before copying anything: size, position and the
 *       caller's buffer are unchanged. A write past the size zero-fills the gap (PMem has no
 *       holes).
 *   <li>Locks are real inter-process locks on a range of the pool file derived from the channel's
 *       slot; positions beyond 2 TiB share one range.
 *   <li>{@link #transferFrom} reads straight into the pool while holding the channel's write lock;
 *       a source that waits on this channel's key would deadlock (PMem sources are copied through a
 *       buffer instead).
 * </ul>
 *
 * <p>The size is stored in the pool on every change (it survives kill -9); {@link #force} makes the
 * written bytes and the size durable (they survive power loss). Thread-safe.
 */
public abstract class PmemChannel extends FileChannel {

  /** For the implementation. */
  protected PmemChannel() {}

  /**
   * The key this channel is open on, following renames.
   *
   * @return the current key
   */
  public abstract String key();
}
