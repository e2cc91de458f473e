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

import dev.mixchannel.kafka.KafkaAdapterMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/** Reads the agent's {@link KafkaAdapterMXBean} from a local or remote MBean server. */
public final class AgentView {

  private final MBeanServerConnection server;

  /**
   * A view of an MBean server.
   *
   * @param server the server
   */
  public AgentView(MBeanServerConnection server) {
    this.server = server;
  }

  /**
   * A view of this JVM's agent.
   *
   * @return the view
   */
  public static AgentView local() {
    return new AgentView(ManagementFactory.getPlatformMBeanServer());
  }

  /**
   * Whether the adapter has opened its tiers (its MBean is registered).
   *
   * @return whether registered
   * @throws IOException when the connection fails
   */
  public boolean isOpen() throws IOException {
    try {
      return server.isRegistered(new ObjectName(KafkaAdapterMXBean.OBJECT_NAME));
    } catch (JMException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Every segment key with its tier.
   *
   * @return key to tier name, sorted by key
   * @throws IOException when the connection fails
   */
  public Map<String, String> tiersByKey() throws IOException {
    Map<String, String> tiers = new TreeMap<>();
    for (String line : (String[]) attribute("SegmentTiers")) {
      int space = line.indexOf(' ');
      tiers.put(line.substring(space + 1), line.substring(0, space));
    }
    return tiers;
  }

  /**
   * A counter of the MBean.
   *
   * @param name the attribute name, such as {@code Renames}
   * @return its value
   * @throws IOException when the connection fails
   */
  public long counter(String name) throws IOException {
    return (Long) attribute(name);
  }

  private Object attribute(String name) throws IOException {
    try {
      return server.getAttribute(new ObjectName(KafkaAdapterMXBean.OBJECT_NAME), name);
    } catch (JMException e) {
      throw new IllegalStateException("cannot read " + name + " of the adapter MBean", e);
    }
  }
}
