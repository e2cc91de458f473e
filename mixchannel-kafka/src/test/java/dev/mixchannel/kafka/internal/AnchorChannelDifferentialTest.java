package dev.mixchannel.kafka.internal;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;

/** Random operation sequences: the channel Kafka gets from the agent against the JDK. */
class AnchorChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new AnchorChannelFactory(tempDir);
  }
}
