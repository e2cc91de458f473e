package dev.mixchannel.tiering;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import dev.mixchannel.testkit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.slf4j.event.Level;

/** Random operation sequences: MixChannel on a PMem tier (Llpl backend) against the JDK. */
@Tag("slow")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal",
    reason = "stale copies are made by migrations whose deletes fail (RestartingChannelFactory)")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Switcher",
    level = Level.ERROR,
    contains = "removing either copy failed",
    reason = "a stale copy made on the slower tier of a key on the faster")
class PmemLlplMixChannelDifferentialTest extends DifferentialSuite {
  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return PmemFactories.pmemThenFile(tempDir, PmemBackend.LLPL);
  }
}
