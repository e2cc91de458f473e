package dev.mixchannel.file;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/** Random operation sequences on a {@link FileTier} channel and a JDK channel must agree. */
@Tag("slow")
class FileTierDifferentialTest extends DifferentialSuite {

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return FileTierChannelFactory.open(tempDir);
  }
}
