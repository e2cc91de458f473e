package dev.mixchannel.testkit;

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
 * <p>Implementations must be safe for use by the thread that runs the test; the suites do not open
 * channels concurrently.
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
