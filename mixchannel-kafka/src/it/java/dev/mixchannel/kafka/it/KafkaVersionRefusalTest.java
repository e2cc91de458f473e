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

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent refuses a Kafka it was not built for: a JVM with the agent and a real release outside
 * the tested range on its class path (the {@code kafka-clients} jar the it module copies, {@code
 * -Dmixchannel.kafka.outside.jar}) stops before its main class runs and says why; with {@code
 * mixchannel.kafka.version.allow} naming that release it runs.
 */
@Tag("slow")
class KafkaVersionRefusalTest {

  @TempDir Path temp;

  @Test
  void shouldStopJvmWhenKafkaIsOutsideTestedRangeUnlessTheSettingNamesIt() throws Exception {
    String jar = System.getProperty("mixchannel.kafka.outside.jar", "");
    assumeTrue(
        !jar.isEmpty(), "no Kafka release outside the range (-Dmixchannel.kafka.outside.jar)");
    String version = System.getProperty("mixchannel.kafka.outside.version");

    Run refused = run(jar, "");
    assertThat(refused.exit()).as(refused.output()).isNotZero();
    assertThat(refused.output())
        .contains("refuses to run on a Kafka it was not built for: version=" + version)
        .contains("mixchannel.kafka.version.allow=" + version)
        .doesNotContain(AgentProbe.RAN);

    Run allowed = run(jar, version);
    assertThat(allowed.exit()).as(allowed.output()).isZero();
    assertThat(allowed.output()).contains(AgentProbe.RAN);
    System.out.printf(
        "[version check] Kafka %s refused (exit %d), run with %s=%s%n",
        version, refused.exit(), "mixchannel.kafka.version.allow", version);
  }

  private record Run(int exit, String output) {}

  private Run run(String kafkaJar, String allow) throws Exception {
    Path settings = temp.resolve("settings-" + allow + ".properties");
    List<String> lines = new ArrayList<>();
    BrokerTests.pmemTier(temp.resolve("pmem"), "8m", "0.5")
        .forEach((k, v) -> lines.add(k + "=" + v));
    lines.add("log.dirs=" + temp.resolve("logs"));
    if (!allow.isEmpty()) {
      lines.add("mixchannel.kafka.version.allow=" + allow);
    }
    Files.write(settings, lines, StandardCharsets.ISO_8859_1);
    String classes =
        Path.of(AgentProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString();
    List<String> command =
        List.of(
            ProcessHandle.current().info().command().orElse("java"),
            "-javaagent:" + BrokerTests.agentJar() + "=" + settings,
            "-cp",
            classes + File.pathSeparator + kafkaJar,
            AgentProbe.class.getName());
    Path output = temp.resolve("probe-" + allow + ".log");
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError("the probe JVM did not end in 60 s: " + Files.readString(output));
    }
    return new Run(process.exitValue(), Files.readString(output));
  }
}
