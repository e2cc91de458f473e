package dev.mixchannel.tiering.internal;

import dev.mixchannel.tiering.TierManagerMXBean;

/** The manager's MXBean: counters and the key count, read without I/O. */
final class TierManagerBean implements TierManagerMXBean {
  private final Catalog catalog;
  private final ManagerCounters counters;

  TierManagerBean(Catalog catalog, ManagerCounters counters) {
    this.catalog = catalog;
    this.counters = counters;
  }

  @Override
  public long getKeyCount() {
    return catalog.count(null);
  }

  @Override
  public long getMigrationsUp() {
    return counters.migrationsUp();
  }

  @Override
  public long getMigrationsDown() {
    return counters.migrationsDown();
  }

  @Override
  public long getBytesMigrated() {
    return counters.bytesMigrated();
  }

  @Override
  public long getSpills() {
    return counters.spills();
  }

  @Override
  public long getMigrationFailures() {
    return counters.failures();
  }

  @Override
  public String getLastError() {
    return counters.lastError();
  }
}
