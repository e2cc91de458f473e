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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.TierKind;
import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * The channels Kafka gets from the agent, for the testkit suites: a MixChannel of a manager over a
 * file tier, wrapped in an {@link AnchorChannel} that touches an anchor file per name.
 */
final class AnchorChannelFactory implements ChannelFactory {
  private final TierManager manager;
  private final Path anchors;

  AnchorChannelFactory(Path dir) throws IOException {
    Path tier = Files.createDirectories(dir.resolve("tier"));
    this.anchors = Files.createDirectories(dir.resolve("anchors"));
    this.manager =
        TierManager.builder(MixChannelConfig.builder().tier("disk", TierKind.SSD, -1, tier).build())
            .startMigrator(false)
            .build();
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    FileChannel channel = manager.open(name, options.toArray(new OpenOption[0]));
    Path anchor = anchors.resolve(name + ".log");
    if (!Files.exists(anchor)) {
      Files.createDirectories(anchor.getParent());
      Files.createFile(anchor);
    }
    return new AnchorChannel(channel, anchor, System::currentTimeMillis, () -> {});
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.of(ChannelCapability.LOCK);
  }

  @Override
  public void close() throws IOException {
    manager.close();
  }
}
