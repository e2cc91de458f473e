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
package dev.mixchannel.examples;

import dev.mixchannel.api.MixChannelConfig;
import dev.mixchannel.api.StorageTier;
import dev.mixchannel.api.TierConfig;
import dev.mixchannel.api.TierProvider;
import dev.mixchannel.file.FileTier;
import java.io.IOException;

/**
 * Opens {@link AuditedTier}s: {@code mixchannel.tier.<name>.provider=audited-file}. Listed in this
 * module's {@code META-INF/services/dev.mixchannel.api.TierProvider}, so a tier manager finds it on
 * the class path; {@code TierManager.Builder.tierProvider} takes it without the service file.
 */
public final class AuditedTierProvider implements TierProvider {

  /** The provider's name in configurations. */
  public static final String NAME = "audited-file";

  /** A provider; the service loader calls this. */
  public AuditedTierProvider() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public StorageTier open(TierConfig tier, MixChannelConfig config) throws IOException {
    StorageTier files = FileTier.open(tier);
    try {
      return new AuditedTier(files, tier.paths().get(0).resolve(AuditedTier.AUDIT_FILE));
    } catch (IOException | RuntimeException e) {
      files.close();
      throw e;
    }
  }
}
