package dev.mixchannel.tiering;

import dev.mixchannel.testkit.ChannelCapability;
import dev.mixchannel.testkit.ChannelFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.EnumSet;
import java.util.Set;

/** Opens MixChannels of a manager for the testkit suites; closing it closes the manager. */
class ManagerChannelFactory implements ChannelFactory {
  final TierManager manager;
  private final AutoCloseable[] alsoClose;

  ManagerChannelFactory(TierManager manager, AutoCloseable... alsoClose) {
    this.manager = manager;
    this.alsoClose = alsoClose;
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    return manager.open(name, options.toArray(new OpenOption[0]));
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.of(ChannelCapability.LOCK);
  }

  @Override
  public void close() throws IOException {
    try {
      manager.close();
    } finally {
      for (AutoCloseable c : alsoClose) {
        try {
          c.close();
        } catch (Exception e) {
          throw new IOException("closing test resource failed: " + c, e);
        }
      }
    }
  }
}
