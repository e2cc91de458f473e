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

import dev.mixchannel.kafka.it.AgentClassLoadBenchmark.Load;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link AgentClassLoadBenchmark} with {@code -Dmixchannel.kafka.classload.bench=true} (off
 * otherwise; {@code -Dmixchannel.kafka.classload.bench.rounds}, default 5). It checks that the
 * agent's JVM loaded every class the stock one did; it asserts no timing.
 */
@Tag("slow")
class AgentClassLoadBenchmarkTest {

  @Test
  void shouldLoadTheSameClassesWithAndWithoutTheAgentWhenBenchmarkOn(@TempDir Path work)
      throws Exception {
    assumeTrue(
        Boolean.getBoolean("mixchannel.kafka.classload.bench"),
        "class-load benchmark off (-Dmixchannel.kafka.classload.bench=true runs it)");
    int rounds = Integer.getInteger("mixchannel.kafka.classload.bench.rounds", 5);

    List<Load> loads =
        new AgentClassLoadBenchmark(
                Path.of(System.getProperty("mixchannel.kafka.libs")),
                Path.of(System.getProperty("mixchannel.kafka.agent")),
                work)
            .run(rounds);

    System.out.print(AgentClassLoadBenchmark.table(loads));
    assertThat(loads).hasSize(rounds * 2);
    assertThat(loads).extracting(Load::loaded).containsOnly(loads.get(0).loaded());
    assertThat(loads.get(0).loaded()).isGreaterThan(1000);
  }
}
