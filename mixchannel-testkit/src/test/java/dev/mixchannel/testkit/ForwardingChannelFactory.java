/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.mixchannel.testkit;

import dev.mixchannel.api.ForwardingFileChannel;
import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.channel.JdkChannelFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * JDK file channels behind a {@link ForwardingFileChannel}, for the testkit suites. Locks are the
 * delegate's, reported as the wrapper's ({@code channel()} is the wrapper), so {@code LOCK} is
 * declared; an interrupt closes the delegate, not the wrapper, so {@code CLOSE_ON_INTERRUPT} is
 * not; {@code map} is forwarded.
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
