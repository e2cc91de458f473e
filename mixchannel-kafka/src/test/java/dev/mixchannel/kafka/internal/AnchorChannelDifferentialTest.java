package dev.mixchannel.kafka.internal;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/** Random operation sequences: the channel Kafka gets from the agent against the JDK. */
@Tag("slow")
class AnchorChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new AnchorChannelFactory(tempDir);
  }
}
