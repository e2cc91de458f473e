package dev.mixchannel.pmem;

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.DifferentialSuite;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;

@Tag("slow")
class PmemJdkDifferentialTest extends DifferentialSuite {

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    TestPools.assumeBackend(PmemBackend.JDK);
    Path dir = tempDir.resolve("pmem");
    PmemTier tier = TestPools.open(dir, 256 * TestPools.MIB, TestPools.MIB, PmemBackend.JDK);
    return new PmemChannelFactory(tier, true, "");
  }
}
