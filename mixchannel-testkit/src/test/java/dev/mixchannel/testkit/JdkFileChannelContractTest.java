package dev.mixchannel.testkit;

import java.io.IOException;
import java.nio.file.Path;

/** Proves the contract suite's expectations against the JDK's own file channel. */
class JdkFileChannelContractTest extends FileChannelContractSuite {

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new JdkChannelFactory(tempDir);
  }
}
