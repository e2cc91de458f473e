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
package dev.mixchannel.api;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * What tiering needs from one storage tier: a flat namespace of keys, each naming a channel of
 * bytes, plus capacity accounting and the two-phase create that crash-safe migration relies on.
 *
 * <p><b>Keys</b> are relative, {@code /}-separated paths such as {@code
 * topic-0/00000000000000000000.log}. A key is rejected with {@link IllegalArgumentException} naming
 * it when it is empty, absolute, has an empty, {@code .} or {@code ..} segment, contains NUL, has a
 * segment over 255 UTF-8 bytes, ends with {@value #INCOMPLETE_SUFFIX}, or has a first segment
 * starting with {@value #RESERVED_PREFIX} (the tiers' own files). A tier may impose a smaller total
 * length and says so in its documentation.
 *
 * <p><b>Channels</b> returned by {@link #open} follow the {@link FileChannel} contract. Several
 * channels open on one key share its bytes and each has its own position, as with {@link
 * FileChannel#open}. {@link #rename} while channels are open keeps them working on the renamed key;
 * {@link #delete} while channels are open removes the key at once but keeps their bytes readable
 * and writable until the last one is closed (POSIX unlink semantics).
 *
 * <p><b>Complete and incomplete keys.</b> {@link #createIncomplete} makes a channel that is
 * invisible to {@link #exists}, {@link #open}, {@link #keys} and {@link #size}; {@link #publish}
 * makes it durable and visible in one atomic step. A crash before {@code publish} leaves the key in
 * {@link #incompleteKeys()}, for the caller to {@link #discardIncomplete discard}. Migration is
 * built on this: a copy is never visible until it is whole and durable.
 *
 * <p><b>Failures after the effect.</b> A state-changing call ({@link #open} with a create option,
 * {@link #createIncomplete}, {@link #publish}, {@link #rename}, {@link #delete}, {@link
 * #discardIncomplete}) may throw after its effect took place: a file tier's rename succeeds and the
 * directory fsync that makes it durable then fails. The exception then says that the effect may not
 * be durable, not that it did not happen. The queries ({@link #exists}, {@link #keys}, {@link
 * #incompleteKeys}, {@link #size}) always report the state the tier is in, so a caller that gets an
 * exception asks them and moves to a safe state; it never assumes that nothing happened.
 *
 * <p><b>File locks.</b> No method may disturb a lock held through a channel the tier handed out: a
 * tier never opens and closes a second descriptor of a file that a channel of its has open (POSIX
 * drops every lock a process holds on a file when any descriptor of it is closed).
 *
 * <p><b>Thread-safety:</b> implementations are safe for use by many threads. The caller that opened
 * a tier closes it; {@link #close()} is idempotent and closes every channel the tier handed out.
 * After close {@link #name()}, {@link #kind()} and {@code toString()} still answer (they appear in
 * log and error messages); every other method throws {@link IllegalStateException}.
 */
public interface StorageTier extends Closeable {

  /** The suffix reserved for incomplete keys; no key may end with it. */
  String INCOMPLETE_SUFFIX = ".migrating";

  /**
   * The prefix reserved for a tier's own files, such as its lock file; no key may start with it.
   */
  String RESERVED_PREFIX = ".mixchannel";

  /**
   * The tier's name, unique within a configuration.
   *
   * @return the name from {@link TierConfig#name()}
   */
  String name();

  /**
   * The medium this tier lives on.
   *
   * @return the kind
   */
  TierKind kind();

  /**
   * Opens a channel on a complete key with the semantics of {@link
   * FileChannel#open(java.nio.file.Path, Set, java.nio.file.attribute.FileAttribute[])}: {@code
   * READ}, {@code WRITE}, {@code APPEND}, {@code CREATE}, {@code CREATE_NEW}, {@code
   * TRUNCATE_EXISTING} (and the ignored {@code SPARSE}, {@code SYNC}, {@code DSYNC} hints where the
   * tier says so), plus at most one {@link SizeHint}.
   *
   * @param key the key
   * @param options the open options
   * @return a new channel; the caller closes it
   * @throws NoSuchFileException when the key does not exist and neither {@code CREATE} nor {@code
   *     CREATE_NEW} is given
   * @throws FileAlreadyExistsException when {@code CREATE_NEW} is given and the key exists
   * @throws TierFullException when a new key cannot be created for lack of room
   * @throws IllegalArgumentException for a bad key or an invalid combination of options
   * @throws UnsupportedOperationException for an option the tier does not know
   * @throws IOException on an I/O error
   */
  FileChannel open(String key, Set<? extends OpenOption> options) throws IOException;

  /**
   * Opens another channel on the same bytes as an open channel this tier handed out, even when its
   * key was deleted, renamed or replaced since (its bytes then live on, nameless, until every
   * channel on them is closed). The new channel can read and write, has position 0, and its own
   * life: closing either channel leaves the other working. Callers use it to keep the bytes of a
   * deleted key reachable: a JDK file channel closes itself when a thread using it is interrupted,
   * and the one left open can then be reopened.
   *
   * <p>The default throws {@link UnsupportedOperationException}: a tier whose channels never close
   * on their own may leave it so, and callers then cannot keep a deleted key's bytes reachable
   * through an interrupt.
   *
   * @param channel an open channel returned by {@link #open}, {@link #createIncomplete} or this
   *     method, of this tier
   * @return a new channel; the caller closes it
   * @throws IllegalArgumentException when the channel is not one of this tier's
   * @throws java.nio.channels.ClosedChannelException when the channel is closed
   * @throws UnsupportedOperationException when the tier cannot reopen channels
   * @throws IOException on an I/O error
   */
  default FileChannel reopen(FileChannel channel) throws IOException {
    throw new UnsupportedOperationException("reopen is not supported: tier=" + name());
  }

  /**
   * Whether a complete key exists.
   *
   * @param key the key
   * @return {@code true} when {@link #open} without {@code CREATE} would find it
   * @throws IOException on an I/O error
   */
  boolean exists(String key) throws IOException;

  /**
   * The size of a complete key, as its channels report it.
   *
   * @param key the key
   * @return the size in bytes
   * @throws NoSuchFileException when the key does not exist
   * @throws IOException on an I/O error
   */
  long size(String key) throws IOException;

  /**
   * Renames a complete key, atomically replacing {@code to} when it exists, and makes the rename
   * durable before returning. Channels open on either key keep working.
   *
   * @param from the existing key
   * @param to the new key
   * @throws NoSuchFileException when {@code from} does not exist
   * @throws IOException on an I/O error
   */
  void rename(String from, String to) throws IOException;

  /**
   * Deletes a complete key durably. Channels open on it keep their bytes until closed.
   *
   * @param key the key
   * @return {@code true} when the key existed
   * @throws IOException on an I/O error
   */
  boolean delete(String key) throws IOException;

  /**
   * The complete keys of this tier, in no particular order.
   *
   * @return a snapshot of the keys
   * @throws IOException on an I/O error
   */
  List<String> keys() throws IOException;

  /**
   * The keys whose copy on this tier the tier refuses to serve, each with the reason: a copy whose
   * metadata failed validation (a PMem slot whose checksum is wrong), so that its bytes and size
   * are unknown. Such a key is absent from {@link #keys()} and {@link #exists}, and every other
   * operation naming it throws a named error ({@link CorruptPoolException} on a PMem tier). A tier
   * manager refuses the key on every tier ({@link RefusedCopyException}): serving another tier's
   * copy of it, or creating it anew, would hide what this copy alone may hold.
   *
   * <p>The default is none: a tier that never refuses a copy. A tier that wraps another forwards
   * it, as {@link ForwardingStorageTier} does: a wrapper that answered none would let the key be
   * created anew.
   *
   * @return a snapshot: each refused key and why
   * @throws IOException on an I/O error
   */
  default Map<String, String> refusedKeys() throws IOException {
    return Map.of();
  }

  /**
   * Creates an incomplete key with a writable, readable channel: the first phase of a migration.
   *
   * @param key the key it will be published as
   * @param sizeHint the expected size, used for placement and room checks
   * @return a new channel; the caller closes it (before or after {@link #publish})
   * @throws FileAlreadyExistsException when the key already exists, complete or incomplete
   * @throws TierFullException when there is no room for {@code sizeHint}
   * @throws IOException on an I/O error
   */
  FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException;

  /**
   * Makes an incomplete key's bytes and size durable, then publishes it as complete in one atomic,
   * durable step. Channels open on it keep working.
   *
   * @param key the incomplete key
   * @throws NoSuchFileException when no incomplete key has that name
   * @throws FileAlreadyExistsException when a complete key of that name exists
   * @throws IOException on an I/O error
   */
  void publish(String key) throws IOException;

  /**
   * Removes an incomplete key and frees its space.
   *
   * @param key the incomplete key
   * @return {@code true} when it existed
   * @throws IOException on an I/O error
   */
  boolean discardIncomplete(String key) throws IOException;

  /**
   * The incomplete keys left on this tier, such as those a crash interrupted.
   *
   * @return a snapshot of the incomplete keys
   * @throws IOException on an I/O error
   */
  List<String> incompleteKeys() throws IOException;

  /**
   * The bytes this tier may hold: the configured capacity, or for {@code -1} the free space of its
   * file systems plus what it already uses.
   *
   * @return capacity in bytes
   */
  long capacityBytes();

  /**
   * The bytes this tier holds now, complete and incomplete keys together, as counted against {@link
   * #capacityBytes()} (a PMem tier counts whole extents).
   *
   * @return used bytes
   */
  long usedBytes();

  /**
   * The unit in which this tier hands out room: a key of {@code n} bytes counts {@code n} rounded
   * up to a multiple of it against {@link #capacityBytes()} (a PMem tier's extent size; 1 for a
   * tier that counts bytes). A migration policy plans with it, so that what it moves fits.
   *
   * <p>The default is 1.
   *
   * @return the unit in bytes, at least 1
   */
  default long allocationUnitBytes() {
    return 1;
  }

  /**
   * Allocation units this tier freed and has not made ready for reuse yet: a PMem tier's free
   * extents that its scrubber has still to zero. A dashboard shows it as the scrub backlog; a
   * backlog that grows means writes zero extents themselves (see {@link #reportAllocationWaits}).
   *
   * <p>The default is 0: a tier whose freed room needs no work before reuse.
   *
   * @return the count, 0 or more
   */
  default long scrubBacklogUnits() {
    return 0;
  }

  /**
   * Asks the tier to report how long each write waited for fresh room: a PMem tier reports, for
   * every write that took new extents, the time from asking its allocator to the extents being
   * ready (those handed out dirty zeroed durably). The manager turns them into the {@code
   * allocation_wait_micros} distribution. Called once, before the tier serves a channel; a later
   * call replaces the earlier receiver.
   *
   * <p>The default reports nothing: a tier whose writes never wait for room.
   *
   * @param nanos receives each wait in nanoseconds, on the writing thread; it must be fast and
   *     thread-safe
   */
  default void reportAllocationWaits(LongConsumer nanos) {}

  /**
   * Whether a new key expected to grow to {@code bytes} fits now.
   *
   * @param bytes the expected size
   * @return {@code true} when {@code usedBytes() + bytes <= capacityBytes()} in the tier's own
   *     accounting
   */
  boolean hasRoomFor(long bytes);

  /**
   * Closes the tier and every channel it handed out. Idempotent.
   *
   * @throws IOException when releasing a resource failed; every resource is still released
   */
  @Override
  void close() throws IOException;
}
