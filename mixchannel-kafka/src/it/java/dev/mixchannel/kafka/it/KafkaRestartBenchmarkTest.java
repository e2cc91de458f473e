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

import dev.mixchannel.kafka.it.KafkaRestartBenchmark.Restart;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link KafkaRestartBenchmark} with {@code -Dmixchannel.kafka.restart.bench=true} (off
 * otherwise: two brokers with 2,000 partitions restarted several times take minutes, so CI does not
 * pay for it). It measures and checks that every partition came back with its records; it asserts
 * no timing.
 */
@Tag("slow")
class KafkaRestartBenchmarkTest {

  @Test
  void shouldRestartEveryPartitionWithItsRecordsWhenBenchmarkOn() throws Exception {
    assumeTrue(
        Boolean.getBoolean("mixchannel.kafka.restart.bench"),
        "restart benchmark off (-Dmixchannel.kafka.restart.bench=true runs it)");
    RestartSettings settings = RestartSettings.fromSystemProperties();

    RestartReport report =
        new KafkaRestartBenchmark(
                Path.of(System.getProperty("mixchannel.kafka.libs")),
                Path.of(System.getProperty("mixchannel.kafka.agent")),
                settings)
            .run();

    System.out.print(report.table());
    Files.writeString(
        settings.out().resolve("kafka-restart.md"), report.table(), StandardCharsets.UTF_8);
    assertThat(report.restarts()).hasSize(settings.rounds() * 4);
    assertThat(report.restarts()).extracting(Restart::seconds).allMatch(s -> s > 0);
  }
}
