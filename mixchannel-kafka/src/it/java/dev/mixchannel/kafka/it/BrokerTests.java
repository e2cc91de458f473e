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

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What the broker tests share: whether they run ({@code -Dmixchannel.kafka.e2e=true}), where the it
 * module put the Kafka jars, the agent jar and a work directory (system properties its surefire
 * configuration sets), and the agent's settings of one PMem tier.
 */
final class BrokerTests {

  private BrokerTests() {}

  /** Skips the calling test class unless the broker tests are on. */
  static void assumeOn() {
    assumeTrue(isOn(), "end-to-end broker test off (-Dmixchannel.kafka.e2e=true turns it on)");
  }

  /**
   * Whether the broker tests are on.
   *
   * @return the value of {@code mixchannel.kafka.e2e}
   */
  static boolean isOn() {
    return Boolean.getBoolean("mixchannel.kafka.e2e");
  }

  /** The directory the brokers' homes go in. */
  static Path work() {
    return Path.of(System.getProperty("mixchannel.kafka.work"));
  }

  /** The directory of the Kafka jars. */
  static Path libs() {
    return Path.of(System.getProperty("mixchannel.kafka.libs"));
  }

  /** The agent jar. */
  static Path agentJar() {
    return Path.of(System.getProperty("mixchannel.kafka.agent"));
  }

  /** The JVM option that runs the agent with a settings file. */
  static List<String> agent(Path settings) {
    return List.of("-javaagent:" + agentJar() + "=" + settings);
  }

  /**
   * Runs {@code Evacuate} on a stopped broker's settings, bounded, and checks that it left nothing.
   *
   * @param broker the broker
   * @return the end of its output
   * @throws Exception when it fails or times out
   */
  static String evacuate(KafkaBroker broker) throws Exception {
    int exit =
        broker.runTool(
            List.of(agentJar()),
            "dev.mixchannel.kafka.Evacuate",
            "evacuate.log",
            broker.serverProperties().toString());
    String output = broker.tail("evacuate.log");
    org.assertj.core.api.Assertions.assertThat(exit).as(output).isZero();
    return output;
  }

  /** A short id for a test run's directories. */
  static String newId() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  /**
   * The agent's settings of one PMem tier (1 MiB extents, no pre-touch); the adapter adds the log
   * dirs as the last tier.
   *
   * @param dir the tier's directory
   * @param capacity the tier's capacity, such as {@code 24m}
   * @param threshold the share of it the policy keeps in use before demoting sealed segments
   * @return the settings, in an order-keeping mutable map
   */
  static Map<String, String> pmemTier(Path dir, String capacity, String threshold) {
    Map<String, String> tiers = new LinkedHashMap<>();
    tiers.put("mixchannel.tiers", "pmem");
    tiers.put("mixchannel.tier.pmem.kind", "PMEM");
    tiers.put("mixchannel.tier.pmem.paths", dir.toString());
    tiers.put("mixchannel.tier.pmem.capacity", capacity);
    tiers.put("mixchannel.pmem.extent.size", "1m");
    tiers.put("mixchannel.pmem.pretouch", "false");
    tiers.put("mixchannel.migrate.threshold", threshold);
    return tiers;
  }
}
