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

import dev.mixchannel.tiering.TierManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the journal tiers' metrics where the bookie's own Prometheus endpoint reads them:
 * BookKeeper's {@code PrometheusMetricsProvider} writes every collector of the Prometheus client's
 * default registry beside the bookie's metrics, so a {@link PrometheusCollector} registered there
 * shows in the bookie's scrape. When the bookie's class path has no Prometheus client (another
 * stats provider), nothing is registered and the metrics stay in JMX only. Stateless.
 */
final class BookieMetrics {
  private static final Logger LOG = LoggerFactory.getLogger(BookieMetrics.class);
  private static final String REGISTRY = "io.prometheus.client.CollectorRegistry";

  private BookieMetrics() {}

  /**
   * Registers the collector of a manager's figures, if the bookie has a Prometheus client.
   *
   * @param manager the journal tiers
   * @param managerId the {@code manager} label: the first tier's first path, as in JMX
   * @return what unregisters it
   */
  static Runnable register(TierManager manager, String managerId) {
    try {
      Class.forName(REGISTRY, false, BookieMetrics.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      LOG.info(
          "no Prometheus client on the bookie's class path: the tiers' metrics are in JMX only");
      return () -> {};
    }
    return PrometheusCollector.register(manager, managerId);
  }
}
