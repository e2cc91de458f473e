package dev.mixchannel.api;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;

/** Random operation sequences: a {@link ForwardingFileChannel} against the JDK. */
class ForwardingFileChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new ForwardingChannelFactory(tempDir);
  }
}
