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
package dev.mixchannel.testkit.channel;

import static java.nio.file.StandardCopyOption.ATOMIC_MOVE;
import static java.nio.file.StandardCopyOption.REPLACE_EXISTING;
import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.mixchannel.common.Closeables;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The reference factory: plain {@link FileChannel#open} on files under one directory. It supports
 * every {@link ChannelCapability}.
 *
 * <p>A name with a directory part, such as {@code "dir/b"}, has its parent directories created when
 * the options may create the file. Safe for use by many threads. {@link #close()} closes every
 * channel it handed out that is still open; opening after close throws {@link
 * IllegalStateException}.
 */
public final class JdkChannelFactory implements ChannelFactory {

  private final Path dir;
  private final List<FileChannel> channels = new ArrayList<>();
  private boolean closed;

  /**
   * Creates a factory for files under a directory, creating the directory if it is missing.
   *
   * @param dir the directory that holds the files
   * @throws IOException when the directory cannot be created
   */
  public JdkChannelFactory(Path dir) throws IOException {
    this.dir = Files.createDirectories(dir);
  }

  /**
   * The directory that holds the files.
   *
   * @return the directory
   */
  public Path directory() {
    return dir;
  }

  /**
   * The file a name maps to.
   *
   * @param name a relative name such as {@code "a"} or {@code "dir/b"}
   * @return the path under {@link #directory()}
   * @throws IllegalArgumentException when the name is empty, absolute or has an empty, {@code .} or
   *     {@code ..} segment
   */
  public Path resolve(String name) {
    if (name.isEmpty() || name.startsWith("/")) {
      throw new IllegalArgumentException("bad channel name: name='" + name + "' (" + dir + ")");
    }
    for (String segment : name.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        throw new IllegalArgumentException(
            "bad channel name: name='" + name + "', segment='" + segment + "' (" + dir + ")");
      }
    }
    return dir.resolve(name);
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    Path path = resolve(name);
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("factory is closed: name=" + name + " (" + dir + ")");
      }
    }
    if (mayCreate(options) && !path.getParent().equals(dir)) {
      Files.createDirectories(path.getParent());
    }
    FileChannel channel = FileChannel.open(path, options);
    synchronized (this) {
      if (closed) {
        channel.close();
        throw new IllegalStateException("factory is closed: name=" + name + " (" + dir + ")");
      }
      channels.removeIf(c -> !c.isOpen());
      channels.add(channel);
    }
    return channel;
  }

  /** {@link Files#deleteIfExists}: POSIX {@code unlink}, open channels keep the bytes. */
  @Override
  public boolean delete(String name) throws IOException {
    return Files.deleteIfExists(resolve(name));
  }

  /**
   * {@link Files#move} with {@code REPLACE_EXISTING} and {@code ATOMIC_MOVE}: POSIX {@code rename}.
   */
  @Override
  public void rename(String from, String to) throws IOException {
    Files.move(resolve(from), resolve(to), REPLACE_EXISTING, ATOMIC_MOVE);
  }

  /** Nothing to do: the files are the storage, and a restarted process finds them as they are. */
  @Override
  public void restart() {}

  /** Nothing to do: a file system keeps no copies of its own. */
  @Override
  public void leaveStaleCopy(String name) {}

  private static boolean mayCreate(Set<? extends OpenOption> options) {
    return (options.contains(CREATE) || options.contains(CREATE_NEW))
        && (options.contains(WRITE) || options.contains(APPEND));
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.allOf(ChannelCapability.class);
  }

  @Override
  public void close() throws IOException {
    List<FileChannel> toClose;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = new ArrayList<>(channels);
      channels.clear();
    }
    IOException failure =
        Closeables.closeCollecting(toClose, "closing channels failed (" + dir + ")");
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public String toString() {
    return "JdkChannelFactory[" + dir + "]";
  }
}
