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
package dev.mixchannel.file;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.Keys;
import dev.mixchannel.api.RefusedCopyException;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.OpenOptions;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link StorageTier} made of one or more directories of plain files: the key {@code k} is the
 * file {@code <dir>/k}, and its channels are the JDK's own {@link FileChannel}s, so mapping,
 * locking, interrupt handling and {@code transferTo} behave exactly as on any file. Used for NVMe,
 * SSD and HDD tiers, and by benchmarks on a PMem directory.
 *
 * <p><b>Directories.</b> Each configured directory is created when missing (0700 where the file
 * store supports POSIX permissions; new files are 0600) and locked through the reserved file {@code
 * .mixchannel.lock} for as long as the tier is open; a second tier on the same directory, in this
 * process or another, fails with {@link dev.mixchannel.api.StorageInUseException} (the refusal
 * never disturbs the first tier's lock). A new key goes to the directory whose file store has the
 * most usable space; of directories sharing a store, to the one holding fewer of this tier's bytes.
 * Keys found in the directories when the tier opens are indexed; files ending with {@value
 * StorageTier#INCOMPLETE_SUFFIX} are incomplete keys. Sub-directories of keys are created as needed
 * and removed again when a delete leaves them empty.
 *
 * <p><b>Keys</b> follow {@link Keys#validate}; in addition, a directory plus key must fit the file
 * system's path limit (4096 bytes on Linux).
 *
 * <p><b>Open options:</b> {@code READ}, {@code WRITE}, {@code APPEND}, {@code CREATE}, {@code
 * CREATE_NEW}, {@code TRUNCATE_EXISTING}, {@code SPARSE}, {@code SYNC} and {@code DSYNC} are passed
 * to {@link FileChannel#open(Path, Set, java.nio.file.attribute.FileAttribute[])} and throw what it
 * throws; {@code DELETE_ON_CLOSE} and non-standard options throw {@link
 * UnsupportedOperationException}. A missing key throws {@link NoSuchFileException} naming it. A
 * {@link SizeHint#preallocate} creates the file with that size, sparse and zero-filled, as {@link
 * java.io.RandomAccessFile#setLength} does: Java has no way to reserve blocks without changing the
 * size. {@link SizeHint#of} only steers placement and the room check.
 *
 * <p><b>Capacity</b> is checked when a key is created ({@link TierFullException} when {@link
 * #hasRoomFor} fails for the hint); beyond that it is a soft limit: writes through an open channel
 * are never stopped, so {@link #usedBytes()} may exceed {@link #capacityBytes()}. Channels of a
 * deleted or replaced key keep its bytes on disk, counted as used, until the last of them is
 * closed; the tier then frees them at its next call, or when it closes.
 *
 * <p><b>Durability:</b> the parent directory is {@code fsync}ed after every create of a new file
 * (complete or incomplete, with any sub-directories made for it), rename, delete, publish and
 * discard, before the method returns: every namespace change runs through one helper that does the
 * change under the tier's lock and the syncs after it. File contents are made durable by the
 * caller's {@code force}, except that {@link #publish} forces the file itself.
 *
 * <p><b>Thread-safety:</b> safe for use by many threads. Namespace changes are serialized by one
 * lock per tier; reads and writes on the channels never take it. The caller that opened the tier
 * closes it, which closes every channel the tier handed out; after that every method except {@code
 * close} throws {@link IllegalStateException}.
 */
public final class FileTier implements StorageTier {

  private static final Logger LOG = LoggerFactory.getLogger(FileTier.class);

  private final String name;
  private final TierKind kind;
  private final List<TierDirectory> directories;
  private final TierSpace space;
  private final TierNamespace namespace;
  private final KeyRegistry registry;
  private final KeyCreates creates;
  private final KeyMoves moves;

  /** The keys the open found twice with different bytes; fixed at open, read without the lock. */
  private final Map<String, String> refused;

  private FileTier(
      TierConfig config,
      List<TierDirectory> directories,
      KeyRegistry registry,
      DirectorySync directorySync) {
    this.name = config.name();
    this.kind = config.kind();
    this.directories = List.copyOf(directories);
    this.space = new TierSpace(config.name(), directories, config.capacityBytes());
    this.registry = registry;
    this.namespace = new TierNamespace(name, directories, registry, directorySync);
    this.creates = new KeyCreates(name, namespace, space);
    this.moves = new KeyMoves(name, namespace);
    this.refused = registry.refusedKeys();
  }

  /**
   * Opens a tier on the directories of a configuration, creating and locking them and indexing the
   * keys they hold. A complete key found in two directories (copied from outside: the tier never
   * leaves one twice) loses one copy when both have the same bytes, and is refused with both kept
   * when they differ ({@link #refusedKeys()}).
   *
   * @param config the tier's configuration, of any {@link TierKind}
   * @return the open tier; the caller closes it
   * @throws InvalidConfigException when the configuration has no directories, directories that
   *     contain one another, or a capacity that is neither positive nor {@code -1}
   * @throws dev.mixchannel.api.StorageInUseException when another tier holds one of the directories
   * @throws IOException when a directory cannot be created, locked or read
   */
  public static FileTier open(TierConfig config) throws IOException {
    return open(config, new FsyncDirectorySync());
  }

  /**
   * Opens a tier with a given directory sync, for tests that observe it.
   *
   * @param config the tier's configuration
   * @param directorySync what makes directory entries durable
   * @return the open tier
   * @throws IOException as {@link #open(TierConfig)}
   */
  static FileTier open(TierConfig config, DirectorySync directorySync) throws IOException {
    List<Path> roots = Objects.requireNonNull(config, "config").paths();
    List<TierDirectory> opened = new ArrayList<>();
    try {
      for (Path root : roots) {
        opened.add(TierDirectory.open(root, opened.size(), config.name()));
      }
      KeyRegistry registry = KeyScan.scan(opened, config.name());
      FileTier tier = new FileTier(config, opened, registry, directorySync);
      LOG.info(
          "opened file tier: name={}, kind={}, dirs={}, keys={}, incompleteKeys={}, usedBytes={}",
          config.name(),
          config.kind(),
          roots,
          registry.completeCount(),
          registry.incompleteCount(),
          registry.usedBytes());
      return tier;
    } catch (IOException | RuntimeException | Error e) {
      Closeables.closeQuietly(e, opened);
      throw e;
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public TierKind kind() {
    return kind;
  }

  /**
   * {@inheritDoc}
   *
   * <p>A key removed (deleted, discarded or replaced by a rename) while channels are open on it
   * keeps its file in the reserved {@code .mixchannel.trash} directory of its root, counted as
   * used, until the last of them is closed (the tier frees it at its next call after that, or when
   * it closes), so it can be reopened; the trash is emptied when the tier opens. A replaced key can
   * be reopened only where the file system has hard links.
   *
   * @throws IOException also when the bytes of a replaced key are not reachable (no hard links)
   */
  @Override
  public FileChannel reopen(FileChannel channel) throws IOException {
    Objects.requireNonNull(channel, "channel");
    namespace.ensureOpen();
    if (!channel.isOpen()) {
      throw new ClosedChannelException();
    }
    return namespace.locked(
        () -> {
          FileKey entry = registry.entryOf(channel);
          if (entry == null) {
            throw new IllegalArgumentException(
                "not an open channel of this tier: tier=" + name + ", channel=" + channel);
          }
          if (entry.file() == null) {
            throw new IOException(
                "cannot reopen a replaced key: the file system has no hard links (tier "
                    + name
                    + ", "
                    + entry.directory()
                    + ")");
          }
          FileChannel copy =
              FileChannel.open(entry.file(), StandardOpenOption.READ, StandardOpenOption.WRITE);
          registry.track(entry, copy);
          return copy;
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>Returns the JDK's channel on the key's file. See the class documentation for the options.
   */
  @Override
  public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
    namespace.ensureOpen();
    checkKey(key);
    OpenOptions request = OpenOptions.parseForTier(key, options, "file tier");
    return creates.open(key, request);
  }

  /**
   * Validates a key and refuses one whose copies in two directories differ.
   *
   * @throws RefusedCopyException when the key is refused
   */
  private void checkKey(String key) throws IOException {
    Keys.validate(key);
    String refusal = refused.get(key);
    if (refusal != null) {
      throw new RefusedCopyException(
          key,
          name,
          "key refused, the file tier holds two copies of it that differ: key="
              + key
              + ", tier="
              + name
              + ", "
              + refusal
              + " (both kept; keep the right one by removing the other file with the owner"
              + " stopped)");
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>The keys found in two of the tier's directories with different bytes: the tier never leaves
   * a complete key twice, so something outside it copied one; both files are kept.
   */
  @Override
  public Map<String, String> refusedKeys() throws IOException {
    return refused;
  }

  @Override
  public boolean exists(String key) throws IOException {
    Keys.validate(key);
    return namespace.locked(() -> registry.complete(key) != null);
  }

  @Override
  public long size(String key) throws IOException {
    checkKey(key);
    return namespace.locked(
        () -> {
          FileKey entry = registry.complete(key);
          if (entry == null) {
            throw namespace.noSuchKey(key);
          }
          return registry.sizeBytes(entry);
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>The file is renamed within its directory. When {@code to} existed in another directory, that
   * file is deleted first, durably: a crash in between leaves {@code from} and no {@code to}.
   */
  @Override
  public void rename(String from, String to) throws IOException {
    namespace.ensureOpen();
    checkKey(from);
    checkKey(to);
    moves.rename(from, to);
  }

  @Override
  public boolean delete(String key) throws IOException {
    checkKey(key);
    return unlink(key, false);
  }

  /** Deletes a complete or incomplete key's file and syncs the directory that changed. */
  private boolean unlink(String key, boolean incomplete) throws IOException {
    return namespace.change(
        changed -> {
          FileKey entry = incomplete ? registry.incomplete(key) : registry.complete(key);
          if (entry == null) {
            return false;
          }
          Path gone = entry.file();
          namespace.removeFile(entry);
          if (incomplete) {
            registry.removeIncomplete(key);
          } else {
            registry.removeComplete(key);
          }
          changed.add(entry.directory().removeEmptyParents(gone));
          return true;
        });
  }

  @Override
  public List<String> keys() throws IOException {
    return namespace.locked(registry::completeKeys);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The file is {@code <dir>/<key>.migrating}, placed like a new key. The hint steers placement
   * and the room check only; the file starts empty even for {@link SizeHint#preallocate}.
   */
  @Override
  public FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
    namespace.ensureOpen();
    checkKey(key);
    Objects.requireNonNull(sizeHint, "sizeHint");
    return creates.createIncomplete(key, sizeHint);
  }

  @Override
  public void publish(String key) throws IOException {
    checkKey(key);
    moves.publish(key);
  }

  @Override
  public boolean discardIncomplete(String key) throws IOException {
    Keys.validate(key);
    return unlink(key, true);
  }

  @Override
  public List<String> incompleteKeys() throws IOException {
    return namespace.locked(registry::incompleteKeys);
  }

  /**
   * {@inheritDoc}
   *
   * @throws UncheckedIOException when a file store or an open channel cannot report its size
   */
  @Override
  public long capacityBytes() {
    return measured("capacity", () -> space.capacityBytes(registry));
  }

  /**
   * {@inheritDoc}
   *
   * <p>The sum of the sizes of the complete and incomplete files and of the removed keys' files
   * that channels still hold open, as those channels report them. Costs one {@code size()} call per
   * key with an open channel and nothing per other key.
   *
   * @throws UncheckedIOException when an open channel or a file cannot report its size
   */
  @Override
  public long usedBytes() {
    return measured("used bytes", registry::usedBytes);
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException when {@code bytes} is negative
   * @throws UncheckedIOException when the free space or a size cannot be measured
   */
  @Override
  public boolean hasRoomFor(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("negative size: bytes=" + bytes + " (tier " + name + ")");
    }
    return bytes <= measured("room", () -> space.roomBytes(registry));
  }

  /**
   * Closes every channel the tier handed out that is still open, removes the files of removed keys
   * those channels held, then releases the directories' locks. Idempotent.
   *
   * @throws IOException when a channel or a lock could not be closed; every one is still tried
   */
  @Override
  public void close() throws IOException {
    List<FileChannel> channels = namespace.close();
    if (channels == null) {
      return;
    }
    List<Closeable> resources = new ArrayList<>(channels);
    resources.add(namespace.trashPurge());
    resources.addAll(directories);
    String what = "cannot close file tier: tier=" + name + " (" + namespace.dirs() + ")";
    IOException failure = Closeables.closeCollecting(resources, what);
    LOG.info("closed file tier: name={}, channels={}", name, channels.size());
    if (failure != null) {
      throw new IOException(what, failure);
    }
  }

  /** Runs a measurement under the lock, for the methods whose signature has no IOException. */
  private long measured(String what, TierNamespace.Action<Long> action) {
    try {
      return namespace.locked(action);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot measure " + what + ": tier=" + name + " (" + namespace.dirs() + ")", e);
    }
  }

  @Override
  public String toString() {
    return "FileTier[name=" + name + ", kind=" + kind + ", dirs=" + directories + "]";
  }
}
