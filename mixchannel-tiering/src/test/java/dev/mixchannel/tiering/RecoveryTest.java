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

import static java.nio.file.StandardOpenOption.READ;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a manager brings the tiers back to one complete copy per key. */
class RecoveryTest {
  @TempDir Path dir;

  @Test
  @ExpectedLog(
      logger = "dev.mixchannel.tiering.internal.Recovery",
      contains = "key complete on two tiers, identical copies")
  void shouldDiscardIncompleteAndKeepTheFasterOfIdenticalCopiesWhenOpening() throws IOException {
    Files.createDirectories(dir.resolve("t0/topic"));
    Files.createDirectories(dir.resolve("t1/topic"));
    Files.writeString(dir.resolve("t0/topic/both.log"), "fast copy");
    Files.writeString(dir.resolve("t1/topic/both.log"), "fast copy");
    Files.writeString(dir.resolve("t1/topic/slow.log"), "only slow");
    Files.writeString(dir.resolve("t1/topic/half.log" + ".migrating"), "partial");
    Files.writeString(dir.resolve("t0/topic/slow.log" + ".migrating"), "partial");
    try (TierManager m =
        TierManager.builder(TestConfigs.fileTiers(dir, -1, -1).build())
            .startMigrator(false)
            .build()) {
      assertThat(m.keys()).containsExactly("topic/both.log", "topic/slow.log");
      assertThat(m.tierOf("topic/both.log")).isEqualTo("t0");
      assertThat(m.tierOf("topic/slow.log")).isEqualTo("t1");
      try (MixChannel ch = m.open("topic/both.log", READ)) {
        assertThat(new String(Bytes.readAll(ch))).isEqualTo("fast copy");
      }
      assertThat(m.stats().tier("t0").usedBytes()).isEqualTo(9);
      assertThat(m.stats().tier("t1").usedBytes()).isEqualTo(9);
    }
    assertThat(Files.exists(dir.resolve("t1/topic/both.log"))).isFalse();
    assertThat(Files.exists(dir.resolve("t1/topic/half.log.migrating"))).isFalse();
    assertThat(Files.exists(dir.resolve("t0/topic/slow.log.migrating"))).isFalse();
  }
}
