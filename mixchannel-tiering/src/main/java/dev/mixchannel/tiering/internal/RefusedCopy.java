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

import dev.mixchannel.api.RefusedCopyException;

/**
 * A key refused because one tier refuses its copy ({@code StorageTier.refusedKeys()}): serving
 * another tier's copy, or creating the key anew, would hide what that copy alone may hold.
 *
 * @param key the key
 * @param tier the tier that refuses its copy
 * @param reason the tier's reason
 */
record RefusedCopy(String key, RankedTier tier, String reason) implements Refusal {

  @Override
  public RefusedCopyException refusal() {
    return new RefusedCopyException(
        key,
        tier.name(),
        "key refused, a tier refuses its copy: key="
            + key
            + ", tier="
            + tier
            + ", reason="
            + reason
            + " (the key is neither served from another tier nor created anew, which would hide"
            + " what that copy holds; restore it from a replica or a backup once the copy is gone,"
            + " see docs/troubleshooting.md)");
  }
}
