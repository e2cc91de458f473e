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
package dev.mixchannel.kafka.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The brokers {@link KafkaBenchmark} compares: stock or with the MixChannel agent, and where the
 * log dir lives (on disk or on the PMem file system, tmpfs here). The agent's PMem tier is always
 * on the PMem file system.
 */
public enum BrokerLayout {
  /** A stock broker with its log dir on disk: the baseline of every ratio. */
  STOCK_DISK("stock-disk", false, false),
  /** A stock broker with its log dir on tmpfs: the no-durability ceiling. */
  STOCK_TMPFS("stock-tmpfs", false, true),
  /** The agent with its log dir on the PMem file system, as docs/kafka/README.md recommends. */
  AGENT_TMPFS("agent-tmpfs", true, true),
  /** The agent with its log dir on disk: "agent on" against {@link #STOCK_DISK}'s "agent off". */
  AGENT_DISK("agent-disk", true, false);

  private final String id;
  private final boolean agent;
  private final boolean logDirOnPmem;

  BrokerLayout(String id, boolean agent, boolean logDirOnPmem) {
    this.id = id;
    this.agent = agent;
    this.logDirOnPmem = logDirOnPmem;
  }

  /**
   * The layout's name in settings, table columns and the CSV.
   *
   * @return such as {@code agent-tmpfs}
   */
  public String id() {
    return id;
  }

  /**
   * Whether the broker runs with the MixChannel agent.
   *
   * @return true for the agent layouts
   */
  public boolean agent() {
    return agent;
  }

  /**
   * Whether the broker's log dir is on the PMem file system rather than on disk.
   *
   * @return true for the tmpfs layouts
   */
  public boolean logDirOnPmem() {
    return logDirOnPmem;
  }

  /**
   * Parses a comma-separated list of layout ids.
   *
   * @param ids such as {@code stock-disk,agent-tmpfs}
   * @return the layouts, in the order given
   * @throws IllegalArgumentException naming the unknown id and the known ones
   */
  public static List<BrokerLayout> parse(String ids) {
    List<BrokerLayout> layouts = new ArrayList<>();
    for (String raw : ids.split(",")) {
      String id = raw.trim().toLowerCase(Locale.ROOT);
      if (id.isEmpty()) {
        continue;
      }
      BrokerLayout found = null;
      for (BrokerLayout layout : values()) {
        if (layout.id.equals(id)) {
          found = layout;
        }
      }
      if (found == null) {
        throw new IllegalArgumentException(
            "unknown broker layout: id="
                + id
                + ", expected one of stock-disk, stock-tmpfs, agent-tmpfs, agent-disk"
                + " (mixchannel.kafka.bench.brokers)");
      }
      layouts.add(found);
    }
    if (layouts.isEmpty()) {
      throw new IllegalArgumentException(
          "no broker layout given: value=" + ids + " (mixchannel.kafka.bench.brokers)");
    }
    return layouts;
  }
}
