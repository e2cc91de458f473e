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
package dev.mixchannel.pmem;

import dev.mixchannel.testkit.channel.ChannelCapability;
import dev.mixchannel.testkit.channel.ChannelFactory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.EnumSet;
import java.util.Set;

/**
 * Opens channels of a PMem tier for the testkit suites. Names are prefixed so that factories can
 * share one tier; closing deletes the prefixed keys and closes the tier when this factory owns it.
 * Delete and rename are the tier's, which keep the bytes of open keys.
 */
final class PmemChannelFactory implements ChannelFactory {

  private final PmemTier tier;
  private final boolean ownsTier;
  private final String prefix;
  private boolean closed;

  PmemChannelFactory(PmemTier tier, boolean ownsTier, String prefix) {
    this.tier = tier;
    this.ownsTier = ownsTier;
    this.prefix = prefix;
  }

  @Override
  public FileChannel open(String name, Set<? extends OpenOption> options) throws IOException {
    return tier.open(prefix + name, options);
  }

  @Override
  public boolean delete(String name) throws IOException {
    return tier.delete(prefix + name);
  }

  @Override
  public void rename(String from, String to) throws IOException {
    tier.rename(prefix + from, prefix + to);
  }

  @Override
  public Set<ChannelCapability> capabilities() {
    return EnumSet.of(
        ChannelCapability.LOCK, ChannelCapability.DELETE_OPEN, ChannelCapability.RENAME_OPEN);
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (ownsTier) {
      tier.close();
      return;
    }
    for (String key : tier.keys()) {
      if (key.startsWith(prefix)) {
        tier.delete(key);
      }
    }
  }
}
