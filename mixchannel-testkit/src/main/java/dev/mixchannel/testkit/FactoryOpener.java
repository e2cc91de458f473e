package dev.mixchannel.testkit;

import java.io.IOException;
import java.nio.file.Path;

/** Creates a factory of the implementation under test on a directory. */
@FunctionalInterface
interface FactoryOpener {
  ChannelFactory open(Path dir) throws IOException;
}
