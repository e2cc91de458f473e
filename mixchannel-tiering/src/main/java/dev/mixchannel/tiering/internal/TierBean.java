package dev.mixchannel.tiering.internal;

import dev.mixchannel.tiering.TierMXBean;

/** One tier's MXBean. */
final class TierBean implements TierMXBean {
  private final RankedTier slot;
  private final Catalog catalog;

  TierBean(RankedTier slot, Catalog catalog) {
    this.slot = slot;
    this.catalog = catalog;
  }

  @Override
  public String getName() {
    return slot.name();
  }

  @Override
  public String getKind() {
    return slot.kind().name();
  }

  @Override
  public long getCapacityBytes() {
    return slot.tier().capacityBytes();
  }

  @Override
  public long getUsedBytes() {
    return slot.tier().usedBytes();
  }

  @Override
  public long getKeyCount() {
    return catalog.count(slot);
  }

  @Override
  public long getMigrationsIn() {
    return slot.counters().migrationsIn();
  }

  @Override
  public long getMigrationsOut() {
    return slot.counters().migrationsOut();
  }

  @Override
  public long getSpills() {
    return slot.counters().spills();
  }

  @Override
  public String getLastError() {
    return slot.counters().lastError();
  }
}
