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

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link FileTier} knows about one key, complete or incomplete: where its file is, its last
 * known size, and the channels the tier handed out on it.
 *
 * <p>Not thread-safe: {@link KeyRegistry} changes it under the tier's lock.
 */
final class FileKey {

  private final TierDirectory directory;
  private Path file;
  private long sizeBytes;
  private final List<FileChannel> channels = new ArrayList<>();

  /**
   * Creates an entry.
   *
   * @param directory the tier directory holding the file
   * @param file the file (with the incomplete suffix for an incomplete key)
   * @param sizeBytes the file's size when the entry is made
   */
  FileKey(TierDirectory directory, Path file, long sizeBytes) {
    this.directory = directory;
    this.file = file;
    this.sizeBytes = sizeBytes;
  }

  TierDirectory directory() {
    return directory;
  }

  /** The file: the key's, or once removed with open channels its link in the tier's trash. */
  Path file() {
    return file;
  }

  void file(Path newFile) {
    this.file = newFile;
  }

  /** The size last read from the file system; current only while no channel is open. */
  long cachedSizeBytes() {
    return sizeBytes;
  }

  void cachedSizeBytes(long newSizeBytes) {
    this.sizeBytes = newSizeBytes;
  }

  /** The channels handed out on this key that were open when last looked at. */
  List<FileChannel> channels() {
    return channels;
  }

  /**
   * Forgets the channels that have been closed since.
   *
   * @return whether any handed-out channel is still open
   */
  boolean pruneClosed() {
    channels.removeIf(channel -> !channel.isOpen());
    return !channels.isEmpty();
  }

  /** Whether {@code channel} is one of the open channels handed out on this key. */
  boolean holds(FileChannel channel) {
    for (FileChannel c : channels) {
      if (c == channel) {
        return c.isOpen();
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return file.toString();
  }
}
