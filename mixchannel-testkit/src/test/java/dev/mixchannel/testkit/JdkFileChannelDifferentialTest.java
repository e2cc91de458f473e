package dev.mixchannel.testkit;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/** Proves the differential suite's harness against the JDK's own file channel. */
@Tag("slow")
class JdkFileChannelDifferentialTest extends DifferentialSuite {

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new JdkChannelFactory(tempDir);
  }
}
