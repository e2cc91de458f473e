package dev.mixchannel.tiering;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.FileChannelContractSuite;
import java.io.IOException;
import java.nio.file.Path;

/** The FileChannel contract for MixChannel on a file tier. */
class FileTierMixChannelContractTest extends FileChannelContractSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new ManagerChannelFactory(
        TierManager.builder(TestConfigs.fileTiers(tempDir, -1).build())
            .startMigrator(false)
            .build());
  }
}
