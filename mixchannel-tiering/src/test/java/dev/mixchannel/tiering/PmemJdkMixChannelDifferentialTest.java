package dev.mixchannel.tiering;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/** Random operation sequences: MixChannel on a PMem tier (Jdk backend) against the JDK. */
@Tag("slow")
class PmemJdkMixChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return PmemFactories.pmemThenFile(tempDir, PmemBackend.JDK);
  }
}
