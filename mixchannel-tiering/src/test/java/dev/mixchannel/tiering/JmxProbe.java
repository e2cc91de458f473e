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
package dev.mixchannel.tiering;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;

/** Reads a manager's MXBean attributes through the platform MBean server. */
final class JmxProbe {
  private JmxProbe() {}

  static ObjectName managerName(TierManager manager) throws JMException {
    return new ObjectName("dev.mixchannel:type=TierManager,name=" + TierManagerHooks.id(manager));
  }

  static ObjectName tierName(TierManager manager, String tier) throws JMException {
    return new ObjectName(
        "dev.mixchannel:type=Tier,manager=" + TierManagerHooks.id(manager) + ",name=" + tier);
  }

  static Object attribute(ObjectName name, String attribute) throws JMException {
    return ManagementFactory.getPlatformMBeanServer().getAttribute(name, attribute);
  }

  static String lastError(TierManager manager) {
    try {
      return (String) attribute(managerName(manager), "LastError");
    } catch (JMException e) {
      throw new AssertionError(e);
    }
  }
}
