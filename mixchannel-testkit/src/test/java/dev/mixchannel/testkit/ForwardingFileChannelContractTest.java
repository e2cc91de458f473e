package dev.mixchannel.testkit;

import dev.mixchannel.api.ForwardingFileChannel;
import java.io.IOException;
import java.nio.file.Path;

/** The FileChannel contract for a {@link ForwardingFileChannel} over a JDK file channel. */
class ForwardingFileChannelContractTest extends FileChannelContractSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new ForwardingChannelFactory(tempDir);
  }
}
