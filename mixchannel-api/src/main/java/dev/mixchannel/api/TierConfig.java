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
package dev.mixchannel.api;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One tier of a {@link MixChannelConfig}. Immutable and valid by construction: every rule that
 * concerns one tier alone is checked here, once, for configurations built from properties, by the
 * builder or by hand (a tier opened directly); {@link MixChannelConfig.Builder} adds the rules that
 * concern several tiers.
 *
 * @param name the tier's unique name ({@code [A-Za-z0-9_-]{1,64}})
 * @param kind the medium
 * @param paths the tier's directories, made absolute and normalized; a PMem tier keeps one pool
 *     file in each
 * @param capacityBytes the bytes the tier may hold across all its paths, or {@code -1} for the free
 *     space of their file systems (for a PMem tier: measured when a pool is created)
 * @param provider the name of the {@link TierProvider} that opens the tier, or {@code null} for the
 *     built-in one of its kind ({@code pmem} for PMEM, {@code file} for the others)
 */
public record TierConfig(
    String name, TierKind kind, List<Path> paths, long capacityBytes, String provider) {

  /**
   * Checks the tier and normalizes its paths.
   *
   * @param name the tier's name
   * @param kind the medium
   * @param paths the directories
   * @param capacityBytes the capacity, or {@code -1}
   * @param provider the provider's name, or {@code null}
   * @throws NullPointerException when the name, kind or paths are null
   * @throws InvalidConfigException naming the tier's property when the capacity is neither positive
   *     nor {@code -1}, there is no directory, or two of its directories contain one another
   */
  public TierConfig {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    String prefix = ConfigKeys.TIER_PREFIX + name;
    if (capacityBytes != -1 && capacityBytes <= 0) {
      throw new InvalidConfigException(
          prefix + ConfigKeys.TIER_CAPACITY,
          Long.toString(capacityBytes),
          "a positive size such as 64g, or -1 for the free space");
    }
    if (paths.isEmpty()) {
      throw new InvalidConfigException(
          prefix + ConfigKeys.TIER_PATHS, "", "at least one directory");
    }
    List<Path> absolute = new ArrayList<>();
    for (Path path : paths) {
      ConfigChecks.noClash(
          prefix + ConfigKeys.TIER_PATHS, path, path.toAbsolutePath().normalize(), absolute);
    }
    paths = List.copyOf(absolute);
    if (provider != null && provider.isBlank()) {
      throw new InvalidConfigException(
          prefix + ConfigKeys.TIER_PROVIDER, provider, "the name of a tier provider");
    }
  }

  /**
   * A tier opened by the built-in provider of its kind.
   *
   * @param name the tier's name
   * @param kind the medium
   * @param paths the directories
   * @param capacityBytes the capacity, or {@code -1}
   */
  public TierConfig(String name, TierKind kind, List<Path> paths, long capacityBytes) {
    this(name, kind, paths, capacityBytes, null);
  }

  /**
   * Whether the capacity follows the file systems' free space.
   *
   * @return {@code true} for a capacity of {@code -1}
   */
  public boolean capacityFromFreeSpace() {
    return capacityBytes == -1;
  }

  /**
   * The provider that opens the tier.
   *
   * @return {@link #provider()}, or the built-in provider's name for the kind
   */
  public String providerName() {
    if (provider != null) {
      return provider;
    }
    return kind == TierKind.PMEM ? TierProvider.PMEM : TierProvider.FILE;
  }
}
