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

import dev.mixchannel.testkit.crash.AckedWrites;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, item 2, with a real kill -9: a key renamed away and a key deleted while each had a
 * stale copy on the file tier do not come back when the process is killed before anything else
 * removes the copies; the renamed key keeps every acknowledged byte. Before the fix the
 * renamed-away key came back with its old bytes.
 */
@Tag("slow")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Recovery",
    contains = "key complete on two tiers, identical copies")
class StaleCopyCrashTest {
  @TempDir Path dir;

  @Test
  void shouldNotBringBackARenamedOrDeletedKeyAfterAKill() throws Exception {
    Path root = dir.resolve("root");
    try (ShmDir shm = ShmDir.create(dir)) {
      Path pool = shm.resolve("pool");
      Map<String, Long> acked =
          AckedWrites.runUntilKilled(
              StaleCopyCrashChild.class,
              dir.resolve("child.log"),
              "READY",
              0,
              Duration.ofSeconds(60),
              root.toString(),
              pool.toString());
      try (TierManager m =
          TierManager.builder(StaleCopyCrashChild.config(root, pool))
              .startMigrator(false)
              .build()) {
        assertThat(m.divergentKeys()).isEmpty();
        assertThat(m.keys()).containsExactly(StaleCopyCrashChild.NEW_NAME);
        try (MixChannel ch = m.open(StaleCopyCrashChild.NEW_NAME, READ)) {
          AckedWrites.assertPresent(
              ch, StaleCopyCrashChild.RENAMED, acked.get(StaleCopyCrashChild.RENAMED));
        }
      }
    }
  }
}
