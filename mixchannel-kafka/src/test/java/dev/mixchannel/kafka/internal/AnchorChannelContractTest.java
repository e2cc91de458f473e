package dev.mixchannel.kafka.internal;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.FileChannelContractSuite;
import java.io.IOException;
import java.nio.file.Path;

/** The FileChannel contract for the channel Kafka gets from the agent. */
class AnchorChannelContractTest extends FileChannelContractSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new AnchorChannelFactory(tempDir);
  }
}
