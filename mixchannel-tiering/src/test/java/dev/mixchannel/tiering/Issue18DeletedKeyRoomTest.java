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

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.api.SizeHint;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key deleted while a handle is open holds its room on a file tier until that handle closes, as
 * on a PMem tier, and nothing of it is left once the manager closed (issue 18, defect 7: a new 2
 * MiB key was placed in the room of a deleted 2.5 MiB one, and the deleted key's file outlived the
 * manager).
 */
class Issue18DeletedKeyRoomTest {
  private static final int MIB = 1 << 20;

  @TempDir Path dir;

  @Test
  void shouldPlaceANewKeyElsewhereWhileADeletedKeyHoldsTheRoom() throws Exception {
    try (TierManager m =
        TierManager.builder(TestConfigs.fileTiers(dir, 4L * MIB, -1).build())
            .startMigrator(false)
            .build()) {
      MixChannel deleted = m.open("a", CREATE, READ, WRITE);
      deleted.write(ByteBuffer.allocate(5 * MIB / 2));
      assertThat(m.delete("a")).isTrue();

      try (MixChannel b = m.open("b", CREATE, WRITE, SizeHint.of(2L * MIB))) {
        assertThat(b.tierName()).as("room held by the deleted key").isEqualTo("t1");
      }
      deleted.close();
      try (MixChannel c = m.open("c", CREATE, WRITE, SizeHint.of(2L * MIB))) {
        assertThat(c.tierName()).as("room freed at the last close").isEqualTo("t0");
      }
    }
  }

  @Test
  void shouldLeaveNoFileOfADeletedKeyWhenTheManagerClosesWithItsHandleOpen() throws Exception {
    MixChannel deleted;
    try (TierManager m =
        TierManager.builder(TestConfigs.fileTiers(dir, -1).build()).startMigrator(false).build()) {
      deleted = m.open("a", CREATE, READ, WRITE);
      deleted.write(ByteBuffer.allocate(MIB));
      m.delete("a");
    }
    assertThat(deleted.isOpen()).isFalse();
    try (Stream<Path> files = Files.walk(dir.resolve("t0"))) {
      assertThat(files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()))
          .containsOnly(".mixchannel.lock", ".mixchannel-tier");
    }
  }
}
