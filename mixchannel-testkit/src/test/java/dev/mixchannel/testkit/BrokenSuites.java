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

import dev.mixchannel.testkit.BrokenFileChannel.Breakage;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.channel.FileChannelContractSuite;
import dev.mixchannel.testkit.differential.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtendWith;

/** The suites against each {@link Breakage}; run only by {@link SuiteSelfCheckTest}. */
final class BrokenSuites {

  private BrokenSuites() {}

  @ExtendWith(SelfCheckOnly.class)
  static class NoneContract extends FileChannelContractSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.NONE);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class EofReturnsZeroContract extends FileChannelContractSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.EOF_RETURNS_ZERO);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class IgnoresWritePositionContract extends FileChannelContractSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.IGNORES_WRITE_POSITION);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class NoZeroFillContract extends FileChannelContractSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.NO_ZERO_FILL);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class TruncateGrowsContract extends FileChannelContractSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.TRUNCATE_GROWS);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class NoneDifferential extends DifferentialSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.NONE);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class EofReturnsZeroDifferential extends DifferentialSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.EOF_RETURNS_ZERO);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class IgnoresWritePositionDifferential extends DifferentialSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.IGNORES_WRITE_POSITION);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class NoZeroFillDifferential extends DifferentialSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.NO_ZERO_FILL);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class TruncateGrowsDifferential extends DifferentialSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.TRUNCATE_GROWS);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class UncappedTransferToDifferential extends DifferentialSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.UNCAPPED_TRANSFER_TO);
    }
  }

  @ExtendWith(SelfCheckOnly.class)
  static class HangsOnWrappedSourceDifferential extends DifferentialSuite {
    @Override
    protected ChannelFactory createFactory(Path dir) throws IOException {
      return new BrokenChannelFactory(dir, Breakage.HANGS_ON_WRAPPED_SOURCE);
    }
  }
}
