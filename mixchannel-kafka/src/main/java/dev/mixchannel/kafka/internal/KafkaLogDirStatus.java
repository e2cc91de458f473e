package dev.mixchannel.kafka.internal;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Reads, in the broker's own JVM, the gauge Kafka's {@code LogManager} keeps per log dir: {@code
 * kafka.log:type=LogManager,name=LogDirectoryOffline,logDirectory=<dir>}, 1 while Kafka holds the
 * log dir offline. Without the gauge (not a broker, or Kafka not started yet) a log dir is not
 * offline by this account; the reconciler still checks that it answers. Thread-safe.
 */
final class KafkaLogDirStatus implements LogDirStatus {
  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

  @Override
  public boolean isOffline(Path logDir) {
    try {
      Set<ObjectName> names =
          server.queryNames(
              new ObjectName("kafka.log:type=LogManager,name=LogDirectoryOffline,*"), null);
      String wanted = logDir.toAbsolutePath().normalize().toString();
      for (ObjectName name : names) {
        String dir = name.getKeyProperty("logDirectory");
        if (dir != null && unquote(dir).equals(wanted)) {
          Object value = server.getAttribute(name, "Value");
          return value instanceof Number n && n.intValue() != 0;
        }
      }
      return false;
    } catch (JMException | RuntimeException e) {
      return false;
    }
  }

  private static String unquote(String value) {
    return value.startsWith("\"") ? ObjectName.unquote(value) : value;
  }
}
