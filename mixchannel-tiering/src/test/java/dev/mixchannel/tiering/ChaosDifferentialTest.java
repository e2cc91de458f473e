package dev.mixchannel.tiering;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The differential suite while a background thread migrates the open keys between a PMem tier and a
 * file tier without pause: every operation must still match the JDK.
 */
class ChaosDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return PmemFactories.chaos(tempDir, PmemBackend.AUTO);
  }
}
