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

import java.io.IOException;

/**
 * Opens tiers of one implementation: the way to plug a {@link StorageTier} of your own into a tier
 * manager that is configured by properties. A configuration names the provider of a tier with
 * {@code mixchannel.tier.<name>.provider=<provider name>}; the manager finds providers with {@link
 * java.util.ServiceLoader} (list the class in {@code
 * META-INF/services/dev.mixchannel.api.TierProvider}) or takes them from its builder. The built-in
 * providers are {@value #PMEM} (the PMem tier) and {@value #FILE} (a directory tier); a tier
 * without a provider key uses {@value #PMEM} for kind {@code PMEM} and {@value #FILE} otherwise.
 *
 * <p>The tier a provider opens must honour every rule of {@link StorageTier}; run the testkit's
 * {@code StorageTierContractSuite} against it. Its kind orders it among the other tiers (fastest
 * first) and tells the tools what medium it is.
 *
 * <p>Implementations need a public no-argument constructor to be found by the service loader, and
 * must be thread-safe.
 */
public interface TierProvider {

  /** The built-in provider of PMem tiers. */
  String PMEM = "pmem";

  /** The built-in provider of directory tiers. */
  String FILE = "file";

  /**
   * The name configurations use for this provider.
   *
   * @return a name of letters, digits, '_', '-' or '.', unique among the providers
   */
  String name();

  /**
   * Opens one tier.
   *
   * @param tier the tier's configuration, whose {@link TierConfig#providerName()} is this
   *     provider's name
   * @param config the whole configuration
   * @return the open tier, with the configuration's name and kind; the caller closes it
   * @throws IOException when the tier cannot be opened
   */
  StorageTier open(TierConfig tier, MixChannelConfig config) throws IOException;
}
