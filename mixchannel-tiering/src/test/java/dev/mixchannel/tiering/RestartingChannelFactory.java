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

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.tier.FaultInjectingTier;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Call;
import dev.mixchannel.testkit.tier.FaultInjectingTier.Phase;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A factory on a manager of two tiers, each behind a {@link FaultInjectingTier}, that can leave
 * stale copies and restart (issue 18, item 2). A stale copy is made as a failing tier leaves one: a
 * migration of the key whose source delete and roll-back delete both fail. A restart first checks
 * the raw tiers for what a kill -9 at that moment would bring back (a complete copy of a name the
 * manager does not serve: one deleted or renamed away), then closes the manager (its close removes
 * the stale copies of the keys it serves) and opens a new one on the same storage. Closing the
 * factory closes the manager and {@code also}.
 */
final class RestartingChannelFactory implements ChannelFactory {
  private final MixChannelConfig config;
  private final List<String> tierNames = new ArrayList<>();
  private final Map<String, FaultInjectingTier> faults = new LinkedHashMap<>();
  private final AutoCloseable also;
  private TierManager manager;

  RestartingChannelFactory(MixChannelConfig config, AutoCloseable also) throws IOException {
    this.config = config;
    this.also = also;
    config.tiers().forEach(t -> tierNames.add(t.name()));
    this.manager = openManager();
  }

  private TierManager openManager() throws IOException {
    faults.clear();
    return TierManager.builder(config)
        .startMigrator(false)
        .tierWrapper(
            t -> {
              FaultInjectingTier f = new FaultInjectingTier(t);
              faults.put(t.name(), f);
              return f;
            })
        .build();
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
  public void leaveStaleCopy(String name) throws IOException {
    String from;
    try {
      from = manager.tierOf(name);
    } catch (NoSuchFileException e) {
      return;
    }
    String to = tierNames.get(0).equals(from) ? tierNames.get(1) : tierNames.get(0);
    for (FaultInjectingTier tier : faults.values()) {
      tier.arm(Call.DELETE, Phase.BEFORE, name, 0, 2);
    }
    try {
      manager.migrate(name, to);
    } catch (IOException expected) {
      // Both deletes failed: the copy that is not the key's is recorded as stale.
    } finally {
      faults.values().forEach(FaultInjectingTier::disarm);
    }
  }

  @Override
  public void restart() throws IOException {
    Set<String> served = new HashSet<>(manager.keys());
    for (FaultInjectingTier tier : faults.values()) {
      for (String key : tier.delegate().keys()) {
        if (!served.contains(key)) {
          throw new IOException(
              "a kill -9 now would bring back a key the manager does not serve: key="
                  + key
                  + ", tier="
                  + tier.name());
        }
      }
    }
    manager.close();
    manager = openManager();
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.of(
        ChannelCapability.LOCK,
        ChannelCapability.DELETE_OPEN,
        ChannelCapability.RENAME_OPEN,
        ChannelCapability.RESTART,
        ChannelCapability.STALE_COPIES);
  }

  @Override
  public void close() throws IOException {
    try {
      manager.close();
    } finally {
      try {
        also.close();
      } catch (Exception e) {
        throw new IOException("closing test resource failed: " + also, e);
      }
    }
  }

  @Override
  public String toString() {
    return "RestartingChannelFactory[" + tierNames + "]";
  }
}
