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
