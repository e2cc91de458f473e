package dev.mixchannel.testkit;

import dev.mixchannel.api.ForwardingFileChannel;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/** Random operation sequences: a {@link ForwardingFileChannel} against the JDK. */
@Tag("slow")
class ForwardingFileChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new ForwardingChannelFactory(tempDir);
  }
}
