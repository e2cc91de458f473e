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

import dev.mixchannel.testkit.junit.LeakCheckExtension;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The {@link java.nio.channels.FileChannel} contract, one rule per test, each asserting exactly
 * what the JDK's own file channel does (the suite passes against {@link JdkChannelFactory}).
 *
 * <p>Extend it and supply the factory:
 *
 * <pre>{@code
 * class MyChannelContractTest extends FileChannelContractSuite {
 *   protected ChannelFactory createFactory(Path dir) throws IOException {
 *     return new MyChannelFactory(dir);
 *   }
 * }
 * }</pre>
 *
 * <p>The tests are grouped in nested classes: reads and writes with heap, direct, read-only, sliced
 * and offset buffers; end of file, empty buffers and zero-filled gaps; scatter and gather; truncate
 * and force; {@code APPEND}; transfers; locks ({@link ChannelCapability#LOCK}); mappings ({@link
 * ChannelCapability#MAP}); closed channels; access modes and negative arguments; interrupts ({@link
 * ChannelCapability#CLOSE_ON_INTERRUPT}); open options; positions above 2 GiB. Tests of an optional
 * feature are skipped by assumption when the factory does not declare it, and tests that the
 * feature is refused with {@link UnsupportedOperationException} run instead. Exceptions are
 * compared by exact class, as the JDK throws them; where several apply, the JDK's order is expected
 * (a negative position is reported before a wrong access mode).
 *
 * <p>{@link LeakCheckExtension} is registered: every channel a test opens through the factory must
 * be closed by the test, and no {@code mixchannel-*} thread may outlive it. Each test gets a new
 * factory on a fresh directory and closes it afterwards. Some tests move several MiB and one writes
 * at 3 GiB, then truncates.
 */
@ExtendWith(LeakCheckExtension.class)
public abstract class FileChannelContractSuite {

  /** Subclasses supply the factory; JUnit instantiates them. */
  protected FileChannelContractSuite() {}

  /**
   * Creates the factory under test. Called once per test; the suite closes the factory after it.
   *
   * @param tempDir a fresh, empty directory the factory may use
   * @return a new factory
   * @throws IOException when the factory cannot be created
   */
  protected abstract ChannelFactory createFactory(Path tempDir) throws IOException;

  @Nested
  class ReadWrite extends ReadWriteContract {}

  @Nested
  class EndOfFile extends EndOfFileContract {}

  @Nested
  class ScatterGather extends ScatterGatherContract {}

  @Nested
  class TruncateForce extends TruncateForceContract {}

  @Nested
  class Append extends AppendContract {}

  @Nested
  class Transfer extends TransferContract {}

  @Nested
  class Locking extends LockContract {}

  @Nested
  class Mapping extends MapContract {}

  @Nested
  class ClosedChannel extends ClosedChannelContract {}

  @Nested
  class AccessMode extends AccessModeContract {}

  @Nested
  class Interrupt extends InterruptContract {}

  @Nested
  class OpenOptions extends OpenOptionsContract {}

  @Nested
  class LargePosition extends LargePositionContract {}
}
