package dev.mixchannel.tiering;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.FileChannelContractSuite;
import java.io.IOException;
import java.nio.file.Path;

/** The FileChannel contract for MixChannel on a PMem tier (Jdk backend) in front of a file tier. */
class PmemJdkMixChannelContractTest extends FileChannelContractSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return PmemFactories.pmemThenFile(tempDir, PmemBackend.JDK);
  }
}
