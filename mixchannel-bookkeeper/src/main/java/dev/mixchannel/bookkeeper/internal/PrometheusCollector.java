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
package dev.mixchannel.bookkeeper.internal;

import dev.mixchannel.tiering.MixChannelStats;
import dev.mixchannel.tiering.TierManager;
import dev.mixchannel.tiering.TierStats;
import io.prometheus.client.Collector;
import io.prometheus.client.CollectorRegistry;
import io.prometheus.client.CounterMetricFamily;
import io.prometheus.client.GaugeMetricFamily;
import java.util.List;

/**
 * The journal tiers' figures as Prometheus metrics, with the names and labels the shipped JMX
 * exporter rules give the same MBean attributes (docs/metrics.md): keys, migrations, spills,
 * failures, and per tier capacity, used bytes and keys. Read from {@link TierManager#stats()} at
 * each scrape; a scrape after the tiers closed yields nothing. Thread-safe.
 */
final class PrometheusCollector extends Collector {

  private static final List<String> MANAGER = List.of("manager");
  private static final List<String> TIER = List.of("manager", "tier");

  private final TierManager manager;
  private final String managerId;

  private PrometheusCollector(TierManager manager, String managerId) {
    this.manager = manager;
    this.managerId = managerId;
  }

  static Runnable register(TierManager manager, String managerId) {
    PrometheusCollector collector = new PrometheusCollector(manager, managerId);
    CollectorRegistry.defaultRegistry.register(collector);
    return () -> CollectorRegistry.defaultRegistry.unregister(collector);
  }

  @Override
  public List<MetricFamilySamples> collect() {
    MixChannelStats stats;
    try {
      stats = manager.stats();
    } catch (IllegalStateException closed) {
      return List.of();
    }
    List<String> id = List.of(managerId);
    long keys = 0;
    GaugeMetricFamily capacity =
        new GaugeMetricFamily("mixchannel_tier_capacity_bytes", "what the tier may hold", TIER);
    GaugeMetricFamily used =
        new GaugeMetricFamily("mixchannel_tier_used_bytes", "what the tier holds", TIER);
    GaugeMetricFamily tierKeys =
        new GaugeMetricFamily("mixchannel_tier_keys", "keys on the tier", TIER);
    for (TierStats tier : stats.tiers()) {
      List<String> labels = List.of(managerId, tier.name());
      capacity.addMetric(labels, tier.capacityBytes());
      used.addMetric(labels, tier.usedBytes());
      tierKeys.addMetric(labels, tier.keyCount());
      keys += tier.keyCount();
    }
    CounterMetricFamily migrations =
        new CounterMetricFamily(
            "mixchannel_migrations_total", "completed migrations", List.of("manager", "direction"));
    migrations.addMetric(List.of(managerId, "up"), stats.migrationsUp());
    migrations.addMetric(List.of(managerId, "down"), stats.migrationsDown());
    return List.of(
        new GaugeMetricFamily("mixchannel_keys", "keys the manager holds", MANAGER)
            .addMetric(id, keys),
        migrations,
        new CounterMetricFamily(
                "mixchannel_migrated_bytes_total", "bytes copied by migrations", MANAGER)
            .addMetric(id, stats.bytesMigrated()),
        new CounterMetricFamily("mixchannel_spills_total", "spills", MANAGER)
            .addMetric(id, stats.spills()),
        new CounterMetricFamily("mixchannel_migration_failures_total", "failed migrations", MANAGER)
            .addMetric(id, stats.migrationFailures()),
        capacity,
        used,
        tierKeys);
  }
}
