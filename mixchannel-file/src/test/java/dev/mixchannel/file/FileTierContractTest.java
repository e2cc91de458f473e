package dev.mixchannel.file;

import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.FileChannelContractSuite;
import java.io.IOException;
import java.nio.file.Path;

/** The FileChannel contract, run on channels a {@link FileTier} hands out. */
class FileTierContractTest extends FileChannelContractSuite {

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    return FileTierChannelFactory.open(tempDir);
  }
}
