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
package dev.mixchannel.bookkeeper;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.bookkeeper.internal.BookKeeperVersionCheck;
import dev.mixchannel.bookkeeper.internal.BookieConfig;
import dev.mixchannel.bookkeeper.internal.JournalFile;
import dev.mixchannel.bookkeeper.internal.JournalSettings;
import dev.mixchannel.bookkeeper.internal.JournalStorage;
import dev.mixchannel.bookkeeper.internal.SharedStorages;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.bookkeeper.bookie.BookieFileChannel;
import org.apache.bookkeeper.bookie.FileChannelProvider;
import org.apache.bookkeeper.conf.ServerConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A BookKeeper journal channel provider whose journal channels are {@code MixChannel}s: set {@code
 * journalChannelProvider=dev.mixchannel.bookkeeper.MixChannelJournalProvider} and the tier keys
 * ({@code mixchannel.*}, or {@code mixchannel.bookkeeper.settings=<file>}) in the bookie's
 * configuration. BookKeeper 4.16.x and 4.17.x: any other release is refused at the first journal
 * file, unless {@code mixchannel.bookkeeper.version.allow} names that exact version.
 *
 * <p>The bookie creates one provider per journal directory (and the {@code lastmark}, {@code
 * readjournal} commands and the last-log-mark endpoint create their own). The tiers are opened on
 * the first journal channel, validated against the bookie's directories then, and shared by all the
 * providers of the process; they close when every provider that opened a channel is closed and the
 * last journal written is closed (the bookie closes the providers first).
 *
 * <p>Each journal file stays in its directory as a placeholder that the bookie lists and deletes,
 * and that a bookie without the provider refuses to replay (a journal header with a format version
 * no BookKeeper reads); its bytes are in the key {@code journal/<real directory path>/<id>.txn}. A
 * placeholder whose key no tier holds is refused. A reaper removes the keys of journals the bookie
 * deleted (see the module's docs). {@link #supportReuseFile()} is {@code false}: a reused journal
 * is replayed with its old bytes after a crash.
 *
 * <p>Thread-safe. {@link #open} throws {@link InvalidConfigException} for bad settings and {@link
 * IOException} when the BookKeeper version is refused, the tiers fail or the provider is closed;
 * the channel's {@code getFileChannel} throws {@link IOException} for a placeholder without key.
 */
public final class MixChannelJournalProvider implements FileChannelProvider {

  private static final Logger LOG = LoggerFactory.getLogger(MixChannelJournalProvider.class);

  private final ClassLoader bookKeeper;
  private JournalStorage storage;
  private boolean closed;

  /** Creates a provider; BookKeeper calls this by reflection. Opens nothing. */
  public MixChannelJournalProvider() {
    this(FileChannelProvider.class.getClassLoader());
  }

  /**
   * Creates a provider that reads the BookKeeper version from a given class loader (tests).
   *
   * @param bookKeeper the class loader whose {@code FileChannelProvider} jar names the version
   */
  MixChannelJournalProvider(ClassLoader bookKeeper) {
    this.bookKeeper = bookKeeper;
  }

  /**
   * Looks at a journal file of the bookie; the first call reads the settings, checks the BookKeeper
   * version ({@link BookKeeperVersionCheck}) and attaches to the process's journal tiers.
   *
   * @param file the journal file
   * @param configuration the bookie's configuration
   * @return the journal file's view; the bookie closes the channel it gets from it
   * @throws IOException when the settings file cannot be read, the BookKeeper version is not one
   *     the provider was built for and {@code mixchannel.bookkeeper.version.allow} does not name
   *     it, the tiers are shared with another bookie configuration, or the provider is closed
   * @throws InvalidConfigException for bad settings
   */
  @Override
  public BookieFileChannel open(File file, ServerConfiguration configuration) throws IOException {
    return new JournalFile(storage(configuration), file.toPath());
  }

  /**
   * Closes a journal file's view (BookKeeper never calls this).
   *
   * @param bookieFileChannel the view
   * @throws IOException when closing its channel fails
   */
  @Override
  public void close(BookieFileChannel bookieFileChannel) throws IOException {
    bookieFileChannel.close();
  }

  /**
   * {@code false}: with reuse, the bookie writes a new header over an old journal and a replay
   * after a crash reads the old bytes behind it.
   *
   * @return {@code false}
   */
  @Override
  public boolean supportReuseFile() {
    return false;
  }

  /**
   * Moves the key of a journal after its file (called by BookKeeper only when reusing journals,
   * which this provider refuses).
   *
   * @param source the old file
   * @param target the new file
   * @throws UncheckedIOException when renaming the key fails
   */
  @Override
  public void notifyRename(File source, File target) {
    JournalStorage attached;
    synchronized (this) {
      attached = storage;
    }
    if (attached != null) {
      try {
        attached.rename(source.toPath(), target.toPath());
      } catch (IOException e) {
        throw new UncheckedIOException(
            "journal key rename failed: from=" + source + ", to=" + target, e);
      }
    }
  }

  /**
   * Detaches from the tiers; they close once the last written journal closes too. Idempotent.
   *
   * @throws IOException when closing the tiers failed
   */
  @Override
  public void close() throws IOException {
    JournalStorage attached;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      attached = storage;
    }
    if (attached != null) {
      SharedStorages.PROCESS.detach(attached);
    }
  }

  private synchronized JournalStorage storage(ServerConfiguration configuration)
      throws IOException {
    if (closed) {
      throw new IOException("journal channel provider is closed");
    }
    if (storage == null) {
      JournalSettings settings = JournalSettings.from(BookieConfig.of(configuration));
      String version =
          BookKeeperVersionCheck.check(bookKeeper, settings.allowedBookKeeperVersion());
      if (!BookKeeperVersionCheck.inRange(version)) {
        LOG.warn(
            "MixChannel journal provider runs on a BookKeeper outside its tested range because {}"
                + " names it: version={}, tested={}",
            JournalSettings.VERSION_ALLOW,
            version,
            BookKeeperVersionCheck.TESTED);
      }
      storage = SharedStorages.PROCESS.attach(settings);
    }
    return storage;
  }
}
