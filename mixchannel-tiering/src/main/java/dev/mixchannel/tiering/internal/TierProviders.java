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
package dev.mixchannel.tiering.internal;

import dev.mixchannel.api.InvalidConfigException;
import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierProvider;
import dev.mixchannel.file.FileTier;
import dev.mixchannel.pmem.PmemTier;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Opens each configured tier with the {@link TierProvider} its configuration names: the providers
 * given to the builder first, then the built-in {@code pmem} and {@code file}, then those found by
 * {@link ServiceLoader} on the class path. Thread-safe.
 */
public final class TierProviders implements TierOpener {
  private final Map<String, TierProvider> byName = new LinkedHashMap<>();

  /**
   * The providers a manager can use.
   *
   * @param given the builder's providers, which take precedence over any other of the same name
   */
  public TierProviders(List<TierProvider> given) {
    given.forEach(p -> byName.putIfAbsent(p.name(), p));
    byName.putIfAbsent(TierProvider.PMEM, builtIn(TierProvider.PMEM, PmemTier::open));
    byName.putIfAbsent(TierProvider.FILE, builtIn(TierProvider.FILE, (t, c) -> FileTier.open(t)));
    for (TierProvider found : ServiceLoader.load(TierProvider.class)) {
      byName.putIfAbsent(found.name(), found);
    }
  }

  @Override
  public StorageTier open(TierConfig tier, MixChannelConfig config) throws IOException {
    String name = tier.providerName();
    TierProvider provider = byName.get(name);
    if (provider == null) {
      throw new InvalidConfigException(
          "mixchannel.tier." + tier.name() + ".provider",
          name,
          "one of the tier providers "
              + byName.keySet()
              + " (built in, given to the builder, or"
              + " listed in META-INF/services/"
              + TierProvider.class.getName()
              + ")");
    }
    StorageTier opened = provider.open(tier, config);
    if (!opened.name().equals(tier.name()) || opened.kind() != tier.kind()) {
      String got = opened.name() + "/" + opened.kind();
      opened.close();
      throw new IllegalStateException(
          "tier provider "
              + name
              + " opened a tier of another name or kind: expected="
              + tier.name()
              + "/"
              + tier.kind()
              + ", got="
              + got);
    }
    return opened;
  }

  private static TierProvider builtIn(String name, TierOpener opener) {
    return new TierProvider() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public StorageTier open(TierConfig tier, MixChannelConfig config) throws IOException {
        return opener.open(tier, config);
      }

      @Override
      public String toString() {
        return name + " (built in)";
      }
    };
  }
}
