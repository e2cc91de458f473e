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

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The agent on JDK 25 (issue 17, item 4): a broker with the agent on Temurin 25 logs no warning
 * from the agent's Byte Buddy (it no longer prepares its Unsafe-based Nexus), and with the flags
 * docs/kafka/README.md documents for LLPL ({@code --enable-native-access=ALL-UNNAMED
 * --sun-misc-unsafe-memory-access=allow}) no JVM warning at all. Runs where the end-to-end tests
 * run and {@code -Dmixchannel.jdk25.java} (default Temurin 25's path) exists.
 */
@Tag("slow")
class Jdk25AgentTest {

  private static final List<String> FLAGS =
      List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");

  @Test
  void shouldStartBrokerWithAgentOnJdk25WithoutWarnings() throws Exception {
    BrokerTests.assumeOn();
    String java =
        System.getProperty("mixchannel.jdk25.java", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    assumeTrue(Files.isExecutable(Path.of(java)), "no JDK 25 at " + java);
    String id = BrokerTests.newId();
    Path home = BrokerTests.work().resolve("jdk25-" + id);
    Path pmem = TestFiles.pmemDirectory("jdk25-" + id, home);
    try (KafkaBroker broker =
        new KafkaBroker(home, BrokerTests.libs(), BrokerTests.pmemTier(pmem, "16m", "0.9"))
            .withJava(java)) {
      List<String> agent = BrokerTests.agent(broker.serverProperties());
      broker.format(Uuid.randomUuid().toString());
      broker.start(agent);
      RecordTraffic traffic = new RecordTraffic(broker.bootstrap(), "jdk25");
      traffic.createTopic(Map.of("segment.bytes", "1048576"));
      traffic.produce(0, 2_000);
      assertThat(traffic.consumeAndVerify(2_000)).isEqualTo(2_000);
      assertThat(broker.stop()).isIn(0, 143);
      List<String> plain = warnings(broker.home().resolve(broker.lastOutput()));
      assertThat(plain)
          .as("no warning names the agent's Byte Buddy")
          .noneMatch(w -> w.contains("bytebuddy"));

      List<String> withFlags = new ArrayList<>(agent);
      withFlags.addAll(FLAGS);
      broker.start(withFlags);
      assertThat(traffic.consumeAndVerify(2_000)).isEqualTo(2_000);
      assertThat(broker.stop()).isIn(0, 143);
      assertThat(warnings(broker.home().resolve(broker.lastOutput()))).isEmpty();
      assertThat(Files.readString(home.resolve("server.log")))
          .contains("MixChannel agent")
          .contains("on Kafka " + System.getProperty("mixchannel.kafka.version"));
      System.out.printf(
          "[jdk25] broker with the agent on %s: JVM warnings without flags %s, with %s none%n",
          java, plain, FLAGS);
      TestFiles.deleteTree(home);
    } finally {
      TestFiles.deleteTree(pmem);
    }
  }

  private static List<String> warnings(Path output) throws java.io.IOException {
    return Files.readAllLines(output).stream().filter(l -> l.startsWith("WARNING:")).toList();
  }
}
