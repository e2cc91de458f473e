package dev.mixchannel.tiering;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;

/** Random operation sequences: MixChannel on a file tier against the JDK. */
class FileTierMixChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new ManagerChannelFactory(
        TierManager.builder(TestConfigs.fileTiers(tempDir, -1).build())
            .startMigrator(false)
            .build());
  }
}
