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
