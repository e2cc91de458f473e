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
package dev.mixchannel.tiering;

import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.EnumSet;
import java.util.Set;

/**
 * Opens MixChannels of a manager for the testkit suites; delete and rename are the manager's, which
 * keep the bytes of open keys. Closing it closes the manager.
 */
class ManagerChannelFactory implements ChannelFactory {
  final TierManager manager;
  private final Set<ChannelCapability> capabilities;
  private final AutoCloseable[] alsoClose;

  /**
   * A factory on a manager. Its keys follow the JDK's interrupt rule on every tier ({@code
   * CLOSE_ON_INTERRUPT}), keep their locks across migrations and interrupts of other handles
   * ({@code LOCK}), and keep the bytes of deleted and replaced keys for their open handles.
   */
  ManagerChannelFactory(TierManager manager, AutoCloseable... alsoClose) {
    this.manager = manager;
    this.capabilities =
        EnumSet.of(
            ChannelCapability.LOCK,
            ChannelCapability.CLOSE_ON_INTERRUPT,
            ChannelCapability.DELETE_OPEN,
            ChannelCapability.RENAME_OPEN);
    this.alsoClose = alsoClose;
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    return manager.open(name, options.toArray(new OpenOption[0]));
  }

  @Override
  public boolean delete(String name) throws IOException {
    return manager.delete(name);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    manager.rename(from, to);
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.copyOf(capabilities);
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
