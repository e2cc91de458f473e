package dev.mixchannel.tiering.internal;

import java.io.IOException;

/**
 * One rename of a key, run with both keys' exclusive sides held: on one tier a single atomic tier
 * rename; across tiers the replaced key is deleted first, then the key renamed, so that no moment
 * has two complete copies of one name that differ. Each tier call may fail after its effect ({@link
 * TierCalls}); the index follows the tiers.
 */
final class KeyRename {
  private final Catalog catalog;
  private final TieredKey src;
  private final TieredKey dst;
  private final boolean reserved;
  private final String from;
  private final String to;

  /**
   * A rename.
   *
   * @param catalog the index to update
   * @param src the key renamed, live as {@code from}
   * @param dst the key replaced, live as {@code to}, or a reservation of {@code to}
   * @param reserved whether {@code dst} is a reservation ({@code to} did not exist)
   * @param from the old name
   * @param to the new name
   */
  KeyRename(
      Catalog catalog, TieredKey src, TieredKey dst, boolean reserved, String from, String to) {
    this.catalog = catalog;
    this.src = src;
    this.dst = dst;
    this.reserved = reserved;
    this.from = from;
    this.to = to;
  }

  /**
   * Runs the rename.
   *
   * @return {@code null}, or the failure of a tier call that took effect but threw
   * @throws IOException when the rename did not take place (nothing changed, except for a replaced
   *     key on another tier, deleted first: see {@code TierManager#rename})
   */
  IOException run() throws IOException {
    src.cancelMigration();
    RankedTier srcTier = src.tier();
    // Stale copies first (StaleCopies' rule): one of `from` would bring the old name back after a
    // crash, one of `to` would outlive the renamed bytes; when one cannot go, nothing changes.
    catalog.stale().remove(from, srcTier);
    catalog.stale().remove(to, reserved ? null : dst.tier());
    if (reserved) {
      IOException late = TierCalls.rename(srcTier, from, to);
      catalog.renamed(src, dst, from, to);
      return late;
    }
    dst.cancelMigration();
    dst.keepBytesReachable();
    RankedTier dstTier = dst.tier();
    if (dstTier == srcTier) {
      IOException late = TierCalls.rename(srcTier, from, to);
      catalog.renamed(src, dst, from, to);
      return late;
    }
    // Across tiers the replaced key goes first: renaming first would leave, until the delete, two
    // complete copies of `to` that differ, which recovery refuses.
    IOException late = TierCalls.delete(dstTier, to);
    catalog.removed(dst);
    IOException renameLate = TierCalls.rename(srcTier, from, to);
    catalog.renamed(src, null, from, to);
    return late != null ? late : renameLate;
  }
}
