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
