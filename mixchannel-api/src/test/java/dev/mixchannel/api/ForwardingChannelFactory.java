package dev.mixchannel.api;

import dev.mixchannel.testkit.ChannelCapability;
import dev.mixchannel.testkit.ChannelFactory;
import dev.mixchannel.testkit.JdkChannelFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * JDK file channels behind a {@link ForwardingFileChannel}, for the testkit suites. Locks are the
 * delegate's (their {@code channel()} is the delegate), and an interrupt closes the delegate, not
 * the wrapper, so neither capability is declared; {@code map} is forwarded.
 */
final class ForwardingChannelFactory implements ChannelFactory {
  private final JdkChannelFactory jdk;

  ForwardingChannelFactory(Path dir) throws IOException {
    this.jdk = new JdkChannelFactory(dir);
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    return new ForwardingFileChannel(jdk.open(name, options));
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.of(ChannelCapability.MAP, ChannelCapability.LOCK);
  }

  @Override
  public void close() throws IOException {
    jdk.close();
  }
}
