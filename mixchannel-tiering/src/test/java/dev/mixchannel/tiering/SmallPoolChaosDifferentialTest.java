package dev.mixchannel.tiering;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The differential suite on a PMem pool so small that writes and transfers fill it part-way and
 * spill to the file tier, while a background thread migrates every key, a ballast key that takes
 * half the pool included, back and forth: every operation must still match the JDK.
 */
class SmallPoolChaosDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return PmemFactories.smallPoolChaos(tempDir, PmemBackend.AUTO);
  }
}
