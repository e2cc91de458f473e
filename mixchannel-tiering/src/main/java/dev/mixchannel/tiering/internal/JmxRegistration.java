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

import dev.mixchannel.tiering.HistogramMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The manager's MBeans on the platform MBean server: {@code
 * dev.mixchannel:type=TierManager,name=<id>}, {@code
 * dev.mixchannel:type=Tier,manager=<id>,name=<tier>}, and the histograms ({@link
 * dev.mixchannel.tiering.HistogramMXBean}) {@code
 * dev.mixchannel:type=Histogram,manager=<id>,name=<name>} and {@code
 * dev.mixchannel:type=Histogram,manager=<id>,tier=<tier>,name=force_latency_micros}. The id comes
 * from the first tier's first path; when another manager already uses it, the server is asked for
 * {@code <id>-2}, {@code <id>-3}, ... until one is free.
 */
final class JmxRegistration implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(JmxRegistration.class);
  private static final String DOMAIN = "dev.mixchannel";

  private final MBeanServer server;
  private final String id;
  private final List<ObjectName> names = new ArrayList<>();

  private JmxRegistration(MBeanServer server, String id) {
    this.server = server;
    this.id = id;
  }

  /**
   * Registers the beans of a manager.
   *
   * @param baseId the preferred id
   * @param catalog the key index
   * @param counters the manager counters
   * @param tiers the tiers
   * @param tuning the migration settings an operator may change
   * @return the registration; close it to unregister
   */
  public static JmxRegistration register(
      String baseId,
      Catalog catalog,
      ManagerCounters counters,
      Tiers tiers,
      TierManagerBean.Tuning tuning) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    String base = sanitize(baseId);
    TierManagerBean managerBean = new TierManagerBean(catalog, counters, tuning);
    for (int n = 1; ; n++) {
      String id = n == 1 ? base : base + "-" + n;
      JmxRegistration registration = new JmxRegistration(server, id);
      try {
        registration.add(new ObjectName(DOMAIN + ":type=TierManager,name=" + id), managerBean);
        for (RankedTier slot : tiers.all()) {
          registration.add(
              new ObjectName(DOMAIN + ":type=Tier,manager=" + id + ",name=" + slot.name()),
              new TierBean(slot, catalog));
          registration.addTierHistogram(
              slot.name(), "force_latency_micros", slot.counters().forceLatencyMicros);
          registration.addTierHistogram(
              slot.name(), "allocation_wait_micros", slot.counters().allocationWaitMicros);
        }
        for (Map.Entry<String, WindowedHistogram> h : counters.histograms().entrySet()) {
          registration.add(
              new ObjectName(DOMAIN + ":type=Histogram,manager=" + id + ",name=" + h.getKey()),
              new StandardMBean(h.getValue(), HistogramMXBean.class, true));
        }
        return registration;
      } catch (InstanceAlreadyExistsException e) {
        registration.close();
        LOG.debug("MBean name taken, trying the next: id={}", id);
      } catch (JMException e) {
        registration.close();
        throw new IllegalStateException("registering MBeans failed: id=" + id, e);
      }
    }
  }

  private void addTierHistogram(String tier, String name, WindowedHistogram histogram)
      throws JMException {
    add(
        new ObjectName(
            DOMAIN + ":type=Histogram,manager=" + id + ",tier=" + tier + ",name=" + name),
        new StandardMBean(histogram, HistogramMXBean.class, true));
  }

  private void add(ObjectName name, Object bean) throws JMException {
    server.registerMBean(bean, name);
    names.add(name);
  }

  /**
   * The id the beans are registered under.
   *
   * @return the id
   */
  public String id() {
    return id;
  }

  private static String sanitize(String text) {
    String id = text.replaceAll("[^A-Za-z0-9._/-]", "_");
    return id.isEmpty() ? "mixchannel" : id;
  }

  /** Unregisters every bean. Idempotent. */
  @Override
  public void close() {
    for (ObjectName name : names) {
      try {
        if (server.isRegistered(name)) {
          server.unregisterMBean(name);
        }
      } catch (JMException e) {
        LOG.warn("unregistering MBean failed: name={}", name, e);
      }
    }
    names.clear();
  }
}
