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
package dev.mixchannel.bookkeeper.internal;

import java.io.File;
import java.io.FileDescriptor;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.bookkeeper.bookie.BookieFileChannel;

/**
 * What the provider's {@code open(file, conf)} returns for one journal file. The bookie asks, in
 * this order: {@code fileExists} (a new journal when {@code false}: it then creates the file
 * itself), {@code getFileChannel}, and with {@code journalRemoveFromPageCache} {@code getFD}; it
 * never calls {@link #close()}, but closes the channel. Whether the journal is new is decided by
 * whether its placeholder existed when the provider was asked, before the bookie could create it.
 * Thread-safe.
 */
public final class JournalFile implements BookieFileChannel {

  private final JournalStorage storage;
  private final Path placeholder;
  private final boolean existed;
  private FileChannel channel;

  /**
   * Looks at a journal file.
   *
   * @param storage the bookie's journal storage
   * @param placeholder the journal file
   */
  public JournalFile(JournalStorage storage, Path placeholder) {
    this.storage = storage;
    this.placeholder = placeholder;
    this.existed = Files.exists(placeholder);
  }

  /**
   * The journal's channel: a new key for a new journal, the existing journal's bytes otherwise.
   * Every call returns the same channel.
   *
   * @return the channel; the bookie closes it
   * @throws IOException when the tiers fail, or an existing journal's placeholder says its bytes
   *     are in a key that no tier holds
   */
  @Override
  public synchronized FileChannel getFileChannel() throws IOException {
    if (channel == null) {
      channel = existed ? storage.openExisting(placeholder) : storage.openNew(placeholder);
    }
    return channel;
  }

  /**
   * Whether the placeholder exists: the bookie creates a new journal's file when it does not, and
   * reads the journal when it does, so any other answer stops its journal thread.
   *
   * @param file the journal file
   * @return whether it exists
   */
  @Override
  public boolean fileExists(File file) {
    return file.exists();
  }

  /**
   * A descriptor that is no open file ({@code new FileDescriptor()}): the journal's bytes are not
   * in a file the page cache could hold, and the bookie skips {@code posix_fadvise} for a negative
   * descriptor. Never throws.
   *
   * @return an invalid descriptor
   */
  @Override
  public FileDescriptor getFD() {
    return new FileDescriptor();
  }

  /**
   * Closes the channel, if one was opened (BookKeeper itself closes the channel instead).
   *
   * @throws IOException when closing fails
   */
  @Override
  public synchronized void close() throws IOException {
    if (channel != null) {
      channel.close();
    }
  }

  @Override
  public String toString() {
    return "JournalFile[" + placeholder + "]";
  }
}
