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
package dev.mixchannel.kafka.internal;

import dev.mixchannel.kafka.KafkaAdapterMXBean;
import dev.mixchannel.tiering.TierManager;
import dev.mixchannel.tiering.TierStats;
import java.lang.management.ManagementFactory;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The adapter's {@link KafkaAdapterMXBean}, registered while its tiers are open. */
final class AdapterBean implements KafkaAdapterMXBean, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AdapterBean.class);

  private final TierManager manager;
  private final LogDirs logDirs;
  private final AdapterCounters counters;
  private final Quarantine quarantine;
  private ObjectName name;

  private AdapterBean(
      TierManager manager, LogDirs logDirs, AdapterCounters counters, Quarantine quarantine) {
    this.manager = manager;
    this.logDirs = logDirs;
    this.counters = counters;
    this.quarantine = quarantine;
  }

  /** Registers the bean, unless one is registered already (then it is a plain object). */
  static AdapterBean register(
      TierManager manager, LogDirs logDirs, AdapterCounters counters, Quarantine quarantine) {
    AdapterBean bean = new AdapterBean(manager, logDirs, counters, quarantine);
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName objectName = new ObjectName(OBJECT_NAME);
      if (!server.isRegistered(objectName)) {
        server.registerMBean(bean, objectName);
        bean.name = objectName;
      }
    } catch (JMException e) {
      LOG.warn("adapter MBean not registered: name={}", OBJECT_NAME, e);
    }
    return bean;
  }

  @Override
  public String[] getSegmentTiers() {
    Map<String, String> tiers = new TreeMap<>();
    for (String key : manager.keys()) {
      if (SegmentKey.parse(key).isPresent()) {
        try {
          tiers.put(key, manager.tierOf(key));
        } catch (NoSuchFileException e) {
          // deleted meanwhile
        }
      }
    }
    List<String> lines = new ArrayList<>();
    tiers.forEach((key, tier) -> lines.add(tier + " " + key));
    return lines.toArray(String[]::new);
  }

  @Override
  public String[] getLogDirs() {
    List<String> lines = new ArrayList<>();
    logDirs.known().forEach((tag, dir) -> lines.add(tag + " " + dir));
    return lines.toArray(String[]::new);
  }

  @Override
  public long getOpens() {
    return counters.opens.sum();
  }

  @Override
  public long getDemotionsForReaders() {
    return counters.demotionsForReaders.sum();
  }

  @Override
  public long getAdoptions() {
    return counters.adoptions.sum();
  }

  @Override
  public long getRenames() {
    return counters.renames.sum();
  }

  @Override
  public long getDeletes() {
    return counters.deletes.sum();
  }

  @Override
  public long getSweepRenames() {
    return counters.sweepRenames.sum();
  }

  @Override
  public long getSweepDeletes() {
    return counters.sweepDeletes.sum();
  }

  @Override
  public long getSweepQuarantines() {
    return counters.sweepQuarantines.sum();
  }

  @Override
  public long getSweeps() {
    return counters.sweeps.sum();
  }

  @Override
  public String[] getQuarantinedKeys() {
    return quarantine.list().toArray(String[]::new);
  }

  @Override
  public long getQuarantinedKeyCount() {
    return quarantine.list().size();
  }

  @Override
  public long getLogDirCount() {
    return logDirs.known().size();
  }

  @Override
  public long getFastTierCapacityBytes() {
    long total = 0;
    for (TierStats tier : fastTiers()) {
      total += tier.capacityBytes();
    }
    return total;
  }

  @Override
  public long getFastTierFreeBytes() {
    long free = 0;
    for (TierStats tier : fastTiers()) {
      free += Math.max(0, tier.capacityBytes() - tier.usedBytes());
    }
    return free;
  }

  private List<TierStats> fastTiers() {
    List<TierStats> tiers = new ArrayList<>(manager.stats().tiers());
    tiers.remove(tiers.size() - 1);
    return tiers;
  }

  /** Unregisters the bean. Idempotent. */
  @Override
  public void close() {
    if (name == null) {
      return;
    }
    try {
      ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
    } catch (JMException e) {
      LOG.debug("adapter MBean already gone: name={}", name, e);
    }
    name = null;
  }
}
