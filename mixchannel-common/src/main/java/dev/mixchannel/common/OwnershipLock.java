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
package dev.mixchannel.common;

import dev.mixchannel.api.StorageInUseException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * Exclusive ownership of a file (a tier directory's lock file, a PMem pool file) by one owner in
 * one process, held until {@link #close()}.
 *
 * <p>Two mechanisms, because POSIX record locks have a trap: closing <em>any</em> descriptor of a
 * file drops every lock the process holds on it. So an owner in the same process is detected
 * without ever opening the locked file: first, a marker file {@code <file>.owner-<pid>} is created
 * atomically ({@code CREATE_NEW}), holding this process's start instant; a second owner in the same
 * process fails to create it and is refused before touching the locked file. Only then is an
 * exclusive {@link FileLock} taken on {@link #channel()}, which excludes other processes. A marker
 * left by a dead process (another start instant, or a pid that no longer runs) is stale and removed
 * (markers of pids that no longer run are removed on every acquire). The caller must not open and
 * close other descriptors of the locked file in this process while it owns it; when it needs the
 * file's bytes, it uses {@link #channel()}.
 *
 * <p>Thread-safe. {@link #close()} is idempotent.
 */
public final class OwnershipLock implements Closeable {

  private static final String MARKER_INFIX = ".owner-";

  private final Path file;
  private final Path marker;
  private final FileChannel channel;
  private FileLock lock;
  private boolean closed;

  private OwnershipLock(Path file, Path marker, FileChannel channel, FileLock lock) {
    this.file = file;
    this.marker = marker;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes ownership of a file, creating it (0600 where POSIX) when missing.
   *
   * @param file the file to own
   * @param what what the file is, for messages, such as {@code tier directory /data/hdd}
   * @param options extra open options for {@link #channel()} beyond {@code READ}, {@code WRITE} and
   *     {@code CREATE}
   * @return the held ownership; the caller closes it
   * @throws StorageInUseException when this or another process owns the file
   * @throws IOException when the file or its marker cannot be created or locked
   */
  public static OwnershipLock acquire(Path file, String what, OpenOption... options)
      throws IOException {
    return acquire(file, what, 0, Long.MAX_VALUE, options);
  }

  /**
   * Takes ownership of a file through a lock on a range of it, leaving the rest of the file free
   * for other locks taken through {@link #channel()} (a PMem pool locks channel ranges there).
   *
   * @param file the file to own
   * @param what what the file is, for messages
   * @param lockPosition the first byte of the ownership lock
   * @param lockSize the length of the ownership lock
   * @param options extra open options for {@link #channel()}
   * @return the held ownership; the caller closes it
   * @throws StorageInUseException when this or another process owns the file
   * @throws IOException when the file or its marker cannot be created or locked
   */
  public static OwnershipLock acquire(
      Path file, String what, long lockPosition, long lockSize, OpenOption... options)
      throws IOException {
    ProcessHandle self = ProcessHandle.current();
    Path marker = file.resolveSibling(file.getFileName() + MARKER_INFIX + self.pid());
    String identity = identity(self);
    createMarker(file, marker, identity, what);
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, openOptions(options), ownerOnly());
      FileLock lock = tryLock(channel, lockPosition, lockSize, file, what);
      return new OwnershipLock(file, marker, channel, lock);
    } catch (IOException | RuntimeException | Error e) {
      // Closing our descriptor is safe here: this process holds no lock on the file (the marker
      // proved no owner in this process exists).
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      Files.deleteIfExists(marker);
      throw e;
    }
  }

  /**
   * Takes the operating-system lock again after a library outside our control (LLPL's {@code
   * pmem_map_file}) opened and closed a descriptor of the file, which dropped it.
   *
   * @throws StorageInUseException when another process took the file in the meantime
   * @throws IOException when locking fails
   */
  public synchronized void relock() throws IOException {
    if (closed) {
      throw new IllegalStateException("ownership already released: file=" + file);
    }
    FileLock dropped = lock;
    dropped.release();
    // A FileLock keeps its range after release: the same range is taken again.
    lock = tryLock(channel, dropped.position(), dropped.size(), file, "the same file, retaken");
  }

  /**
   * Whether an owner in this process holds the file, found without opening it.
   *
   * @param file the file
   * @return {@code true} when this process's marker for it exists
   * @throws IOException when the marker cannot be read
   */
  public static boolean heldByThisProcess(Path file) throws IOException {
    ProcessHandle self = ProcessHandle.current();
    Path marker = file.resolveSibling(file.getFileName() + MARKER_INFIX + self.pid());
    try {
      String holder = Files.readString(marker, StandardCharsets.UTF_8);
      return holder.isEmpty() || holder.equals(identity(self));
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /**
   * The channel that holds the lock, open for reading and writing; the only descriptor of the file
   * the owner may use. Closed by {@link #close()}.
   *
   * @return the channel
   */
  public FileChannel channel() {
    return channel;
  }

  /**
   * The owned file.
   *
   * @return its path
   */
  public Path file() {
    return file;
  }

  /**
   * Releases the lock, closes the channel and removes the marker. Idempotent.
   *
   * @throws IOException when releasing failed; every step is still attempted
   */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    IOException failure = null;
    try {
      if (lock.isValid()) {
        lock.release();
      }
    } catch (IOException e) {
      failure = e;
    }
    try {
      channel.close();
    } catch (IOException e) {
      failure = Failures.chain(failure, e);
    }
    try {
      Files.deleteIfExists(marker);
    } catch (IOException e) {
      failure = Failures.chain(failure, e);
    }
    if (failure != null) {
      throw failure;
    }
  }

  private static String identity(ProcessHandle process) {
    return process.info().startInstant().map(Instant::toString).orElse("unknown");
  }

  private static FileLock tryLock(
      FileChannel channel, long position, long size, Path file, String what) throws IOException {
    FileLock lock;
    try {
      lock = channel.tryLock(position, size, false);
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      throw new StorageInUseException(
          file, "storage in use: holder=another process, " + what + " (" + file + ")");
    }
    return lock;
  }

  private static void createMarker(Path file, Path marker, String identity, String what)
      throws IOException {
    removeMarkersOfDeadProcesses(file);
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        Files.createFile(marker, ownerOnly());
        Files.writeString(marker, identity, StandardCharsets.UTF_8);
        return;
      } catch (FileAlreadyExistsException e) {
        String holder;
        try {
          holder = Files.readString(marker, StandardCharsets.UTF_8);
        } catch (NoSuchFileException gone) {
          continue;
        }
        if (holder.isEmpty() || holder.equals(identity)) {
          throw new StorageInUseException(
              file, "storage in use: holder=this process, " + what + " (" + file + ")");
        }
        // Left by an earlier process that had our pid: stale.
        Files.deleteIfExists(marker);
      }
    }
    throw new StorageInUseException(
        file, "storage in use: holder=a concurrent opener, " + what + " (" + file + ")");
  }

  private static void removeMarkersOfDeadProcesses(Path file) throws IOException {
    String prefix = file.getFileName() + MARKER_INFIX;
    Path dir = file.toAbsolutePath().getParent();
    try (DirectoryStream<Path> markers = Files.newDirectoryStream(dir, prefix + "*")) {
      for (Path marker : markers) {
        String pid = marker.getFileName().toString().substring(prefix.length());
        if (pid.chars().allMatch(Character::isDigit)
            && !pid.isEmpty()
            && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
          Files.deleteIfExists(marker);
        }
      }
    }
  }

  private static Set<OpenOption> openOptions(OpenOption... extra) {
    Set<OpenOption> options =
        new HashSet<>(
            Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE));
    options.addAll(Set.of(extra));
    return options;
  }

  private static FileAttribute<?>[] ownerOnly() {
    if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return new FileAttribute<?>[0];
    }
    return new FileAttribute<?>[] {
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
    };
  }
}
