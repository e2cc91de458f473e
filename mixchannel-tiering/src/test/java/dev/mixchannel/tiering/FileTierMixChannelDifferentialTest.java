package dev.mixchannel.tiering;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import dev.mixchannel.testkit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

/**
 * Random operation sequences: MixChannel on a file tier against the JDK, interrupted calls included
 * (also on the handles of a deleted or renamed-over key).
 */
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.MixChannelImpl",
    contains = "closing an interrupted handle failed",
    reason = "the generator interrupts blocked operations on file channels")
@Tag("slow")
class FileTierMixChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return new ManagerChannelFactory(
        TierManager.builder(TestConfigs.fileTiers(tempDir, -1).build())
            .startMigrator(false)
            .build());
  }
}
