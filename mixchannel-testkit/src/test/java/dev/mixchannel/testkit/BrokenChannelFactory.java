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

import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.channel.JdkChannelFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;

/**
 * Opens JDK channels wrapped in a {@link BrokenFileChannel}; declares {@link
 * ChannelCapability#DELETE_OPEN} and {@link ChannelCapability#RENAME_OPEN} (names are the JDK's).
 */
final class BrokenChannelFactory implements ChannelFactory {

  private final JdkChannelFactory delegate;
  private final BrokenFileChannel.Breakage breakage;

  BrokenChannelFactory(Path dir, BrokenFileChannel.Breakage breakage) throws IOException {
    this.delegate = new JdkChannelFactory(dir);
    this.breakage = breakage;
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    return new BrokenFileChannel(delegate.open(name, options), breakage);
  }

  @Override
  public boolean delete(String name) throws IOException {
    return delegate.delete(name);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    delegate.rename(from, to);
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return Set.of(ChannelCapability.DELETE_OPEN, ChannelCapability.RENAME_OPEN);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }

  @Override
  public String toString() {
    return "BrokenChannelFactory[" + breakage + "]";
  }
}
