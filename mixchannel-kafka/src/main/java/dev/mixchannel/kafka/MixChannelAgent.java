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
package dev.mixchannel.kafka;

import dev.mixchannel.common.Version;
import dev.mixchannel.kafka.internal.AdapterSettings;
import dev.mixchannel.kafka.internal.AdviceRecord;
import dev.mixchannel.kafka.internal.FileRecordsTransformer;
import dev.mixchannel.kafka.internal.JvmStop;
import dev.mixchannel.kafka.internal.KafkaVersionCheck;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

/**
 * The Java agent that runs a stock Kafka 4.x broker on MixChannel:
 *
 * <pre>{@code
 * KAFKA_OPTS="-javaagent:/opt/mixchannel/mixchannel-kafka-<version>-agent.jar=/etc/kafka/mixchannel.properties" \
 *   bin/kafka-server-start.sh config/server.properties
 * }</pre>
 *
 * <p>The argument is a properties file with the tiers and the broker's {@code log.dirs} (it may be
 * the broker's {@code server.properties} itself). The agent validates it at once and checks that
 * the Kafka on the class path is one it was built for ({@code KafkaVersionCheck}: 4.1.1 to 4.4.x,
 * or the version {@code mixchannel.kafka.version.allow} names), so a bad file or another Kafka
 * stops the JVM with the reason before Kafka starts. Then it adds advice to {@code FileRecords}
 * (package {@code org.apache.kafka.common.record} up to Kafka 4.2, {@code
 * org.apache.kafka.common.record.internal} from 4.3) that hands {@code openChannel}, {@code
 * renameTo}, {@code updateParentDir} and {@code deleteIfExists} to {@link KafkaChannelFactory}, to
 * tiered storage's copy task and to {@code MetaPropertiesVersion.fromNumberString} (its log-dir
 * mark); a required method that is not matched exactly once when its class loads stops the JVM.
 */
public final class MixChannelAgent {

  private MixChannelAgent() {}

  /**
   * Entry point of {@code -javaagent}.
   *
   * @param argument the settings file path
   * @param instrumentation the JVM's instrumentation
   * @throws IOException when the settings file cannot be read
   * @throws IllegalArgumentException when the argument is missing or a setting is bad
   */
  public static void premain(String argument, Instrumentation instrumentation) throws IOException {
    install(argument, instrumentation);
  }

  /**
   * Entry point of a dynamic attach; {@code FileRecords} classes already loaded are retransformed,
   * but segments Kafka opened before stay on Kafka's own channels.
   *
   * @param argument the settings file path
   * @param instrumentation the JVM's instrumentation
   * @throws IOException when the settings file cannot be read
   * @throws IllegalArgumentException when the argument is missing or a setting is bad
   */
  public static void agentmain(String argument, Instrumentation instrumentation)
      throws IOException {
    install(argument, instrumentation);
  }

  private static void install(String argument, Instrumentation instrumentation) throws IOException {
    if (argument == null || argument.isBlank()) {
      throw new IllegalArgumentException(
          "MixChannel agent argument missing: expected"
              + " -javaagent:mixchannel-kafka-agent.jar=/path/to/mixchannel.properties");
    }
    AdapterSettings settings = AdapterSettings.load(Path.of(argument.trim()));
    String kafka =
        KafkaVersionCheck.check(ClassLoader.getSystemClassLoader(), settings.allowedKafkaVersion());
    AdviceRecord record = new AdviceRecord(Version.current(), kafka, new JvmStop());
    KafkaChannelFactory.install(settings, record);
    FileRecordsTransformer.install(instrumentation, record);
  }
}
