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

import dev.mixchannel.tiering.TierManagerMXBean;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * The manager's MXBean: counters and the key count, read without I/O, and the migration settings an
 * operator may change while the manager runs.
 */
final class TierManagerBean implements TierManagerMXBean {

  /**
   * The run-time migration settings and how to apply a change.
   *
   * @param settings the settings in force
   * @param apply checks and applies a change, returning the settings then in force
   * @param pending the migrations queued or running
   */
  record Tuning(
      MigrationSettings settings,
      UnaryOperator<MigrationSettings.Values> apply,
      LongSupplier pending) {}

  private final Catalog catalog;
  private final ManagerCounters counters;
  private final Tuning tuning;

  TierManagerBean(Catalog catalog, ManagerCounters counters, Tuning tuning) {
    this.catalog = catalog;
    this.counters = counters;
    this.tuning = tuning;
  }

  private MigrationSettings.Values values() {
    return tuning.settings().values();
  }

  @Override
  public boolean isMigrationEnabled() {
    return values().migrationEnabled();
  }

  @Override
  public double getHighWatermark() {
    return values().highWatermark();
  }

  @Override
  public double getLowWatermark() {
    return values().lowWatermark();
  }

  @Override
  public long getMigrationRateBytesPerSecond() {
    return values().rateBytesPerSecond();
  }

  @Override
  public int getMigrationThreads() {
    return values().threads();
  }

  @Override
  public long getPendingMigrations() {
    return tuning.pending().getAsLong();
  }

  @Override
  public synchronized void setMigrationThreshold(double threshold) {
    tuning.apply().apply(values().withThreshold(threshold));
  }

  @Override
  public synchronized void setWatermarks(double high, double low) {
    tuning.apply().apply(values().withWatermarks(high, low));
  }

  @Override
  public synchronized void setMigrationRateBytesPerSecond(long bytesPerSecond) {
    tuning.apply().apply(values().withRate(bytesPerSecond));
  }

  @Override
  public synchronized void setMigrationThreads(int threads) {
    tuning.apply().apply(values().withThreads(threads));
  }

  @Override
  public long getKeyCount() {
    return catalog.count(null);
  }

  @Override
  public long getMigrationsUp() {
    return counters.count(ManagerCounters.Count.MIGRATIONS_UP);
  }

  @Override
  public long getMigrationsDown() {
    return counters.count(ManagerCounters.Count.MIGRATIONS_DOWN);
  }

  @Override
  public long getBytesMigrated() {
    return counters.count(ManagerCounters.Count.BYTES_MIGRATED);
  }

  @Override
  public long getSpills() {
    return counters.count(ManagerCounters.Count.SPILLS);
  }

  @Override
  public long getMigrationFailures() {
    return counters.count(ManagerCounters.Count.FAILURES);
  }

  @Override
  public String getLastError() {
    return counters.lastError();
  }
}
