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

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.common.DurableFiles;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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
 * room, its file empty, never one that claims a key; see {@link CompleteKeys}): so after a restart
 * a placeholder is never mistaken for a segment, and recovery never prefers it over bytes. Deleting
 * a key here ({@link #delete}: its bytes moved to a faster tier, or were a stale copy) replaces the
 * file with a placeholder of the same modification time in one atomic rename, so Kafka always finds
 * its file, and a reader still holding the old bytes keeps them (the old file is unlinked, not
 * truncated). Kafka itself deletes and renames the files; a rename here follows what Kafka did.
 *
 * <p><b>Incomplete keys</b> are {@code <file name>.migrating} in the partition directory, and a
 * {@code <file name>.mixchannel-empty} a kill left behind ({@link LogDirKeyFiles}). {@link
 * #publish} forces the copy through its own channel, gives it the placeholder's modification time,
 * renames it over the placeholder and syncs the directory. Partition directories are Kafka's: this
 * tier never creates one.
 *
 * <p><b>Space</b> is the file systems' ({@link LogDirSpace}). A log dir whose {@code directory.id}
 * is unknown (offline, or not yet seen) holds no key of this tier; nothing is deleted because a
 * directory cannot be seen. Thread-safe.
 */
final class LogDirTier implements StorageTier {

  private final String name;
  private final TierKind kind;
  private final LogDirs logDirs;
  private final LogDirKeyFiles files;
  private final LogDirSpace space;
  private final CompleteKeys completeKeys = new CompleteKeys();
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
    this.files = new LogDirKeyFiles(name, logDirs);
    this.space = new LogDirSpace(logDirs);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public TierKind kind() {
    return kind;
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
    Path file = files.file(key);
    LogDirOpenOptions opening = LogDirOpenOptions.of(key, options);
    boolean complete = completeKeys.contains(key, file);
    if (complete && opening.createNew()) {
      throw new FileAlreadyExistsException(key, null, "segment file has bytes: " + file);
    }
    if (!complete && !opening.mayCreate()) {
      throw new NoSuchFileException(key, null, "no such key (tier " + name + ", " + file + ")");
    }
    if (!complete) {
      files.checkPartitionDir(key, file);
      // A new key takes Kafka's file as it is, missing or empty; one that claims a key is lost.
      LostSegments.checkCreatable(key, file);
    }
    FileChannel channel = FileChannel.open(file, opening.forFile(!complete));
    if (!complete) {
      completeKeys.addEmpty(key);
    }
    return channels.track(key, channel, file);
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
    Path file = files.file(key);
    Optional<FileChannel> reopened =
        channels.reopen(key, channel, List.of(file, LogDirKeyFiles.incomplete(file)));
    if (reopened.isPresent()) {
      return reopened.get();
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
    Path file = files.file(key);
    if (completeKeys.contains(key, file)
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
    return completeKeys.contains(key, files.file(key));
  }

  /**
   * Whether a key is complete here as its file is now, whether or not the manager has indexed it (a
   * file with bytes that Kafka renamed onto the key's name before the key followed, or one in a log
   * dir that came back).
   *
   * @param key a key, of this tier or not
   * @return whether its segment file holds it complete; {@code false} for a key that is no segment
   *     key or whose log dir is not known
   * @throws IOException when the file cannot be read
   */
  synchronized boolean holdsNow(String key) throws IOException {
    ensureOpen();
    Optional<Path> file = files.fileIfKnown(key);
    return file.isPresent() && completeKeys.contains(key, file.get());
  }

  @Override
  public synchronized long size(String key) throws IOException {
    ensureOpen();
    Path file = files.file(key);
    if (!completeKeys.contains(key, file)) {
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
    Path source = files.file(from);
    Path target = files.file(to);
    boolean wasEmptyKey = completeKeys.removeEmpty(from);
    if (Files.exists(source)) {
      FileDirs.moveDurably(source, target);
    } else if (!Files.exists(target)) {
      throw new NoSuchFileException(from, null, "no such key (tier " + name + ", " + source + ")");
    }
    if (wasEmptyKey) {
      completeKeys.addEmpty(to);
    }
    channels.renamed(from, to);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here: replaces the segment file by a {@link Placeholder} with the same modification time (an
   * atomic rename of a fresh file over it, then a directory sync), so that Kafka keeps its file; a
   * complete copy is deleted here only once a faster tier holds the key, which the placeholder
   * claims ({@link Placeholder#claimsKey}). A file that was no key here is left as it is.
   */
  @Override
  public synchronized boolean delete(String key) throws IOException {
    ensureOpen();
    Path file = files.file(key);
    boolean existed = completeKeys.contains(key, file);
    completeKeys.removeEmpty(key);
    if (existed && !Placeholder.isWhole(file)) {
      Placeholder.replace(file);
    }
    return existed;
  }

  @Override
  public synchronized List<String> keys() throws IOException {
    ensureOpen();
    List<String> keys = new ArrayList<>();
    for (SegmentPath segment : LogDirWalk.segments(logDirs)) {
      String key = segment.key();
      if (completeKeys.containsListed(key, Placeholder.segmentBytes(segment.anchor()))) {
        keys.add(key);
      }
    }
    return keys;
  }

  @Override
  public synchronized FileChannel createIncomplete(String key, SizeHint sizeHint)
      throws IOException {
    ensureOpen();
    Path file = files.file(key);
    if (completeKeys.contains(key, file)) {
      throw new FileAlreadyExistsException(key, null, "complete key exists (tier " + name + ")");
    }
    if (!hasRoomFor(sizeHint.bytes())) {
      throw new TierFullException(
          name,
          sizeHint.bytes(),
          "no room in the log dir for a copy: key=" + key + ", bytes=" + sizeHint.bytes());
    }
    files.checkPartitionDir(key, file);
    Path copy = LogDirKeyFiles.incomplete(file);
    return channels.track(key, FileDirs.createDurably(copy), copy);
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
    Path file = files.file(key);
    Path copy = LogDirKeyFiles.incomplete(file);
    if (!Files.exists(copy)) {
      throw new NoSuchFileException(key, null, "no incomplete copy (tier " + name + ")");
    }
    if (completeKeys.contains(key, file)) {
      throw new FileAlreadyExistsException(key, null, "complete key exists (tier " + name + ")");
    }
    if (!Files.exists(file)) {
      throw new NoSuchFileException(
          key, null, "segment file gone, Kafka deleted or renamed it (tier " + name + ")");
    }
    channels.force(key, copy);
    Files.setLastModifiedTime(copy, Files.getLastModifiedTime(file));
    Files.move(copy, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    completeKeys.addEmpty(key);
    DurableFiles.syncDirectory(file.getParent());
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
    Path file = files.file(key);
    Path copy = LogDirKeyFiles.incomplete(file);
    boolean existed = Files.deleteIfExists(copy);
    existed |= Files.deleteIfExists(LogDirKeyFiles.emptyTemp(file));
    if (existed) {
      DurableFiles.syncDirectory(copy.getParent());
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
    return files.incompleteKeys();
  }

  @Override
  public long capacityBytes() {
    ensureOpen();
    return space.capacityBytes();
  }

  @Override
  public long usedBytes() {
    ensureOpen();
    return space.usedBytes();
  }

  @Override
  public boolean hasRoomFor(long bytes) {
    ensureOpen();
    return space.hasRoomFor(bytes);
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
