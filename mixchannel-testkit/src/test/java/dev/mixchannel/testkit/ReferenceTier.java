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
package dev.mixchannel.testkit;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.api.ForwardingFileChannel;
import dev.mixchannel.api.Keys;
import dev.mixchannel.api.SizeHint;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierFullException;
import dev.mixchannel.api.TierKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The simplest tier that meets the whole {@link StorageTier} contract, so that the suite is known
 * to be satisfiable (as the JDK's channel is for the FileChannel suite): one directory of plain
 * files, a fixed capacity, no durability work. A key with open channels that is deleted or renamed
 * over moves to {@value #ORPHANS} instead of going, so that {@link #reopen} can still open it; the
 * file goes when its last channel closes, or when the tier opens again. Publish forces through an
 * open channel of the key when there is one, never through a second descriptor. Every method is
 * {@code synchronized}.
 */
final class ReferenceTier implements StorageTier {

  static final String ORPHANS = RESERVED_PREFIX + "-orphans";
  private static final long CAPACITY_BYTES = 64L << 20;

  private final Path root;
  private final Path orphans;
  private final Map<Path, OpenFile> openFiles = new HashMap<>();
  private long orphanCount;
  private boolean closed;

  /** A file with open channels: where it is now, and its channels. */
  private static final class OpenFile {
    private Path path;
    private final Set<Handle> handles = new HashSet<>();

    OpenFile(Path path) {
      this.path = path;
    }
  }

  /** A channel this tier handed out. */
  private final class Handle extends ForwardingFileChannel {
    private final OpenFile file;

    Handle(FileChannel delegate, OpenFile file) {
      super(delegate);
      this.file = file;
    }

    ReferenceTier tier() {
      return ReferenceTier.this;
    }

    @Override
    protected void implCloseChannel() throws IOException {
      super.implCloseChannel();
      released(this);
    }
  }

  ReferenceTier(Path root) throws IOException {
    this.root = root;
    this.orphans = root.resolve(ORPHANS);
    if (Files.isDirectory(orphans)) {
      try (Stream<Path> left = Files.list(orphans)) {
        for (Path orphan : left.toList()) {
          Files.delete(orphan);
        }
      }
    }
    Files.createDirectories(orphans);
  }

  @Override
  public String name() {
    return "reference";
  }

  @Override
  public TierKind kind() {
    return TierKind.SSD;
  }

  @Override
  public synchronized FileChannel open(String key, Set<? extends OpenOption> options)
      throws IOException {
    Path path = complete(key);
    SizeHint hint = SizeHint.in(options);
    Set<OpenOption> jdk = new HashSet<>(options);
    jdk.removeIf(option -> option instanceof SizeHint);
    boolean creates = (jdk.contains(CREATE) || jdk.contains(CREATE_NEW)) && !Files.exists(path);
    if (creates) {
      requireRoom(key, hint.bytes());
      Files.createDirectories(path.getParent());
    }
    FileChannel channel = FileChannel.open(path, jdk);
    if (creates && hint.preallocated() && hint.bytes() > 0) {
      channel.write(ByteBuffer.allocate(1), hint.bytes() - 1);
    }
    return handOut(path, channel);
  }

  @Override
  public synchronized FileChannel reopen(FileChannel channel) throws IOException {
    ensureOpen();
    if (!(channel instanceof Handle handle) || handle.tier() != this) {
      throw new IllegalArgumentException("not a channel of this tier: " + channel);
    }
    if (!handle.isOpen()) {
      throw new ClosedChannelException();
    }
    return handOut(handle.file.path, FileChannel.open(handle.file.path, READ, WRITE));
  }

  @Override
  public synchronized boolean exists(String key) {
    return Files.isRegularFile(complete(key));
  }

  @Override
  public synchronized long size(String key) throws IOException {
    Path path = complete(key);
    if (!Files.isRegularFile(path)) {
      throw new NoSuchFileException(key);
    }
    return Files.size(path);
  }

  @Override
  public synchronized void rename(String from, String to) throws IOException {
    Path source = complete(from);
    Path target = complete(to);
    if (!Files.isRegularFile(source)) {
      throw new NoSuchFileException(from);
    }
    if (source.equals(target)) {
      return;
    }
    orphanIfOpen(target, true);
    Files.createDirectories(target.getParent());
    move(source, target);
  }

  @Override
  public synchronized boolean delete(String key) throws IOException {
    return remove(complete(key));
  }

  @Override
  public synchronized List<String> keys() throws IOException {
    return list(false);
  }

  @Override
  public synchronized FileChannel createIncomplete(String key, SizeHint sizeHint)
      throws IOException {
    Path path = incomplete(key);
    if (Files.exists(path) || Files.isRegularFile(complete(key))) {
      throw new FileAlreadyExistsException(key);
    }
    requireRoom(key, sizeHint.bytes());
    Files.createDirectories(path.getParent());
    return handOut(path, FileChannel.open(path, CREATE_NEW, READ, WRITE));
  }

  @Override
  public synchronized void publish(String key) throws IOException {
    Path path = incomplete(key);
    if (!Files.isRegularFile(path)) {
      throw new NoSuchFileException(key + INCOMPLETE_SUFFIX);
    }
    if (Files.isRegularFile(complete(key))) {
      throw new FileAlreadyExistsException(key);
    }
    OpenFile file = openFiles.get(path);
    if (file != null) {
      file.handles.iterator().next().delegate().force(true);
    } else {
      try (FileChannel channel = FileChannel.open(path, READ)) {
        channel.force(true);
      }
    }
    move(path, complete(key));
  }

  @Override
  public synchronized boolean discardIncomplete(String key) throws IOException {
    return remove(incomplete(key));
  }

  @Override
  public synchronized List<String> incompleteKeys() throws IOException {
    return list(true);
  }

  @Override
  public synchronized long capacityBytes() {
    ensureOpen();
    return CAPACITY_BYTES;
  }

  @Override
  public synchronized long usedBytes() {
    ensureOpen();
    try (Stream<Path> files = Files.walk(root)) {
      long used = 0;
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        used += file.startsWith(orphans) ? 0 : Files.size(file);
      }
      return used;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public synchronized boolean hasRoomFor(long bytes) {
    return bytes <= CAPACITY_BYTES - usedBytes();
  }

  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    List<Handle> handles = new ArrayList<>();
    openFiles.values().forEach(file -> handles.addAll(file.handles));
    for (Handle handle : handles) {
      handle.close();
    }
    closed = true;
  }

  @Override
  public String toString() {
    return "ReferenceTier[" + root + "]";
  }

  private Path complete(String key) {
    ensureOpen();
    return root.resolve(Keys.validate(key));
  }

  private Path incomplete(String key) {
    return root.resolve(complete(key) + INCOMPLETE_SUFFIX);
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("tier is closed: " + this);
    }
  }

  private void requireRoom(String key, long bytes) throws TierFullException {
    if (!hasRoomFor(bytes)) {
      throw new TierFullException(name(), bytes, "no room: key=" + key + ", bytes=" + bytes);
    }
  }

  private FileChannel handOut(Path path, FileChannel channel) {
    OpenFile file = openFiles.computeIfAbsent(path, OpenFile::new);
    Handle handle = new Handle(channel, file);
    file.handles.add(handle);
    return handle;
  }

  private synchronized void released(Handle handle) throws IOException {
    OpenFile file = handle.file;
    file.handles.remove(handle);
    if (file.handles.isEmpty()) {
      openFiles.remove(file.path);
      if (file.path.startsWith(orphans)) {
        Files.delete(file.path);
      }
    }
  }

  /** Removes a complete or incomplete file; one with open channels becomes an orphan. */
  private boolean remove(Path path) throws IOException {
    if (!Files.isRegularFile(path)) {
      return false;
    }
    if (!orphanIfOpen(path, false)) {
      Files.delete(path);
    }
    return true;
  }

  /** Moves (or, to keep the name, links) a file with open channels to the orphans. */
  private boolean orphanIfOpen(Path path, boolean keepName) throws IOException {
    OpenFile file = openFiles.remove(path);
    if (file == null) {
      return false;
    }
    Path orphan = orphans.resolve(Long.toString(orphanCount++));
    if (keepName) {
      Files.createLink(orphan, path);
    } else {
      Files.move(path, orphan, StandardCopyOption.ATOMIC_MOVE);
    }
    file.path = orphan;
    openFiles.put(orphan, file);
    return true;
  }

  /** Renames a file, replacing the target, and moves its open channels' record along. */
  private void move(Path source, Path target) throws IOException {
    Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    OpenFile file = openFiles.remove(source);
    if (file != null) {
      file.path = target;
      openFiles.put(target, file);
    }
  }

  private List<String> list(boolean incomplete) throws IOException {
    ensureOpen();
    try (Stream<Path> files = Files.walk(root)) {
      List<String> keys = new ArrayList<>();
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String key = root.relativize(file).toString().replace('\\', '/');
        if (key.startsWith(RESERVED_PREFIX) || key.endsWith(INCOMPLETE_SUFFIX) != incomplete) {
          continue;
        }
        keys.add(incomplete ? key.substring(0, key.length() - INCOMPLETE_SUFFIX.length()) : key);
      }
      return keys;
    }
  }
}
