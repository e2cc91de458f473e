package dev.mixchannel.file;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.Keys;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.OpenOptions;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
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
 * discard, before the method returns. File contents are made durable by the caller's {@code force},
 * except that {@link #publish} forces the file itself.
 *
 * <p><b>Thread-safety:</b> safe for use by many threads. Namespace changes are serialized by one
 * lock per tier; reads and writes on the channels never take it. The caller that opened the tier
 * closes it, which closes every channel the tier handed out; after that every method except {@code
 * close} throws {@link IllegalStateException}.
 */
public final class FileTier implements StorageTier {

  private static final Logger LOG = LoggerFactory.getLogger(FileTier.class);

  private static final Set<OpenOption> INCOMPLETE_OPTIONS =
      Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);

  private final String name;
  private final TierKind kind;
  private final List<TierDirectory> directories;
  private final TierSpace space;
  private final DirectorySync directorySync;
  private final ReentrantLock lock = new ReentrantLock();

  /** Guarded by {@link #lock}. */
  private final KeyRegistry registry;

  /** Written under {@link #lock}; read without it for the fast open check. */
  private volatile boolean closed;

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
    this.directorySync = directorySync;
  }

  /**
   * Opens a tier on the directories of a configuration, creating and locking them and indexing the
   * keys they hold. A key left in two directories by a crash during a cross-directory rename is
   * resolved in favour of the newer file; the other is deleted with a warning.
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
      for (TierDirectory directory : opened) {
        try {
          directory.close();
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
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
   * keeps its file in the reserved {@code .mixchannel.trash} directory of its root until the last
   * of them is closed (the tier notices at its next namespace change or usage query), so it can be
   * reopened; the trash is emptied when the tier opens. A replaced key can be reopened only where
   * the file system has hard links.
   *
   * @throws IOException also when the bytes of a replaced key are not reachable (no hard links)
   */
  @Override
  public FileChannel reopen(FileChannel channel) throws IOException {
    Objects.requireNonNull(channel, "channel");
    ensureOpen();
    if (!channel.isOpen()) {
      throw new ClosedChannelException();
    }
    lock.lock();
    try {
      ensureOpen();
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
    } finally {
      lock.unlock();
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>Returns the JDK's channel on the key's file. See the class documentation for the options.
   */
  @Override
  public FileChannel open(String key, Set<? extends OpenOption> options) throws IOException {
    ensureOpen();
    Keys.validate(key);
    OpenOptions request = OpenOptions.parse(key, options);
    if (request.deleteOnClose()) {
      throw new UnsupportedOperationException(
          "unsupported open option: option=DELETE_ON_CLOSE, key="
              + key
              + " (file tier; the tier manager handles it)");
    }
    FileChannel channel;
    List<Path> toSync;
    lock.lock();
    try {
      ensureOpen();
      purgeOrphans();
      FileKey entry = registry.complete(key);
      if (entry != null) {
        channel = FileChannel.open(entry.file(), request.jdkOptions());
        registry.track(entry, channel);
        return channel;
      }
      if (!request.mayCreate()) {
        throw noSuchKey(key);
      }
      SizeHint hint = request.hint();
      space.requireRoom(key, hint.bytes(), registry);
      TierDirectory directory = space.place(registry);
      Path file = directory.resolve(key);
      TierDirectory.NewFile created =
          directory.create(file, request.jdkOptions(), hint.preallocated() ? hint.bytes() : 0);
      channel = created.channel();
      long sizeBytes = created.changedDirectories().isEmpty() ? channel.size() : 0;
      FileKey createdEntry = new FileKey(directory, file, sizeBytes);
      registry.putComplete(key, createdEntry);
      registry.track(createdEntry, channel);
      toSync = created.changedDirectories();
    } finally {
      lock.unlock();
    }
    return syncedOrClosed(channel, toSync);
  }

  private static void closeAfterFailure(FileChannel channel, Throwable failure) {
    try {
      channel.close();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  @Override
  public boolean exists(String key) throws IOException {
    Keys.validate(key);
    return locked(() -> registry.complete(key) != null);
  }

  @Override
  public long size(String key) throws IOException {
    Keys.validate(key);
    return locked(
        () -> {
          FileKey entry = registry.complete(key);
          if (entry == null) {
            throw noSuchKey(key);
          }
          return registry.sizeBytes(entry);
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>The file is renamed within its directory. When {@code to} existed in another directory, that
   * file is deleted after the rename is durable; a crash in between leaves both, and the next open
   * keeps the newer.
   */
  @Override
  public void rename(String from, String to) throws IOException {
    ensureOpen();
    Keys.validate(from);
    Keys.validate(to);
    Set<Path> toSync = new LinkedHashSet<>();
    lock.lock();
    try {
      ensureOpen();
      FileKey entry = registry.complete(from);
      if (entry == null) {
        throw noSuchKey(from);
      }
      if (from.equals(to)) {
        return;
      }
      purgeOrphans();
      TierDirectory directory = entry.directory();
      Path source = entry.file();
      Path target = directory.resolve(to);
      FileKey old = registry.complete(to);
      // Channels open on a key that the rename replaces keep its bytes: a hard link in the trash
      // keeps them reachable for reopen.
      Path oldLink =
          old != null && old.directory() == directory && registry.hasOpenChannels(old)
              ? directory.linkToTrash(target)
              : null;
      Path highestChanged = directory.createParents(target);
      try {
        Files.move(
            source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException | RuntimeException e) {
        directory.removeEmptyParents(target);
        if (oldLink != null) {
          Files.deleteIfExists(oldLink);
        }
        throw e;
      }
      FileKey replaced = registry.rename(from, to, entry);
      if (replaced != null && replaced.directory() == directory) {
        replaced.file(oldLink);
      }
      toSync.addAll(TierDirectory.upTo(target.getParent(), highestChanged));
      toSync.add(directory.removeEmptyParents(source));
      if (replaced != null && replaced.directory() != directory) {
        // The rename is made durable before the old copy goes, so that a crash leaves the old or
        // the new bytes under `to` (KeyScan keeps the newer of two, so the renamed file is marked
        // newest first: a rename does not change a file's modification time), never neither.
        Files.setLastModifiedTime(target, FileTime.from(Instant.now()));
        syncAll(toSync);
        toSync.clear();
        Path gone = replaced.file();
        removeFile(replaced);
        toSync.add(replaced.directory().removeEmptyParents(gone));
      }
    } finally {
      lock.unlock();
    }
    syncAll(toSync);
  }

  @Override
  public boolean delete(String key) throws IOException {
    Keys.validate(key);
    return unlink(key, false);
  }

  /** Deletes a complete or incomplete key's file and syncs the directory that changed. */
  private boolean unlink(String key, boolean incomplete) throws IOException {
    Path changed =
        locked(
            () -> {
              FileKey entry = incomplete ? registry.incomplete(key) : registry.complete(key);
              if (entry == null) {
                return null;
              }
              Path gone = entry.file();
              removeFile(entry);
              if (incomplete) {
                registry.removeIncomplete(key);
              } else {
                registry.removeComplete(key);
              }
              return entry.directory().removeEmptyParents(gone);
            });
    if (changed == null) {
      return false;
    }
    syncAll(List.of(changed));
    return true;
  }

  @Override
  public List<String> keys() throws IOException {
    return locked(registry::completeKeys);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The file is {@code <dir>/<key>.migrating}, placed like a new key. The hint steers placement
   * and the room check only; the file starts empty even for {@link SizeHint#preallocate}.
   */
  @Override
  public FileChannel createIncomplete(String key, SizeHint sizeHint) throws IOException {
    ensureOpen();
    Keys.validate(key);
    Objects.requireNonNull(sizeHint, "sizeHint");
    FileChannel channel;
    List<Path> toSync;
    lock.lock();
    try {
      ensureOpen();
      purgeOrphans();
      if (registry.complete(key) != null || registry.incomplete(key) != null) {
        throw new FileAlreadyExistsException(
            key,
            null,
            "key exists: complete="
                + (registry.complete(key) != null)
                + ", incomplete="
                + (registry.incomplete(key) != null)
                + " (tier "
                + name
                + ")");
      }
      space.requireRoom(key, sizeHint.bytes(), registry);
      TierDirectory directory = space.place(registry);
      Path file = directory.resolve(key + INCOMPLETE_SUFFIX);
      TierDirectory.NewFile created = directory.create(file, INCOMPLETE_OPTIONS, 0);
      channel = created.channel();
      FileKey entry = new FileKey(directory, file, 0);
      registry.putIncomplete(key, entry);
      registry.track(entry, channel);
      toSync = created.changedDirectories();
    } finally {
      lock.unlock();
    }
    return syncedOrClosed(channel, toSync);
  }

  @Override
  public void publish(String key) throws IOException {
    Keys.validate(key);
    FileKey entry =
        locked(
            () -> {
              FileKey incomplete = requireIncomplete(key);
              requireNoComplete(key);
              return incomplete;
            });
    // Bytes and size first, outside the lock (this may write out a whole segment): the rename
    // below must never publish a file whose contents a crash could still lose.
    forceFile(entry);
    Path changed =
        locked(
            () -> {
              if (requireIncomplete(key) != entry) {
                throw noSuchIncompleteKey(key);
              }
              // ATOMIC_MOVE replaces an existing target on POSIX: "no replace" is checked here,
              // under the lock that every namespace change takes.
              requireNoComplete(key);
              Path target = entry.directory().resolve(key);
              Files.move(entry.file(), target, StandardCopyOption.ATOMIC_MOVE);
              registry.publish(key, entry);
              return target.getParent();
            });
    syncAll(List.of(changed));
  }

  private FileKey requireIncomplete(String key) throws NoSuchFileException {
    FileKey entry = registry.incomplete(key);
    if (entry == null) {
      throw noSuchIncompleteKey(key);
    }
    return entry;
  }

  private void requireNoComplete(String key) throws FileAlreadyExistsException {
    FileKey existing = registry.complete(key);
    if (existing != null) {
      throw new FileAlreadyExistsException(
          key, null, "cannot publish over a complete key (tier " + name + ", " + existing + ")");
    }
  }

  /**
   * Forces a key's file through a channel handed out on it when one is open: opening and closing a
   * second descriptor would drop the locks this process holds on the file (POSIX). Only when none
   * is open is a descriptor opened for the force.
   */
  private void forceFile(FileKey entry) throws IOException {
    List<FileChannel> open =
        locked(
            () -> {
              entry.pruneClosed();
              return new ArrayList<>(entry.channels());
            });
    for (FileChannel channel : open) {
      try {
        channel.force(true);
        return;
      } catch (ClosedChannelException e) {
        // closed meanwhile (with its locks): try the next, or a descriptor of our own
      }
    }
    try (FileChannel file = FileChannel.open(entry.file(), StandardOpenOption.READ)) {
      file.force(true);
    }
  }

  /**
   * Removes a key's file: into the trash when channels are open on it (they may be reopened), else
   * for good. Caller holds the lock.
   */
  private void removeFile(FileKey entry) throws IOException {
    if (registry.hasOpenChannels(entry)) {
      entry.file(entry.directory().moveToTrash(entry.file()));
    } else {
      Files.deleteIfExists(entry.file());
    }
  }

  /**
   * Deletes the trash files of removed keys whose channels are all closed: every call that takes
   * the lock does this first, so a removed key's blocks are freed at the tier's next call after its
   * last channel closed, and counted until then. Caller holds the lock (or the tier is closed).
   */
  private void purgeOrphans() throws IOException {
    for (FileKey orphan : registry.pruneOrphans()) {
      if (orphan.directory().isTrash(orphan.file())) {
        Files.deleteIfExists(orphan.file());
      }
    }
  }

  @Override
  public boolean discardIncomplete(String key) throws IOException {
    Keys.validate(key);
    return unlink(key, true);
  }

  @Override
  public List<String> incompleteKeys() throws IOException {
    return locked(registry::incompleteKeys);
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
   * <p>The sum of the sizes of the complete and incomplete files, as their open channels report
   * them. Costs one {@code size()} call per key with an open channel and nothing per other key.
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
   * Closes every channel the tier handed out that is still open, then releases the directories'
   * locks. Idempotent.
   *
   * @throws IOException when a channel or a lock could not be closed; every one is still tried
   */
  @Override
  public void close() throws IOException {
    List<FileChannel> channels;
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      channels = registry.takeChannels();
    } finally {
      lock.unlock();
    }
    IOException failure = null;
    List<Closeable> resources = new ArrayList<>(channels);
    // The trash of removed keys goes once their channels are closed, before the directories' locks.
    resources.add(this::purgeOrphans);
    resources.addAll(directories);
    for (Closeable resource : resources) {
      try {
        resource.close();
      } catch (IOException e) {
        if (failure == null) {
          failure =
              new IOException("cannot close file tier: tier=" + name + " (" + dirs() + ")", e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    LOG.info("closed file tier: name={}, channels={}", name, channels.size());
    if (failure != null) {
      throw failure;
    }
  }

  /** Work done under the tier's lock. */
  @FunctionalInterface
  private interface LockedAction<T> {
    T run() throws IOException;
  }

  /** Runs an action under the tier's lock, once the tier is known to be open. */
  private <T> T locked(LockedAction<T> action) throws IOException {
    ensureOpen();
    lock.lock();
    try {
      ensureOpen();
      purgeOrphans();
      return action.run();
    } finally {
      lock.unlock();
    }
  }

  /** Runs a measurement under the lock, for the methods whose signature has no IOException. */
  private long measured(String what, LockedAction<Long> action) {
    try {
      return locked(action);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot measure " + what + ": tier=" + name + " (" + dirs() + ")", e);
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("tier is closed: tier=" + name + " (" + directories + ")");
    }
  }

  private NoSuchFileException noSuchKey(String key) {
    return new NoSuchFileException(key, null, "no such key (tier " + name + ", " + dirs() + ")");
  }

  private NoSuchFileException noSuchIncompleteKey(String key) {
    return new NoSuchFileException(
        key, null, "no such incomplete key (tier " + name + ", " + dirs() + ")");
  }

  private String dirs() {
    return directories.size() == 1 ? directories.get(0).toString() : directories.toString();
  }

  /**
   * Syncs directories after the tier lock was released. A concurrent delete may have removed an
   * emptied sub-directory in between; its removal is an entry of its parent, so the nearest
   * directory that still exists is synced instead (the deleter syncs it too).
   */
  /** Makes new directory entries durable; on failure closes the new channel and throws. */
  private FileChannel syncedOrClosed(FileChannel channel, List<Path> changedDirectories)
      throws IOException {
    try {
      syncAll(changedDirectories);
    } catch (IOException e) {
      closeAfterFailure(channel, e);
      throw e;
    }
    return channel;
  }

  private void syncAll(Iterable<Path> changed) throws IOException {
    for (Path directory : changed) {
      Path existing = directory;
      while (true) {
        try {
          directorySync.sync(existing);
          break;
        } catch (NoSuchFileException e) {
          Path parent = existing.getParent();
          if (parent == null || !isInsideTier(parent)) {
            throw e;
          }
          existing = parent;
        }
      }
    }
  }

  private boolean isInsideTier(Path path) {
    for (TierDirectory directory : directories) {
      if (path.startsWith(directory.root())) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "FileTier[name=" + name + ", kind=" + kind + ", dirs=" + directories + "]";
  }
}
