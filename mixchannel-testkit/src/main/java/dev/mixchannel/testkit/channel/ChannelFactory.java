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

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.util.Set;

/**
 * Opens channels of the implementation under test for the suites. The suites create one factory per
 * test and close it after the test.
 *
 * <p>Implementations must be safe for use by one thread at a time; the suites do not open channels
 * concurrently, but the differential suite calls a factory from a thread of its own, not always the
 * one that created it.
 */
public interface ChannelFactory extends AutoCloseable {

  /**
   * Opens a channel on the named file with the semantics of {@link
   * FileChannel#open(java.nio.file.Path, OpenOption...)} for {@code READ}, {@code WRITE}, {@code
   * APPEND}, {@code CREATE}, {@code CREATE_NEW} and {@code TRUNCATE_EXISTING}, including the JDK's
   * exceptions for missing files, existing files and invalid combinations. Two opens of one name
   * share its bytes; each channel has its own position.
   *
   * @param name a simple relative name such as {@code "a"} or {@code "dir/b"}
   * @param options the open options; an empty set means {@code READ}
   * @return a new open channel; the caller closes it
   * @throws NoSuchFileException when the file does not exist and is not to be created
   * @throws FileAlreadyExistsException when {@code CREATE_NEW} is given and the file exists
   * @throws IllegalArgumentException for an invalid combination of options
   * @throws UnsupportedOperationException for an option the implementation does not know
   * @throws IOException on an I/O error
   */
  FileChannel open(String name, Set<? extends OpenOption> options) throws IOException;

  /**
   * Deletes a name while channels may stay open on it, with the semantics of POSIX {@code unlink}:
   * the name is gone at once (an {@link #open} without a create option throws {@link
   * NoSuchFileException}, one with {@code CREATE} makes a new, empty file), and every channel open
   * on it keeps reading and writing the old bytes until it is closed. Called only when {@link
   * #capabilities()} contains {@link ChannelCapability#DELETE_OPEN}; the default throws {@link
   * UnsupportedOperationException}.
   *
   * @param name a name as for {@link #open}
   * @return {@code true} when the name existed
   * @throws IOException on an I/O error
   */
  default boolean delete(String name) throws IOException {
    throw new UnsupportedOperationException(
        "delete is not supported: name=" + name + " (" + this + ")");
  }

  /**
   * Renames a name, atomically replacing {@code to} when it exists, while channels may stay open on
   * either, with the semantics of POSIX {@code rename}: channels of {@code from} keep its bytes,
   * channels of a replaced {@code to} keep the replaced bytes until they are closed, and {@code to}
   * then opens the bytes of {@code from}. Called only when {@link #capabilities()} contains {@link
   * ChannelCapability#RENAME_OPEN}; the default throws {@link UnsupportedOperationException}.
   *
   * @param from an existing name
   * @param to the new name
   * @throws NoSuchFileException when {@code from} does not exist
   * @throws IOException on an I/O error
   */
  default void rename(String from, String to) throws IOException {
    throw new UnsupportedOperationException(
        "rename is not supported: from=" + from + ", to=" + to + " (" + this + ")");
  }

  /**
   * Closes the storage as a crash would leave it and opens it again (see {@link
   * ChannelCapability#RESTART}); the suite closes every channel first. Called only when {@link
   * #capabilities()} contains {@link ChannelCapability#RESTART}; the default throws {@link
   * UnsupportedOperationException}.
   *
   * @throws IOException when the storage holds what a crash would bring back wrongly (a name that
   *     was deleted or renamed away), or on an I/O error
   */
  default void restart() throws IOException {
    throw new UnsupportedOperationException("restart is not supported (" + this + ")");
  }

  /**
   * Makes the implementation keep a stale copy of a name (see {@link
   * ChannelCapability#STALE_COPIES}); does nothing when the name does not exist. What the name
   * serves does not change. Called only when {@link #capabilities()} contains {@link
   * ChannelCapability#STALE_COPIES}; the default throws {@link UnsupportedOperationException}.
   *
   * @param name a name as for {@link #open}
   * @throws IOException on an I/O error
   */
  default void leaveStaleCopy(String name) throws IOException {
    throw new UnsupportedOperationException(
        "stale copies are not supported: name=" + name + " (" + this + ")");
  }

  /**
   * The optional features the channels of this factory support.
   *
   * @return the capabilities; never {@code null}
   */
  Set<ChannelCapability> capabilities();

  /**
   * Closes whatever the factory holds (tiers, pools, threads). Idempotent.
   *
   * @throws IOException when releasing a resource fails
   */
  @Override
  void close() throws IOException;
}
