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

import java.io.IOException;

/**
 * One rename of a key, run with both keys' exclusive sides held ({@link KeyIndex#lockPair}): on one
 * tier a single atomic tier rename; across tiers the replaced key is deleted first, then the key
 * renamed, so that no moment has two complete copies of one name that differ. Each tier call may
 * fail after its effect ({@link TierCalls}); the index follows the tiers.
 */
final class KeyRename {
  private final KeyIndex index;
  private final StaleCopies stale;
  private final TieredKey src;
  private final TieredKey dst;
  private final boolean reserved;
  private final String from;
  private final String to;

  /**
   * A rename.
   *
   * @param index the index to update
   * @param stale the stale copies, removed first
   * @param pair the key renamed (live as {@code from}) and the key replaced (live as {@code to}) or
   *     a reservation of {@code to}
   * @param from the old name
   * @param to the new name
   */
  KeyRename(KeyIndex index, StaleCopies stale, KeyIndex.Pair pair, String from, String to) {
    this.index = index;
    this.stale = stale;
    this.src = pair.src().key();
    this.dst = pair.dst().key();
    this.reserved = pair.dst().reserved();
    this.from = from;
    this.to = to;
  }

  /**
   * Runs the rename.
   *
   * @return the effect: durable, or a tier call that took effect but threw
   * @throws IOException when the rename did not take place (nothing changed, except for a replaced
   *     key on another tier, deleted first: see {@code TierManager#rename})
   */
  TierEffect run() throws IOException {
    src.cancelMigration();
    RankedTier srcTier = src.tier();
    // Stale copies first (StaleCopies' rule): one of `from` would bring the old name back after a
    // crash, one of `to` would outlive the renamed bytes; when one cannot go, nothing changes.
    stale.remove(from, srcTier);
    stale.remove(to, reserved ? null : dst.tier());
    if (reserved) {
      TierEffect renamed = TierCalls.rename(srcTier, from, to);
      index.renamed(src, dst, from, to);
      return renamed;
    }
    dst.cancelMigration();
    dst.keepBytesReachable();
    RankedTier dstTier = dst.tier();
    if (dstTier == srcTier) {
      TierEffect renamed = renameOnOneTier(srcTier);
      index.renamed(src, dst, from, to);
      return renamed;
    }
    // Across tiers the replaced key goes first: renaming first would leave, until the delete, two
    // complete copies of `to` that differ, which recovery refuses.
    TierEffect deleted = TierCalls.delete(dstTier, to);
    index.removed(dst);
    TierEffect renamed = TierCalls.rename(srcTier, from, to);
    index.renamed(src, null, from, to);
    return deleted.and(renamed);
  }

  /**
   * The rename when both keys are on one tier. A tier may remove the replaced key before it renames
   * (a file tier whose two keys are in different directories does, so that a crash never leaves two
   * copies of {@code to}): when the rename then fails, {@code to} is gone and the index follows
   * before the failure is thrown.
   */
  private TierEffect renameOnOneTier(RankedTier tier) throws IOException {
    try {
      return TierCalls.rename(tier, from, to);
    } catch (IOException | RuntimeException e) {
      boolean replacedGone;
      try {
        replacedGone = !tier.tier().exists(to);
      } catch (IOException | RuntimeException probe) {
        e.addSuppressed(probe);
        throw e;
      }
      if (replacedGone) {
        index.removed(dst);
      }
      throw e;
    }
  }
}
