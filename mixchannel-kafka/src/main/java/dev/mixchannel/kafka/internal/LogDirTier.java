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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.Keys;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's log dirs as the last, coldest tier: a key's complete copy here is Kafka's own
 * segment file, {@code <log dir>/<partition dir>/<file name>} for the key {@code
 * <directory.id>/<partition dir>/<file name>} (see {@link SegmentPath}), an ordinary segment file
 * that every Kafka tool, tiered storage and a backup can read.
 *
 * <p><b>Placeholders.</b> While a segment's bytes are on a faster tier, its file here is a {@link
 * Placeholder} (Kafka lists, stats and renames it; a reader without the agent fails on it). A
 * placeholder is not a key of this tier, unless it was created as one through this tier while it is
 * open ({@link #open} with {@code CREATE}: an empty segment placed here because no faster tier had
 * room, whose file is then emptied): so after a restart a placeholder is never mistaken for a
 * segment, and recovery never prefers it over bytes. Deleting a key here ({@link #delete}: its
 * bytes moved to a faster tier, or were a stale copy) replaces the file with a placeholder of the
 * same modification time in one atomic rename, so Kafka always finds its file, and a reader still
 * holding the old bytes keeps them (the old file is unlinked, not truncated). Kafka itself deletes
 * and renames the files; a rename here follows what Kafka did.
 *
 * <p><b>Incomplete keys</b> are {@code <file name>.migrating} in the partition directory: a name
 * Kafka's log loader ignores. {@link #publish} forces the copy through its own channel, gives it
 * the placeholder's modification time, renames it over the placeholder and syncs the directory. The
 * file a placeholder replacement renames into place, {@code <file name>.mixchannel-empty}, (the
 * placeholder being written) counts as incomplete too when a kill left it behind, so recovery
 * removes it. Partition directories are Kafka's: this tier never creates one.
 *
 * <p><b>Space</b> is the file systems': capacity is their total size and use is their used size, as
 * {@code DescribeLogDirs} reports them. A log dir whose {@code directory.id} is unknown (offline,
 * or not yet seen) holds no key of this tier; nothing is deleted because a directory cannot be
 * seen. Thread-safe.
 */
final class LogDirTier implements StorageTier {

  private static final Logger LOG = LoggerFactory.getLogger(LogDirTier.class);

  /** The suffix of the file written to replace a segment file by a placeholder. */
  static final String EMPTY_SUFFIX = Placeholder.TEMP_SUFFIX;

  private final String name;
  private final TierKind kind;
  private final LogDirs logDirs;
  private final Set<String> emptyKeys = new HashSet<>();
  private final OpenChannels channels = new OpenChannels();
  private volatile boolean closed;

  /**
   * Creates the tier.
   *
   * @param name the tier's name
   * @param kind the medium of the log dirs
   * @param logDirs the broker's log dirs
   */
  LogDirTier(String name, TierKind kind, LogDirs logDirs) {
    this.name = name;
    this.kind = kind;
    this.logDirs = logDirs;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public TierKind kind() {
    return kind;
  }

  private Path file(String key) throws IOException {
    Keys.validate(key);
    SegmentKey parsed =
        SegmentKey.parse(key)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "not a segment key of the log-dir tier: key="
                            + key
                            + " (tier "
                            + name
                            + ")"));
    Path dir =
        logDirs
            .dirOf(parsed.tag())
            .orElseThrow(
                () ->
                    new NoSuchFileException(
                        key, null, "no known log dir has this directory.id (tier " + name + ")"));
    return dir.resolve(parsed.partitionDir()).resolve(parsed.fileName());
  }

  private static Path incomplete(Path file) {
    return file.resolveSibling(file.getFileName() + INCOMPLETE_SUFFIX);
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("tier closed: tier=" + name);
    }
  }

  @Override
  public synchronized FileChannel open(String key, Set<? extends OpenOption> options)
      throws IOException {
    ensureOpen();
    Path file = file(key);
    Set<OpenOption> jdk = new HashSet<>();
    boolean create = false;
    boolean createNew = false;
    for (OpenOption option : options) {
      if (option instanceof SizeHint) {
        continue;
      }
      if (option == StandardOpenOption.CREATE_NEW) {
        createNew = true;
      } else if (option == StandardOpenOption.CREATE) {
        create = true;
      } else if (option == StandardOpenOption.DELETE_ON_CLOSE) {
        throw new UnsupportedOperationException(
            "DELETE_ON_CLOSE is not supported by the log-dir tier: key=" + key);
      } else {
        jdk.add(option);
      }
    }
    boolean complete = completeLocked(key, file);
    if (complete && createNew) {
      throw new FileAlreadyExistsException(key, null, "segment file has bytes: " + file);
    }
    if (!complete && !create && !createNew) {
      throw new NoSuchFileException(key, null, "no such key (tier " + name + ", " + file + ")");
    }
    if (!complete) {
      if (!Files.isDirectory(file.getParent())) {
        throw new NoSuchFileException(
            key, null, "partition directory missing (tier " + name + ", " + file + ")");
      }
      // A new key here adopts the placeholder Kafka's file is (emptied: it becomes the segment),
      // or creates the file.
      if (Placeholder.segmentBytes(file) == 0) {
        Placeholder.clear(file);
      }
      jdk.add(StandardOpenOption.CREATE);
      emptyKeys.add(key);
    }
    return channels.track(key, FileChannel.open(file, jdk), file);
  }

  /**
   * Whether a key is complete here: its file holds segment bytes, or it is an empty key created
   * here. Kafka deletes and renames its files at any time (its log loader deletes {@code .deleted}
   * and {@code .cleaned} files directly), so a file listed a moment ago may be gone.
   */
  private boolean completeLocked(String key, Path file) throws IOException {
    long bytes = Placeholder.segmentBytes(file);
    if (bytes < 0) {
      emptyKeys.remove(key);
      return false;
    }
    return bytes > 0 || emptyKeys.contains(key);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here: opens the file the channel was opened on again, found by its identity under the key's
   * name or its incomplete copy's name (a rename followed, a publish done meanwhile). When neither
   * holds that file any more (the key was deleted, its file replaced by a placeholder, or Kafka
   * renamed it elsewhere) this throws an {@link IOException} rather than open another file's bytes.
   */
  @Override
  public synchronized FileChannel reopen(FileChannel channel) throws IOException {
    ensureOpen();
    if (!channel.isOpen()) {
      throw new ClosedChannelException();
    }
    String key = channels.keyOf(channel);
    if (key == null) {
      throw new IllegalArgumentException(
          "not an open channel of this tier: tier=" + name + ", channel=" + channel);
    }
    Object identity = channels.fileKeyOf(channel);
    Path file = file(key);
    for (Path candidate : List.of(file, incomplete(file))) {
      if (identity != null && identity.equals(OpenChannels.fileKeyOf(candidate))) {
        FileChannel reopened =
            FileChannel.open(candidate, StandardOpenOption.READ, StandardOpenOption.WRITE);
        if (identity.equals(OpenChannels.fileKeyOf(candidate))) {
          return channels.track(key, reopened, candidate);
        }
        reopened.close();
      }
    }
    throw new IOException(
        "cannot reopen a channel whose file was deleted or replaced (its bytes are reachable only"
            + " through the channels open on them): key="
            + key
            + " (tier "
            + name
            + ", "
            + file
            + ")");
  }

  /**
   * Makes the file of a key that is not on this tier a whole placeholder: an empty file (the
   * placeholder of the first adapter layout) or one a crash cut short is filled. A file with
   * segment bytes, or a missing one, is left alone. Under this tier's lock, so no publish or delete
   * of the key runs meanwhile.
   *
   * @param key a key whose bytes are on a faster tier
   * @return whether the file was filled
   * @throws IOException when the file cannot be written
   */
  synchronized boolean fillPlaceholder(String key) throws IOException {
    ensureOpen();
    Path file = file(key);
    if (completeLocked(key, file)
        || Placeholder.segmentBytes(file) != 0
        || Placeholder.isWhole(file)) {
      return false;
    }
    Placeholder.fill(file);
    return true;
  }

  @Override
  public synchronized boolean exists(String key) throws IOException {
    ensureOpen();
    return completeLocked(key, file(key));
  }

  @Override
  public synchronized long size(String key) throws IOException {
    ensureOpen();
    Path file = file(key);
    if (!completeLocked(key, file)) {
      throw new NoSuchFileException(key, null, "no such key (tier " + name + ")");
    }
    return Files.size(file);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Kafka renames a segment file before the adapter renames its key; when {@code from}'s file is
   * gone and {@code to}'s is there, the rename is already done on disk.
   */
  @Override
  public synchronized void rename(String from, String to) throws IOException {
    ensureOpen();
    Path source = file(from);
    Path target = file(to);
    boolean wasEmptyKey = emptyKeys.remove(from);
    if (Files.exists(source)) {
      Files.move(
          source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      FileDirs.sync(target.getParent());
      if (!source.getParent().equals(target.getParent())) {
        FileDirs.sync(source.getParent());
      }
    } else if (!Files.exists(target)) {
      throw new NoSuchFileException(from, null, "no such key (tier " + name + ", " + source + ")");
    }
    if (wasEmptyKey) {
      emptyKeys.add(to);
    }
    channels.renamed(from, to);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here: replaces the segment file by a {@link Placeholder} with the same modification time (an
   * atomic rename of a fresh file over it, then a directory sync), so that Kafka keeps its file. A
   * missing file (Kafka deleted the segment) is nothing to do.
   */
  @Override
  public synchronized boolean delete(String key) throws IOException {
    ensureOpen();
    Path file = file(key);
    boolean existed = completeLocked(key, file);
    emptyKeys.remove(key);
    if (Placeholder.segmentBytes(file) >= 0 && !Placeholder.isWhole(file)) {
      Placeholder.replace(file);
    }
    return existed;
  }

  private static Path emptyTemp(Path file) {
    return file.resolveSibling(file.getFileName() + EMPTY_SUFFIX);
  }

  @Override
  public synchronized List<String> keys() throws IOException {
    ensureOpen();
    List<String> keys = new ArrayList<>();
    for (SegmentPath segment : LogDirWalk.segments(logDirs)) {
      String key = segment.key();
      long bytes = Placeholder.segmentBytes(segment.anchor());
      if (bytes > 0 || (bytes == 0 && emptyKeys.contains(key))) {
        keys.add(key);
      }
    }
    return keys;
  }

  @Override
  public synchronized FileChannel createIncomplete(String key, SizeHint sizeHint)
      throws IOException {
    ensureOpen();
    Path file = file(key);
    if (completeLocked(key, file)) {
      throw new FileAlreadyExistsException(key, null, "complete key exists (tier " + name + ")");
    }
    if (!hasRoomFor(sizeHint.bytes())) {
      throw new TierFullException(
          name,
          sizeHint.bytes(),
          "no room in the log dir for a copy: key=" + key + ", bytes=" + sizeHint.bytes());
    }
    if (!Files.isDirectory(file.getParent())) {
      throw new NoSuchFileException(
          key, null, "partition directory missing (tier " + name + ", " + file + ")");
    }
    Path copy = incomplete(file);
    FileChannel channel =
        FileChannel.open(
            copy, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
    try {
      FileDirs.sync(copy.getParent());
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    return channels.track(key, channel, copy);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The segment file must still exist (as Kafka's placeholder): when Kafka deleted or renamed it
   * meanwhile, publishing would bring back a file Kafka removed, so this throws {@link
   * NoSuchFileException} instead.
   */
  @Override
  public synchronized void publish(String key) throws IOException {
    ensureOpen();
    Path file = file(key);
    Path copy = incomplete(file);
    if (!Files.exists(copy)) {
      throw new NoSuchFileException(key, null, "no incomplete copy (tier " + name + ")");
    }
    if (completeLocked(key, file)) {
      throw new FileAlreadyExistsException(key, null, "complete key exists (tier " + name + ")");
    }
    if (!Files.exists(file)) {
      throw new NoSuchFileException(
          key, null, "segment file gone, Kafka deleted or renamed it (tier " + name + ")");
    }
    channels.force(key, copy);
    Files.setLastModifiedTime(copy, Files.getLastModifiedTime(file));
    Files.move(copy, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    emptyKeys.add(key);
    FileDirs.sync(file.getParent());
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here: removes the key's {@code .migrating} copy and a {@code .mixchannel-empty} file a
   * process killed while replacing the segment file by a placeholder left beside it.
   */
  @Override
  public synchronized boolean discardIncomplete(String key) throws IOException {
    ensureOpen();
    Path file = file(key);
    Path copy = incomplete(file);
    boolean existed = Files.deleteIfExists(copy);
    existed |= Files.deleteIfExists(emptyTemp(file));
    if (existed) {
      FileDirs.sync(copy.getParent());
    }
    return existed;
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here: the keys with a {@code .migrating} copy, and those with a {@code .mixchannel-empty}
   * file left by a process killed while replacing their file by a placeholder (recovery discards
   * both, so no such file stays in Kafka's partition directory).
   */
  @Override
  public synchronized List<String> incompleteKeys() throws IOException {
    ensureOpen();
    Set<String> keys = new LinkedHashSet<>();
    for (SegmentPath segment : LogDirWalk.incompleteSegments(logDirs, INCOMPLETE_SUFFIX)) {
      keys.add(segment.key());
    }
    for (SegmentPath segment : LogDirWalk.incompleteSegments(logDirs, EMPTY_SUFFIX)) {
      keys.add(segment.key());
    }
    return new ArrayList<>(keys);
  }

  @Override
  public long capacityBytes() {
    ensureOpen();
    long total = 0;
    for (FileStore store : stores()) {
      total += measure(store, true);
    }
    return total;
  }

  @Override
  public long usedBytes() {
    ensureOpen();
    long used = 0;
    for (FileStore store : stores()) {
      used += measure(store, true) - measure(store, false);
    }
    return used;
  }

  @Override
  public boolean hasRoomFor(long bytes) {
    ensureOpen();
    for (FileStore store : stores()) {
      if (measure(store, false) >= bytes) {
        return true;
      }
    }
    return false;
  }

  private List<FileStore> stores() {
    List<FileStore> stores = new ArrayList<>();
    for (Path dir : logDirs.known().values()) {
      try {
        FileStore store = Files.getFileStore(dir);
        if (!stores.contains(store)) {
          stores.add(store);
        }
      } catch (IOException e) {
        LOG.debug("log dir does not answer, not counted: dir={}", dir, e);
      }
    }
    return stores;
  }

  private static long measure(FileStore store, boolean total) {
    try {
      return total ? store.getTotalSpace() : store.getUsableSpace();
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public void close() throws IOException {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    channels.closeAll();
  }

  @Override
  public String toString() {
    return "LogDirTier[name=" + name + ", logDirs=" + logDirs.known().values() + "]";
  }
}
