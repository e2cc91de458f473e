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

import dev.mixchannel.api.StorageInUseException;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.common.Closeables;
import dev.mixchannel.common.OwnershipLock;
import java.io.Closeable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * One directory of a {@link FileTier}: its root, the file store it lives on, the creation
 * permissions it supports, and the exclusive lock that makes the tier its only owner.
 *
 * <p>Immutable apart from {@link #close()}; the tier serializes the namespace changes made through
 * {@link #createParents} and {@link #removeEmptyParents}.
 */
final class TierDirectory implements Closeable {

  /** The lock file's name in each directory; reserved, never listed as a key. */
  static final String LOCK_FILE = StorageTier.RESERVED_PREFIX + ".lock";

  /**
   * The directory, in each root, that keeps the files of removed keys whose channels are still open
   * (so that they can be reopened); reserved, emptied when the tier opens.
   */
  static final String TRASH_DIRECTORY = StorageTier.RESERVED_PREFIX + ".trash";

  private static final FileAttribute<Set<PosixFilePermission>> FILE_PERMISSIONS =
      PosixFilePermissions.asFileAttribute(
          EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));

  private static final FileAttribute<Set<PosixFilePermission>> DIRECTORY_PERMISSIONS =
      PosixFilePermissions.asFileAttribute(
          EnumSet.of(
              PosixFilePermission.OWNER_READ,
              PosixFilePermission.OWNER_WRITE,
              PosixFilePermission.OWNER_EXECUTE));

  private static final FileAttribute<?>[] NO_ATTRIBUTES = new FileAttribute<?>[0];

  private final Path root;
  private final int index;
  private final FileStore store;
  private final boolean posix;
  private final OwnershipLock owner;
  private final AtomicLong trashSequence = new AtomicLong();

  private TierDirectory(Path root, int index, FileStore store, boolean posix, OwnershipLock owner) {
    this.root = root;
    this.index = index;
    this.store = store;
    this.posix = posix;
    this.owner = owner;
  }

  /**
   * Creates the directory when missing (0700) and takes its lock.
   *
   * <p>Ownership is an {@link OwnershipLock} on the reserved lock file: a second owner in this
   * process is refused without touching the lock file (so the first owner's POSIX lock survives),
   * one in another process by the file lock.
   *
   * @param root the absolute directory
   * @param index the directory's position in the tier's configuration
   * @param tierName the tier's name, for messages
   * @return the open directory
   * @throws StorageInUseException when another tier, in this process or another, holds it
   * @throws IOException when the directory cannot be created or locked
   */
  static TierDirectory open(Path root, int index, String tierName) throws IOException {
    boolean posixFileSystem = root.getFileSystem().supportedFileAttributeViews().contains("posix");
    if (posixFileSystem) {
      Files.createDirectories(root, DIRECTORY_PERMISSIONS);
    } else {
      Files.createDirectories(root);
    }
    FileStore store = Files.getFileStore(root);
    boolean posix =
        posixFileSystem && store.supportsFileAttributeView(PosixFileAttributeView.class);
    OwnershipLock owner =
        OwnershipLock.acquire(
            root.resolve(LOCK_FILE), "tier directory of tier " + tierName + " (" + root + ")");
    try {
      emptyTrash(root.resolve(TRASH_DIRECTORY));
    } catch (IOException | RuntimeException e) {
      Closeables.closeQuietly(e, owner);
      throw e;
    }
    return new TierDirectory(root, index, store, posix, owner);
  }

  private static void emptyTrash(Path trash) throws IOException {
    if (!Files.isDirectory(trash, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> files = Files.list(trash)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(file);
      }
    }
  }

  private Path newTrashFile() throws IOException {
    Path trash = root.resolve(TRASH_DIRECTORY);
    if (posix) {
      Files.createDirectories(trash, DIRECTORY_PERMISSIONS);
    } else {
      Files.createDirectories(trash);
    }
    return trash.resolve(Long.toString(trashSequence.incrementAndGet()));
  }

  /**
   * Moves a key's file into the trash (one atomic rename on the same file system), so that its open
   * channels can still be reopened after the key is removed.
   *
   * @param file a key's file under the root
   * @return its path in the trash
   * @throws IOException when it cannot be moved; the file is then where it was
   */
  Path moveToTrash(Path file) throws IOException {
    Path target = newTrashFile();
    Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
    return target;
  }

  /**
   * Links a key's file into the trash, before a rename replaces it.
   *
   * @param file a key's file under the root
   * @return its link in the trash, or {@code null} when the file system has no hard links
   * @throws IOException when the trash cannot be written
   */
  Path linkToTrash(Path file) throws IOException {
    Path target = newTrashFile();
    try {
      Files.createLink(target, file);
      return target;
    } catch (UnsupportedOperationException e) {
      return null;
    }
  }

  /**
   * Whether a path is in this directory's trash.
   *
   * @param file a path
   * @return whether it is a trash file
   */
  boolean isTrash(Path file) {
    return file != null && root.resolve(TRASH_DIRECTORY).equals(file.getParent());
  }

  /** The directory itself. */
  Path root() {
    return root;
  }

  /** The directory's position in the tier's configuration. */
  int index() {
    return index;
  }

  /** The file store the directory lives on. */
  FileStore store() {
    return store;
  }

  /** The attributes a new file gets: 0600 where the file store supports POSIX permissions. */
  FileAttribute<?>[] fileAttributes() {
    return posix ? new FileAttribute<?>[] {FILE_PERMISSIONS} : NO_ATTRIBUTES;
  }

  /**
   * The file of a key (or of an incomplete key, with its suffix).
   *
   * @param name the key, {@code /}-separated
   * @return the file under this directory
   */
  Path resolve(String name) {
    return root.resolve(name);
  }

  /**
   * Creates the missing directories between the root and a file, each 0700.
   *
   * @param file a file under the root
   * @return the highest directory that gained an entry: the file's parent when it existed, else the
   *     existing ancestor of the first directory created
   * @throws IOException when a directory cannot be created
   */
  Path createParents(Path file) throws IOException {
    Path parent = file.getParent();
    if (Files.isDirectory(parent)) {
      return parent;
    }
    Path highestMissing = parent;
    while (!highestMissing.getParent().equals(root)
        && !Files.isDirectory(highestMissing.getParent())) {
      highestMissing = highestMissing.getParent();
    }
    if (posix) {
      Files.createDirectories(parent, DIRECTORY_PERMISSIONS);
    } else {
      Files.createDirectories(parent);
    }
    return highestMissing.getParent();
  }

  /**
   * Opens a key's file with options that may create it, making its parent directories first.
   * Anything this call created is removed again when it fails.
   *
   * @param file a file under the root
   * @param options the options for {@link FileChannel#open(Path, Set, FileAttribute[])}
   * @param preallocateBytes the size to give a newly created file (sparse, zero-filled, as {@link
   *     java.io.RandomAccessFile#setLength} does), or 0
   * @return the channel, and the directories whose entries changed
   * @throws IOException as {@link FileChannel#open(Path, Set, FileAttribute[])}
   */
  NewFile create(Path file, Set<? extends OpenOption> options, long preallocateBytes)
      throws IOException {
    Path highestChanged = createParents(file);
    boolean existed = Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, options, fileAttributes());
      if (!existed && preallocateBytes > 0) {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
          raf.setLength(preallocateBytes);
        }
      }
    } catch (IOException | RuntimeException e) {
      Closeables.closeQuietly(e, channel);
      if (!existed) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      removeEmptyParents(file);
      throw e;
    }
    return new NewFile(channel, existed ? List.of() : upTo(file.getParent(), highestChanged));
  }

  /**
   * The directories from one up to an ancestor.
   *
   * @param deepest the first directory
   * @param highest an ancestor of {@code deepest}, or {@code deepest} itself
   * @return the chain, deepest first, both ends included
   */
  static List<Path> upTo(Path deepest, Path highest) {
    List<Path> chain = new ArrayList<>();
    for (Path dir = deepest; dir != null; dir = dir.getParent()) {
      chain.add(dir);
      if (dir.equals(highest)) {
        break;
      }
    }
    return chain;
  }

  /**
   * The result of {@link #create}.
   *
   * @param channel the open channel; the caller owns it
   * @param changedDirectories the directories to sync, deepest first: the file's parent up to the
   *     parent of the highest directory created; empty when the file existed
   */
  record NewFile(FileChannel channel, List<Path> changedDirectories) {}

  /**
   * Removes the file's parent directories that are empty, up to but excluding the root.
   *
   * @param file a file under the root, already removed
   * @return the deepest directory that still exists: the one whose entries changed last
   */
  Path removeEmptyParents(Path file) {
    Path dir = file.getParent();
    while (!dir.equals(root) && dir.startsWith(root)) {
      try {
        Files.delete(dir);
      } catch (IOException e) {
        // Not empty (the usual case), already gone, or not removable: an empty directory left
        // behind costs nothing and is reused by the next key under it.
        return dir;
      }
      dir = dir.getParent();
    }
    return dir;
  }

  /**
   * Releases the ownership (the lock file stays, so that a waiting owner never races with its
   * removal).
   *
   * @throws IOException when releasing failed
   */
  @Override
  public void close() throws IOException {
    owner.close();
  }

  @Override
  public String toString() {
    return root.toString();
  }
}
